import { type Page, expect, test } from '../support/test.ts';
import { visitorWithCart } from './visitor.ts';

/**
 * Layout shifts of the cart and the checkout (CLS at most 0.02, decision record 0023). Both pages are
 * server-rendered with the cart of the `visitor_session` cookie, the checkout with the payment
 * methods too (decision record 0028); without the cookie they are rendered as layout and loading
 * state, and the cart (`GET /api/cart`) and the payment methods (`GET /api/payments/config`:
 * wallet row, PayPal option, card fields) come later in the browser. Their arrival must move
 * nothing already on the screen, also when they come a second late (a weak connection), on a
 * phone and on a desktop.
 */

/** The CLS budget of the storefront (decision record 0023). */
const MAX_CLS = 0.02;

/** Delays the cart and the payment methods by `ms`, so that their arrival is a separate frame. */
async function slowApi(page: Page, ms: number): Promise<void> {
  await page.route(/\/api\/(cart|payments\/config)(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Starts summing the page's layout shifts (not those after input) from its first byte. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as Window & { __layoutShift?: number };
    w.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__layoutShift! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as Window & { __layoutShift?: number }).__layoutShift ?? 0);

const viewports = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

test.describe('cart and checkout layout', () => {
  for (const viewport of viewports) {
    test(`the cart's lines and summary arrive without a layout shift (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await visitorWithCart(page);
      await recordShifts(page);
      await slowApi(page, 1_000);
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThanOrEqual(MAX_CLS);
    });

    test(`the checkout's summary, form and payment methods arrive without a layout shift (${viewport.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await visitorWithCart(page);
      await recordShifts(page);
      await slowApi(page, 1_000);
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
      // The payment part comes with the form: the wallet row (Chromium has the Payment Request API)
      // and the card fields are there as soon as the form is.
      await expect(page.getByRole('button', { name: 'Buy with Google Pay' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Card number/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /Complete purchase/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThanOrEqual(MAX_CLS);
    });
  }
});
