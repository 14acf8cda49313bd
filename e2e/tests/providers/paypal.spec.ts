import { expect, test } from '../../support/test.ts';
import { expectProvisioned, fillContactAndTerms, openStripeCheckout, visitorWithTurkeyPlan } from './journeys.ts';

/**
 * PayPal through PayPal REST (decision record 0019) against the PayPal fake: the order is created with its
 * approval link, the buyer approves (or cancels) on the fake's page and comes back to the store.
 */
test.describe('PayPal approval', () => {
  test('approve: back to the store, captured, provisioned', async ({ page }) => {
    test.slow();
    await visitorWithTurkeyPlan(page);
    await openStripeCheckout(page);
    await fillContactAndTerms(page);
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:5192\/checkoutnow\?token=/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectProvisioned(page);
  });

  test('cancel: back to the checkout with the message, the cart kept', async ({ page }) => {
    await visitorWithTurkeyPlan(page);
    await openStripeCheckout(page);
    await fillContactAndTerms(page);
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:5192\/checkoutnow\?token=/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.getByText('PayPal payment cancelled')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  });
});
