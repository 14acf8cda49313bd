import { type Page, expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { text } from './i18n.ts';

/**
 * A country page on a phone: the first plan in the first screen at 360 x 780, the filters folded
 * into one control, adding to the cart from a plan card (toasts, the header badge at once), and
 * the sample-plans notice when the catalogue cannot be loaded
 * (`docs/product-rules.md#storefront-pages`).
 */

/** The header's cart link ('Cart' / 'Cart, {n} item(s)' in the page's language). */
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Cart|Sepet)/ });

/** The plan cards of the page's main content. */
const planCards = (page: Page) => page.getByRole('main').getByRole('article');

/** Opens `path` once the visitor's cart has loaded (an add changes the cart only once it is known). */
async function openWithCart(page: Page, path: string): Promise<void> {
  const cartLoaded = page.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'GET');
  await page.goto(path);
  await cartLoaded;
}

test.describe('country page on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the first plan card is in the first screen, with nothing wider than the screen', async ({ page }) => {
    await page.goto('/tr/turkey');
    const first = planCards(page).first();
    await expect(first).toBeVisible();
    await expect(first).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Its add button names the plan (destination, data, validity; the naming rule may add words between).
    await expect(
      first.getByRole('button', {
        name: new RegExp(`^${text('tr', 'catalog', 'plan.addToCart')}: Türkiye\\b.*1GB\\b.*7 gün$`),
      }),
    ).toBeVisible();
  });

  test('the filters open from one control, filter, and show how many are set', async ({ page }) => {
    await page.goto('/tr/turkey');
    const prepaid = page.getByRole('heading', { level: 2, name: text('tr', 'catalog', 'products.prepaidHeading') });
    await expect(prepaid).toBeVisible();
    // Folded: the selects are not on the page until the control opens them.
    await expect(page.getByRole('combobox', { name: text('tr', 'catalog', 'filters.type.label') })).toHaveCount(0);

    // 'Filtreler' or 'Filtreler (1 etkin)', not 'Filtreleri temizle'.
    const control = page.getByRole('button', { name: new RegExp(`^${text('tr', 'catalog', 'filters.open')}( \\(|$)`) });
    await control.click();
    const sheet = page.getByRole('dialog', { name: text('tr', 'catalog', 'filters.label') });
    await expect(sheet).toBeVisible();
    // Escape closes it and gives the focus back to the control.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(control).toBeFocused();

    await control.press('Enter');
    await sheet.getByRole('combobox', { name: text('tr', 'catalog', 'filters.type.label') }).selectOption('unlimited');
    await sheet.getByRole('button', { name: /paketi göster$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(prepaid).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 2, name: text('tr', 'catalog', 'products.unlimitedHeading') }),
    ).toBeVisible();
    await expect(control).toHaveAccessibleName(/\(1 etkin\)$/);
    await expect(control).toContainText('1');

    // Clearing in the sheet and applying brings every plan back.
    await control.click();
    await sheet.getByRole('button', { name: text('tr', 'catalog', 'filters.clear') }).click();
    await sheet.getByRole('button', { name: /paketi göster$/ }).click();
    await expect(prepaid).toBeVisible();
    await expect(control).toHaveAccessibleName(text('tr', 'catalog', 'filters.open'));
  });

  test('adding from a plan card moves the badge at once and says so', async ({ page }) => {
    await openWithCart(page, '/tr/turkey');
    await expect(cartLink(page)).toHaveAccessibleName(text('tr', 'common', 'cart.label'));
    // Hold the server's answer: the badge must not wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cart', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });

    await planCards(page)
      .first()
      .getByRole('button', { name: new RegExp(`^${text('tr', 'catalog', 'plan.addToCart')}: `) })
      .click();
    await expect(cartLink(page)).toHaveAccessibleName('Sepet, 1 ürün', { timeout: 1000 });
    release();
    await expect(page.getByText(text('tr', 'cart', 'toast.added.title'), { exact: true })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Sepet, 1 ürün');
  });
});

test.describe('country page on a phone, accessibility', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  // axe-core is injected as an inline script, which the store's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  test('axe finds no serious violation with the filter sheet open', async ({ page }) => {
    await page.goto('/en/turkey');
    await page.getByRole('button', { name: /^Filters( \(|$)/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filter plans' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('country page add failure', () => {
  test('a failed add shows the failure toast and puts the badge back', async ({ page }) => {
    await openWithCart(page, '/en/japan');
    await page.route('**/api/cart', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' })
        : route.continue(),
    );
    await planCards(page)
      .first()
      .getByRole('button', { name: /^Add to cart: Japan\b.*1GB\b.*7 days$/ })
      .click();
    await expect(page.getByText('Failed to add item to cart. Please try again.')).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Added to Cart')).toHaveCount(0);
    await expect(cartLink(page)).toHaveAccessibleName('Cart');
  });
});

test.describe('catalogue fallback', () => {
  test('the last known plans show with the notice when the plans cannot be loaded', async ({ page }) => {
    // A good load of Japan's plans, kept by the browser.
    await page.goto('/en/japan');
    await expect(planCards(page).first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.includes('"country":"JP"'))))
      .toBe(true);

    // Later the plans cannot be loaded.
    await page.goto('/');
    await page.route(/\/api\/products\?/, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await page.getByRole('link', { name: /^Japan/ }).click();
    await expect(page).toHaveURL(/\/en\/japan$/);
    await expect(page.getByText('Showing sample plans while we update our database')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: '1GB 7 days' })).toBeVisible();
    await expect(page.getByText('Error loading products')).toBeVisible();

    // A destination never loaded before has nothing to fall back on: the error state with retry.
    await page.getByRole('button', { name: 'View all countries' }).first().click();
    await page.getByRole('link', { name: /^France/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: "We couldn't load the plans" })).toBeVisible();
    await expect(page.getByText('Showing sample plans while we update our database')).toHaveCount(0);

    // Once the catalogue answers again, the retry brings the plans back.
    await page.unroute(/\/api\/products\?/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(planCards(page).first()).toBeVisible();
  });
});
