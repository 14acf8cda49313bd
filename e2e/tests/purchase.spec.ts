import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { text } from './i18n.ts';
import { extractPortalToken, waitForMail } from './mail.ts';
import { useSession, visitorWithCart } from './visitor.ts';

/** The header's cart link, named 'Cart' or 'Cart, {n} item(s)'. */
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

/** A card expiry two years ahead, as typed: month and four-digit year. */
const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

/** A visitor whose cart holds two Turkey plans, the first twice (3 eSIMs). */
const seedCart = (page: Page) => visitorWithCart(page, [2, 1]);

/** Fills the contact fields and accepts the terms (English labels). */
async function fillContactAndTerms(page: Page) {
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('E-mail', { exact: true }).fill('ada@example.com');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
}

/** Fills the card fields (card payment is the default method). */
async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill(EXPIRY_YEAR);
  await page.getByLabel('Security code (CVC)').fill('123');
}

/**
 * The confirmation page of a paid order shows every eSIM with ICCID, activation code and QR
 * image, and the portal access token.
 */
async function expectEsims(page: Page, count: number) {
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-[A-Z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const orderNumber = /\/order-confirmation\/(ORD-[A-Z0-9-]+)$/.exec(page.url())![1]!;
  await expect(page.getByText(orderNumber, { exact: true })).toBeVisible();
  const esims = page.getByRole('region', { name: 'Your eSIMs' }).getByRole('article');
  await expect(esims).toHaveCount(count, { timeout: 30_000 });
  for (let i = 0; i < count; i++) {
    const esim = esims.nth(i);
    await expect(esim.getByText(/^\d{19,20}$/)).toBeVisible();
    await expect(esim.getByText(/^LPA:1\$/)).toBeVisible();
    const qr = esim.getByRole('img', { name: /^QR code to install the eSIM with ICCID \d{19,20}$/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(esim.getByRole('link', { name: 'Download QR' })).toHaveAttribute('download', /^\d{19,20}\.png$/);
    await expect(esim.getByRole('link', { name: 'Add to iPhone' })).toHaveAttribute(
      'href',
      /^https:\/\/esimsetup\.apple\.com\//,
    );
  }
  await expect(page.getByRole('region', { name: 'Your portal access token' }).locator('code')).toHaveText(/\S{16,}/);
  return orderNumber;
}

test.describe('purchase', () => {
  test('from the home page to the confirmation, paying by card', async ({ page }) => {
    // One journey across several page loads: give it the slow-test budget rather than split it.
    test.slow();
    await page.goto('/');
    await page.getByRole('link', { name: /^Turkey/ }).click();
    await expect(page).toHaveURL(/\/en\/turkey$/);
    await page
      .getByRole('link', { name: /View details/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

    await page.goto('/en/turkey');
    await page
      .getByRole('link', { name: /View details/ })
      .nth(1)
      .click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

    await cartLink(page).click();
    const lines = page.getByRole('region', { name: 'Plans in your cart' }).getByRole('article');
    await expect(lines).toHaveCount(2);
    await lines
      .first()
      .getByRole('button', { name: /^Increase quantity of Turkey/ })
      .click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('listitem')).toHaveCount(2);
    await expect(summary.getByText('2 × $', { exact: false })).toBeVisible();

    await fillContactAndTerms(page);
    await fillCard(page, '4242424242424242');
    // Grouped as typed, with the brand shown.
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByRole('group', { name: 'Card details' }).getByText('Visa', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Complete purchase' }).click();

    const orderNumber = await expectEsims(page, 3);
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart');

    // The confirmation e-mail reaches the buyer over real SMTP (the test mailbox) with what the page shows.
    const codes = await page
      .getByRole('region', { name: 'Your eSIMs' })
      .getByText(/^LPA:1\$/)
      .allTextContents();
    expect(codes).toHaveLength(3);
    const tokenCode = page.getByRole('region', { name: 'Your portal access token' }).locator('code');
    const accessToken = (await tokenCode.textContent())?.trim() ?? '';
    expect(accessToken).toMatch(/\S{16,}/);
    const mail = await waitForMail(page.request, { to: 'ada@example.com', subject: new RegExp(orderNumber) });
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toContain('orders@roamwise.example');
    for (const code of codes) expect(mail.text).toContain(code);
    expect(mail.text).toContain(accessToken);
    // Its portal link signs in with the same token, in the fragment, on this server.
    expect(extractPortalToken(mail)).toBe(accessToken);
    expect(mail.text).toContain(`${new URL(page.url()).origin}/portal#token=${encodeURIComponent(accessToken)}`);
  });

  test('a second tab paying the same cart opens the order the first tab paid instead of charging again', async ({
    page,
  }) => {
    const sessionId = await seedCart(page);
    const other = await page.context().newPage();
    await useSession(other, sessionId);
    for (const tab of [page, other]) {
      await tab.goto('/checkout');
      await fillContactAndTerms(tab);
      await fillCard(tab, '4242424242424242');
    }
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    const orderNumber = await expectEsims(page, 3);

    // One cart, one checkout (decision record 0024): the server names the order, and the tab shows it.
    await other.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(other).toHaveURL(new RegExp(`/order-confirmation/${orderNumber}$`));
    await expect(other.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(other.getByText(orderNumber, { exact: true })).toBeVisible();
  });

  test('pays with PayPal after approving on the PayPal page', async ({ page }) => {
    test.slow();
    await seedCart(page);
    await page.goto('/checkout');
    await fillContactAndTerms(page);
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByRole('button', { name: 'Complete purchase' }).click();

    await expect(page).toHaveURL(/\/sandbox\/paypal\/[^/]+$/);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expectEsims(page, 3);
    await expect(page.getByRole('definition').filter({ hasText: /^PayPal$/ })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart');
    // The success page replaced itself in the history.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/checkout\/success/);
  });

  test('a cancelled PayPal payment returns to the checkout with the cart intact', async ({ page }) => {
    await seedCart(page);
    await page.goto('/checkout');
    await fillContactAndTerms(page);
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(page).toHaveURL(/\/sandbox\/paypal\/[^/]+$/);
    await page.getByRole('button', { name: 'Cancel and return' }).click();

    await expect(page).toHaveURL(/\/checkout\?paypal=cancelled/);
    await expect(page.getByText('PayPal payment cancelled')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order summary' }).getByRole('listitem')).toHaveCount(2);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  });

  test('a declined card shows the provider message and keeps the form and the cart', async ({ page }) => {
    await seedCart(page);
    await page.goto('/checkout');
    await fillContactAndTerms(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Complete purchase' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
    await expect(alert).toContainText('Your card was declined.');
    await expect(alert).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
    await expect(page.getByRole('button', { name: 'Complete purchase' })).toBeEnabled();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Order summary' }).getByRole('listitem')).toHaveCount(2);
  });

  test('field errors appear next to their fields in the visitor’s language', async ({ page }) => {
    await seedCart(page);
    await page.goto('/checkout?lng=de');
    const de = (key: string, values: Record<string, string | number> = {}) => text('de', 'checkout', key, values);
    await expect(page.getByRole('heading', { level: 1, name: de('title') })).toBeVisible();
    await page.getByLabel(de('contact.email'), { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: de('submit.card') }).click();

    const fullName = page.getByLabel(de('contact.fullName'));
    await expect(fullName).toBeFocused();
    await expect(fullName).toHaveAttribute('aria-invalid', 'true');
    await expect(fullName).toHaveAccessibleDescription(de('errors.required'));
    await expect(page.getByLabel(de('contact.email'), { exact: true })).toHaveAccessibleDescription(de('errors.email'));
    // The card fields are shared with the portal's top-up: their texts are in the `payment` namespace.
    await expect(page.getByLabel(text('de', 'payment', 'cardNumber'))).toHaveAccessibleDescription(
      text('de', 'payment', 'errors.cardNumber'),
    );
    await expect(page.getByText(de('errors.terms'))).toBeVisible();

    // Fixing a field clears its error as it is typed.
    await fullName.fill('Ada Lovelace');
    await expect(fullName).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('an unknown order says the page is private, as for anyone else’s order (order-private.spec.ts)', async ({
    page,
  }) => {
    await page.goto('/order-confirmation/ORD-NOSUCHORDER1');
    await expect(page.getByRole('heading', { level: 1, name: 'This order page is private' })).toBeVisible();
    await expect(page.getByText('Order Not Found')).toHaveCount(0);
  });

  test.describe('accessibility', () => {
    // axe-core is injected as an inline script, which the store's Content-Security-Policy forbids.
    test.use({ bypassCSP: true });

    test('axe finds no serious or critical violation on /checkout, also with errors shown', async ({ page }) => {
      await seedCart(page);
      await page.goto('/checkout');
      await expect(page.getByRole('button', { name: 'Complete purchase' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Add billing address').check();
      await page.getByRole('button', { name: 'Complete purchase' }).click();
      await expect(page.getByLabel('Full name')).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('axe finds no serious or critical violation on the confirmation page', async ({ page }) => {
      const sessionId = await seedCart(page);
      const token = await page.request.post('/api/payments/sandbox/tokens', {
        data: {
          cardholderName: 'Ada Lovelace',
          cardNumber: '4242424242424242',
          expiryMonth: 12,
          expiryYear: Number(EXPIRY_YEAR),
          cvv: '123',
        },
      });
      expect(token.status()).toBe(201);
      const checkout = await page.request.post('/api/checkout', {
        headers: { 'X-Session-Id': sessionId, 'Idempotency-Key': randomUUID() },
        data: {
          customer: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
          payment: { method: 'card', token: ((await token.json()) as { token: string }).token },
          acceptTerms: true,
          language: 'en',
        },
      });
      expect(checkout.status()).toBe(201);
      const { orderNumber, accessToken } = (await checkout.json()) as { orderNumber: string; accessToken: string };
      // The e-mail's link carries the token in the fragment; the page keeps it and clears the address bar.
      await page.goto(`/order-confirmation/${orderNumber}#token=${accessToken}`);
      await expectEsims(page, 3);
      await expect(page.getByRole('region', { name: 'Your portal access token' }).locator('code')).toHaveText(
        accessToken,
      );
      expect(new URL(page.url()).hash).toBe('');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/checkout and the confirmation work at 360 px without horizontal overflow', async ({ page }) => {
      test.slow();
      await seedCart(page);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto('/checkout');
      await expect(page.getByRole('button', { name: 'Complete purchase' })).toBeVisible();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await fillContactAndTerms(page);
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Complete purchase' }).click();
      await expectEsims(page, 3);
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  });
});
