import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, expect, request as playwrightRequest, test } from '../support/test.ts';
import { adminStatePath } from '../support/admin-session.ts';
import { seriousViolations } from './a11y.ts';
import { waitForMail } from './mail.ts';

/**
 * Orders in the admin area end to end (find an order by ICCID, change its status with a note
 * and notify the customer), in Debian's Chromium against the built store
 * (NODE_ENV=production, e-mail to the loopback SMTP mailbox). A guest buys a plan through the
 * API the checkout page uses; the admin (made by `admin.setup.ts`, signed in from its saved state)
 * finds the order by the eSIM's ICCID on `/admin/orders`, opens it, changes its status with a note
 * and "e-mail the customer", sees the change and the e-mail on the timeline, and the e-mail
 * arrives. The list and the order screen are photographed at 1280 and 360 px and checked with axe.
 */
test.use({ storageState: adminStatePath() });

interface Bought {
  orderNumber: string;
  email: string;
  iccid: string;
}

/**
 * Buys one prepaid Turkey plan by card as a guest of its own (no admin cookie), in `language`, and
 * waits for its eSIM.
 */
async function buyOrder(baseURL: string, language: 'en' | 'de' = 'en'): Promise<Bought> {
  // Explicitly no cookies: contexts made in a test inherit the file's `storageState` (the admin's).
  const api: APIRequestContext = await playwrightRequest.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const session = randomUUID();
    const email = `admin-orders-${randomUUID().slice(0, 8)}@example.com`;
    const { products } = (await (await api.get('/api/products?country=TR&type=prepaid')).json()) as {
      products: { productId: number }[];
    };
    const added = await api.post('/api/cart', {
      headers: { 'X-Session-Id': session },
      data: { productId: products[0]!.productId, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(201);
    const tokenised = await api.post('/api/payments/sandbox/tokens', {
      headers: { 'X-Session-Id': session },
      data: {
        cardholderName: 'Lena Schmidt',
        cardNumber: '4242424242424242',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 2,
        cvv: '123',
      },
    });
    expect(tokenised.status()).toBe(201);
    const { token } = (await tokenised.json()) as { token: string };
    const checkout = await api.post('/api/checkout', {
      headers: { 'X-Session-Id': session, 'Idempotency-Key': `e2e-admin-orders-${randomUUID()}` },
      data: {
        customer: { fullName: 'Lena Schmidt', email },
        payment: { method: 'card', token },
        acceptTerms: true,
        language,
      },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);
    const { orderNumber } = (await checkout.json()) as { orderNumber: string };
    let iccid = '';
    await expect
      .poll(
        async () => {
          const order = (await (
            await api.get(`/api/orders/${orderNumber}`, { headers: { 'X-Session-Id': session } })
          ).json()) as { status: string; esims: { iccid: string }[] };
          iccid = order.esims[0]?.iccid ?? '';
          return order.status;
        },
        { timeout: 30_000 },
      )
      .toBe('completed');
    return { orderNumber, email, iccid };
  } finally {
    await api.dispose();
  }
}

const toast = (page: Page, title: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

async function screenshot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

test.describe('admin orders', () => {
  test('finds an order by ICCID, changes its status with a note, notifies the customer and shows it on the timeline', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const bought = await buyOrder(baseURL!, 'de');

    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill(bought.iccid);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${bought.iccid}`));
    await expect(page.getByText('searched by ICCID')).toBeVisible();
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('link', { name: bought.orderNumber })).toBeVisible();
    await expect(table).toContainText(bought.email);
    await screenshot(page, 'orders-search-1280');

    // The view is in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(bought.iccid);

    await table.getByRole('link', { name: bought.orderNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${bought.orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: bought.orderNumber })).toBeVisible();
    await expect(page.getByRole('region', { name: 'eSIMs' })).toContainText(bought.iccid);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Processing → Completed');

    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: `Change the status of ${bought.orderNumber}` });
    await expect(dialog).toBeVisible();
    // From completed the table allows only a refund.
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await dialog.getByRole('radio', { name: 'Refunded' }).check();
    await expect(dialog).toContainText('refund policy');
    await dialog.getByLabel('Note').fill('Trip cancelled: refund agreed on the phone.');
    await dialog.getByRole('checkbox', { name: /E-mail the customer about the new status \(in German\)/ }).check();
    await page.screenshot({ path: test.info().outputPath('status-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await expect(toast(page, 'Status changed to Refunded')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(timeline).toContainText('Completed → Refunded');
    await expect(timeline).toContainText('Trip cancelled: refund agreed on the phone.');
    const mail = await waitForMail(page.request, {
      to: bought.email,
      subject: new RegExp(`Ihre Bestellung ${bought.orderNumber} wurde erstattet`),
    });
    expect(mail.text).toContain('Erstattet');

    // The e-mail shows on the timeline with who asked, and opens in the Outbox.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(timeline).toContainText(`E-mail: Ihre Bestellung ${bought.orderNumber} wurde erstattet`, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    const entry = timeline.getByRole('listitem').filter({ hasText: 'wurde erstattet' });
    await expect(entry).toContainText('(admin)');
    await expect(entry.getByRole('link', { name: 'Open the copy' })).toHaveAttribute(
      'href',
      /\/admin\/outbox\?id=\d+$/,
    );
    await screenshot(page, 'order-detail-1280');

    // An internal note.
    await page.getByLabel('Add an internal note').fill('Customer thanked us.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(toast(page, 'Note added')).toBeVisible();
    await expect(timeline.getByRole('listitem').first()).toContainText('Customer thanked us.');
  });

  test('filters the list by status in the address, and notifies a customer of the current status', async ({
    page,
    baseURL,
  }) => {
    const bought = await buyOrder(baseURL!);
    await page.goto('/admin/orders?status=completed&sort=newest');
    await expect(page.getByRole('button', { name: 'Completed', pressed: true })).toBeVisible();
    await page.getByRole('button', { name: 'Pending', pressed: false }).click();
    await expect(page).toHaveURL(/status=pending%2Ccompleted|status=pending,completed/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);

    await page.goto(`/admin/orders/${bought.orderNumber}`);
    await page.getByRole('button', { name: 'Notify customer' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'E-mail the customer?' });
    await expect(confirm).toContainText('“Completed”');
    await confirm.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(toast(page, 'Notification queued')).toBeVisible();
    await waitForMail(page.request, {
      to: bought.email,
      subject: new RegExp(`Your order ${bought.orderNumber} is complete`),
    });
  });
});

test.describe('admin orders at 360 px', () => {
  test.use({ bypassCSP: true, viewport: { width: 360, height: 740 } });

  test('the list and the order screen fit, work by keyboard and have no serious axe violation', async ({
    page,
    baseURL,
  }) => {
    const bought = await buyOrder(baseURL!);
    await page.goto(`/admin/orders?q=${bought.orderNumber}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Orders' });
    await expect(cards.getByRole('link', { name: bought.orderNumber })).toBeVisible();
    // The filters fold under a button at this width.
    const filters = page.getByRole('button', { name: 'Filters' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Processing' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'orders-360');

    await cards.getByRole('link', { name: bought.orderNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: bought.orderNumber })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'order-detail-360');
  });
});
