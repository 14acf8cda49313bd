import { expect, test } from '../../support/test.ts';
import {
  CARDS,
  STRIPE_FAKE,
  challenge,
  expectProvisioned,
  fillContactAndTerms,
  fillStripeCard,
  openStripeCheckout,
  paymentElement,
  visitorWithTurkeyPlan,
  watchCsp,
} from './journeys.ts';

/**
 * Cards through Stripe in the browser (decision record 0019): the Payment Element (Stripe.js from
 * `STRIPE_JS_URL`, here the Stripe fake's stand-in) with no card field of the store's, 3-D Secure
 * through `handleNextAction` and `POST /api/orders/{n}/payment/confirm`, Google Pay through the
 * Express Checkout Element, and the payment page's CSP that allows exactly the Stripe origins.
 */
test.describe('Stripe Payment Element', () => {
  test('3-D Secure completed: the order is paid and provisioned at eSIM Go', async ({ page }) => {
    test.slow();
    const problems = await watchCsp(page);
    await visitorWithTurkeyPlan(page);
    const response = await openStripeCheckout(page);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain(`script-src 'self' ${STRIPE_FAKE}`);
    expect(csp).toContain(`frame-src 'self' ${STRIPE_FAKE}`);
    expect(csp).not.toContain("'unsafe-inline'");
    await fillContactAndTerms(page);
    // SAQ A: the store's page has no card field; the card is typed into Stripe's frame.
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByLabel('Name on card')).toHaveCount(0);
    await fillStripeCard(page, CARDS.threeDs);
    await page.getByRole('button', { name: 'Complete purchase' }).click();

    const dialog = page.getByRole('dialog', { name: '3D Secure' });
    await expect(dialog).toBeVisible();
    await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
    await expect(dialog).toHaveCount(0);
    await expectProvisioned(page);
    await expect(page.getByText('Visa ending in 3184')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('3-D Secure failed: the reason is shown, and another card pays', async ({ page }) => {
    test.slow();
    await visitorWithTurkeyPlan(page);
    await openStripeCheckout(page);
    await fillContactAndTerms(page);
    await fillStripeCard(page, CARDS.threeDs);
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await challenge(page).getByRole('button', { name: 'Fail authentication' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/authenticate/i);
    await expect(page).toHaveURL(/\/checkout$/);

    await paymentElement(page).getByLabel('Card number').fill(CARDS.succeeds);
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await expectProvisioned(page);
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  });

  test('a declined card is refused with the bank reason and nothing is provisioned', async ({ page }) => {
    await visitorWithTurkeyPlan(page);
    await openStripeCheckout(page);
    await fillContactAndTerms(page);
    await fillStripeCard(page, CARDS.declined);
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/declined/i);
  });

  test('an incomplete card is reported by the Payment Element, nothing is ordered', async ({ page }) => {
    await visitorWithTurkeyPlan(page);
    await openStripeCheckout(page);
    await fillContactAndTerms(page);
    await paymentElement(page).getByLabel('Card number').fill('4242 4242');
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(paymentElement(page).getByRole('alert')).toHaveText('Your card number is incomplete.');
    await expect(page.getByRole('alert').filter({ hasText: 'Please check your card details' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('Google Pay through the Express Checkout Element', async ({ page }) => {
    test.slow();
    await visitorWithTurkeyPlan(page);
    await openStripeCheckout(page);
    const express = page.frameLocator('iframe[title="Secure express checkout frame"]');
    const googlePay = express.getByRole('button', { name: 'Buy with Google Pay' });
    // The form is checked first: without contact details no wallet sheet opens.
    await googlePay.click();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByRole('dialog', { name: 'Google Pay' })).toHaveCount(0);

    await fillContactAndTerms(page);
    await googlePay.click();
    const sheet = page.frameLocator('iframe[title="Wallet payment sheet"]');
    await sheet.getByRole('button', { name: /^Pay / }).click();
    await expectProvisioned(page);
  });

  test('reached from the cart by client-side navigation, the page reloads under the payment CSP', async ({ page }) => {
    const problems = await watchCsp(page);
    await visitorWithTurkeyPlan(page);
    await page.goto('/cart');
    await page
      .getByRole('link', { name: /checkout/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('screenshots of the checkout with the Payment Element (360 and 1280 px)', async ({ page }) => {
    await visitorWithTurkeyPlan(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/checkout');
      await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
      await page.getByText('Express checkout', { exact: true }).scrollIntoViewIfNeeded();
      // No horizontal scrolling at 360 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `/tmp/shots12/checkout-stripe-${width}.png` });
    }
  });
});
