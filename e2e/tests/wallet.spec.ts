import { expect, test } from '../support/test.ts';
import { visitorWithCart } from './visitor.ts';

/**
 * Google Pay on the sandbox store (decision record 0019): Chromium has the Payment
 * Request API, so the simulated Google Pay button shows; the rest of the form is checked first,
 * the simulated sheet shows the amount and the test card, and "Pay" goes through the normal
 * checkout with `payment.wallet: 'google_pay'`.
 */
test.describe('wallets (sandbox simulation)', () => {
  test('Google Pay: form checked first, then the sheet pays and the order is confirmed', async ({ page }) => {
    test.slow();
    await visitorWithCart(page);
    await page.goto('/checkout');
    const googlePay = page.getByRole('button', { name: 'Buy with Google Pay' });
    await expect(googlePay).toBeVisible();
    // No Apple Pay in Chromium.
    await expect(page.getByRole('button', { name: 'Buy with Apple Pay' })).toHaveCount(0);

    await googlePay.click();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The card fields are not required for a wallet payment.
    await expect(page.getByText('Please enter a valid card number.')).toHaveCount(0);

    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('E-mail', { exact: true }).fill('grace@example.com');
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await googlePay.click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay (test mode)' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Visa •••• 4242');
    await page.screenshot({ path: '/tmp/shots12/sandbox-wallet-sheet-1280.png' });
    // Cancel keeps everything as it is.
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout$/);

    await googlePay.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Pay \$/ })
      .click();
    await expect(page).toHaveURL(/\/order-confirmation\/ORD-[A-Z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  });
});
