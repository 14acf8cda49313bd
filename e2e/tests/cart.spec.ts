import { type Page, expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { visitorWithCart } from './visitor.ts';

/** Reads a US dollar amount such as '$12.34' as cents. */
function cents(text: string | null): number {
  const match = /\$([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`No price in "${text}"`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

/** The header's cart link, named 'Cart' or 'Cart, {n} item(s)'. */
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

/** A visitor whose cart holds two Turkey plans, the first twice. */
async function seedCart(page: Page): Promise<void> {
  await visitorWithCart(page, [2, 1]);
}

test.describe('cart', () => {
  test('add plans, change a quantity, remove a line and clear the cart', async ({ page }) => {
    // One journey across five page loads: give it the slow-test budget rather than split it.
    test.slow();
    await page.goto('/en/turkey');
    await expect(cartLink(page)).toHaveAccessibleName('Cart');
    await page
      .getByRole('link', { name: /View details/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(cartLink(page)).toHaveText('1');
    await expect(page.getByText('Added to Cart')).toBeVisible();

    await page.goto('/en/turkey');
    await page
      .getByRole('link', { name: /View details/ })
      .nth(1)
      .click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    const lines = page.getByRole('region', { name: 'Plans in your cart' }).getByRole('article');
    await expect(lines).toHaveCount(2);
    await expect(page.getByText('2 items', { exact: true })).toBeVisible();
    await expect(lines.first().getByRole('heading', { level: 3 })).toContainText('Turkey');
    await expect(lines.first().getByText(/^\d+ days?$/)).toBeVisible();

    const summary = page.getByRole('region', { name: 'Order summary' });
    const total = summary.getByRole('definition').last();
    const totalBefore = cents(await total.textContent());
    const unitPrice = cents(
      await lines
        .first()
        .getByText(/ each$/)
        .textContent(),
    );

    // The stepper raises the first line to 2; the total follows.
    const first = lines.first();
    await expect(first.getByRole('spinbutton', { name: /^Quantity of Turkey/ })).toHaveValue('1');
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/cart/'));
    await first.getByRole('button', { name: /^Increase quantity of Turkey/ }).click();
    await expect(first.getByRole('spinbutton', { name: /^Quantity of Turkey/ })).toHaveValue('2');
    await expect(total).toHaveText(`$${((totalBefore + unitPrice) / 100).toFixed(2)}`);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
    expect((await patched).status()).toBe(200);

    // The change is on the server: it survives a reload.
    await page.reload();
    await expect(lines.first().getByRole('spinbutton', { name: /^Quantity of Turkey/ })).toHaveValue('2');
    await expect(total).toHaveText(`$${((totalBefore + unitPrice) / 100).toFixed(2)}`);

    // Remove the second line.
    await lines
      .nth(1)
      .getByRole('button', { name: /^Remove Turkey .* from cart$/ })
      .click();
    await expect(lines).toHaveCount(1);
    // The focused button went with its line: focus moves to the page heading, not the document start.
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused();
    await expect(total).toHaveText(`$${((unitPrice * 2) / 100).toFixed(2)}`);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

    // Clear the cart, confirming in the dialog.
    await page.getByRole('button', { name: 'Clear cart' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear your cart?' });
    await dialog.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse plans' })).toHaveAttribute('href', '/products');
    await expect(cartLink(page)).toHaveAccessibleName('Cart');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('the checkout button leads to /checkout', async ({ page }) => {
    await seedCart(page);
    await page.goto('/cart');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test.describe('accessibility', () => {
    // axe-core is injected as an inline script, which the store's Content-Security-Policy forbids.
    test.use({ bypassCSP: true });

    test('axe finds no serious or critical violation on /cart with items', async ({ page }) => {
      await seedCart(page);
      await page.goto('/cart');
      await expect(page.getByRole('region', { name: 'Plans in your cart' }).getByRole('article')).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/cart works at 360 px without horizontal overflow', async ({ page }) => {
      await seedCart(page);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto('/cart');
      const lines = page.getByRole('region', { name: 'Plans in your cart' }).getByRole('article');
      await expect(lines).toHaveCount(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(lines.first().getByRole('button', { name: /^Increase quantity of/ })).toBeInViewport();
      await expect(page.getByRole('link', { name: 'Checkout' })).toBeVisible();
    });
  });
});
