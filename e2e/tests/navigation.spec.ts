import { type Page, expect, test } from '../support/test.ts';
import { text } from './i18n.ts';

// The links of the page you are on, destination aliases, and the header's highlight on the
// not-found screen (docs/product-rules.md#storefront-pages).

const header = (page: Page) => page.getByRole('banner');
const mainNav = (page: Page) => header(page).getByRole('navigation', { name: text('en', 'common', 'nav.label') });
const regionChip = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const destinationSearch = (page: Page) =>
  page.getByRole('searchbox', { name: text('en', 'catalog', 'hero.searchLabel') });

/**
 * Chooses a region chip, again until the app takes it: a server-rendered page shows the chips
 * before React has hydrated them, and a click before then does nothing.
 */
async function chooseRegion(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await regionChip(page, name).click();
    await expect(regionChip(page, name)).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 });
  }).toPass();
}

/** Types a destination search, again until the app filters the grid by it (see {@link chooseRegion}). */
async function searchDestinations(page: Page, query: string, hidden: RegExp): Promise<void> {
  await expect(async () => {
    await destinationSearch(page).fill('');
    await destinationSearch(page).fill(query);
    await expect(page.getByRole('link', { name: hidden })).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}

/** Navigates inside the app, as a link would (no page load: the server plays no part). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

test.describe('following the link of the page you are on resets it', () => {
  test('Products on /products clears the chosen region and the typed search', async ({ page }) => {
    await page.goto('/products');
    await chooseRegion(page, 'Asia');
    await expect(page.getByRole('link', { name: /^France/ })).toHaveCount(0);

    await mainNav(page).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(regionChip(page, 'All regions')).toHaveAttribute('aria-pressed', 'true');
    await expect(regionChip(page, 'Asia')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('link', { name: /^France/ })).toBeVisible();

    await searchDestinations(page, 'ger', /^Japan/);
    await mainNav(page).getByRole('link', { name: 'Products' }).click();
    await expect(destinationSearch(page)).toHaveValue('');
    await expect(page.getByRole('link', { name: /^Japan/ })).toBeVisible();
  });

  test('the logo on / clears the typed search; the footer link on /products clears the region and scrolls up', async ({
    page,
  }) => {
    await page.goto('/');
    await searchDestinations(page, 'ger', /^Japan/);
    await header(page).getByRole('link', { name: 'Roamwise home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(destinationSearch(page)).toHaveValue('');
    await expect(page.getByRole('link', { name: /^Japan/ })).toBeVisible();

    await page.goto('/products');
    await chooseRegion(page, 'Asia');
    await page.getByRole('contentinfo').getByRole('link', { name: 'eSIM plans' }).click();
    await expect(regionChip(page, 'All regions')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a page scrolled before it hydrates stays where the visitor scrolled it', async ({ page }) => {
    // A phone on a slow connection: the server's HTML is painted and scrolled before the app runs.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => window.scrollTo(0, 600), { once: true }),
    );
    await page.goto('/how-it-works');
    // The route change resets (0, 100 and 500 ms) would have run by now.
    await page.waitForTimeout(700);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(600);
  });

  test('a jump inside the page keeps its state', async ({ page }) => {
    await page.goto('/products');
    await chooseRegion(page, 'Asia');
    await page.getByRole('link', { name: text('en', 'catalog', 'cta.action') }).click();
    await expect(page).toHaveURL(/\/products#popular-destinations$/);
    await expect(regionChip(page, 'Asia')).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('destination aliases lead to the canonical page', () => {
  for (const [alias, slug, country] of [
    ['Turkey', 'turkey', 'Turkey'],
    ['uk', 'united-kingdom', 'United Kingdom'],
    ['united-states', 'usa', 'United States'],
  ] as const) {
    test(`/en/${alias} is replaced by /en/${slug}`, async ({ page }) => {
      await page.goto('/products');
      await chooseRegion(page, 'Asia'); // the app is running
      await navigateInApp(page, `/en/${alias}`);
      await expect(page).toHaveURL(new RegExp(`/en/${slug}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: text('en', 'catalog', 'products.countryTitle', { country }) }),
      ).toBeVisible();
      await expect(mainNav(page).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
      // Replaced, not added: Back returns to the listing.
      await page.goBack();
      await expect(page).toHaveURL(/\/products$/);
    });
  }

  test('a name in the page language: /de/türkei opens /de/turkey in German', async ({ page }) => {
    await page.goto('/products');
    await chooseRegion(page, 'Asia');
    await navigateInApp(page, '/de/t%C3%BCrkei');
    await expect(page).toHaveURL(/\/de\/turkey$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: text('de', 'catalog', 'products.countryTitle', { country: 'Türkei' }),
      }),
    ).toBeVisible();
  });

  test('opened directly, /en/united-states ends on /en/usa', async ({ page }) => {
    await page.goto('/en/united-states');
    await expect(page).toHaveURL(/\/en\/usa$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: text('en', 'catalog', 'products.countryTitle', { country: 'United States' }),
      }),
    ).toBeVisible();
  });
});

test.describe('the not-found screen highlights no header link', () => {
  for (const path of ['/en/nowhere-land', '/xx/yy']) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: text('en', 'common', 'notFound.title') })).toBeVisible();
      await expect(mainNav(page).getByRole('link', { name: 'Products' })).toBeVisible();
      await expect(header(page).locator('[aria-current]')).toHaveCount(0);
    });
  }

  test('nor does the side menu on a phone, while a real destination marks Products', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/en/nowhere-land');
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'common', 'notFound.title') })).toBeVisible();
    const menu = page.getByRole('dialog');
    await expect(async () => {
      await page.getByRole('button', { name: text('en', 'common', 'nav.openMenu') }).click();
      await expect(menu.getByRole('link', { name: 'Products' })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(menu.locator('[aria-current]')).toHaveCount(0);
    await menu.getByRole('button', { name: text('en', 'common', 'nav.closeMenu') }).click();

    await navigateInApp(page, '/en/turkey');
    await expect(page.getByRole('heading', { level: 1, name: /Turkey/ })).toBeVisible();
    await page.getByRole('button', { name: text('en', 'common', 'nav.openMenu') }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
