import type { ProductsResponse } from '@esim/contract/catalog';
import { expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { text } from './i18n.ts';

test.describe('countries view', () => {
  test('shows local, regional and global destinations in tabs', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: 'Local' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: /^Turkey/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Japan/ })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Regional' }).click();
    await expect(page.getByRole('link', { name: /^Europe\+/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Asia/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Turkey/ })).toHaveCount(0);

    await tabs.getByRole('tab', { name: 'Global' }).click();
    await expect(page.getByRole('link', { name: /^Global/ })).toBeVisible();
  });

  test('choosing a region keeps the countries view and shows only that region', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Asia', exact: true }).click();
    await expect(page.getByRole('link', { name: /^Japan/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^France/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('tab', { name: 'Local' })).toHaveAttribute('aria-selected', 'true');
  });

  test('searching destinations narrows the grid', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search destinations' }).fill('turk');
    await expect(page.getByRole('link', { name: /^Turkey/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Japan/ })).toHaveCount(0);
  });
});

test.describe('products view', () => {
  test('choosing a country lists its prepaid and unlimited plans', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /^Turkey/ }).click();
    await expect(page).toHaveURL(/\/en\/turkey$/);
    await expect(page.getByRole('heading', { level: 1, name: 'eSIM plans for Turkey' })).toBeVisible();
    const prepaid = page.getByRole('region', { name: 'Prepaid plans' });
    await expect(prepaid.getByRole('heading', { level: 3, name: '1GB 7 days' })).toBeVisible();
    await expect(prepaid.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();
    const unlimited = page.getByRole('region', { name: 'Unlimited plans' });
    await expect(unlimited.getByRole('heading', { level: 3, name: 'Unlimited 7 days' })).toBeVisible();
    await expect(unlimited.getByRole('heading', { level: 3, name: 'Unlimited Plus 7 days' })).toBeVisible();
    await expect(page).toHaveTitle(/Turkey/);
  });

  test('choosing a regional destination lists the regional plans', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Regional' }).click();
    await page.getByRole('link', { name: /^Europe\+/ }).click();
    await expect(page).toHaveURL(/\/en\/europe-plus$/);
    await expect(page.getByRole('heading', { level: 1, name: /Europe\+/ })).toBeVisible();
  });

  test('search and filter reach the empty state and come back', async ({ page }) => {
    await page.goto('/en/turkey');
    const search = page.getByRole('searchbox', { name: 'Search plans' });
    await search.fill('zzzz-no-such-plan');
    await expect(page.getByRole('heading', { name: 'No eSIM plans found' })).toBeVisible();
    await expect(page.getByText("We couldn't find any plans matching your filters.")).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('heading', { name: 'No eSIM plans found' })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Plan type' }).selectOption('unlimited');
    await expect(page.getByRole('heading', { level: 3, name: '1GB 7 days' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: 'Unlimited 7 days' })).toBeVisible();

    await page.getByRole('button', { name: 'View all countries' }).first().click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('tab', { name: 'Local' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the general plan list arrives with its first page and loads every plan only when asked', async ({
    page,
    request,
  }) => {
    const { products } = (await (await request.get('/api/products')).json()) as ProductsResponse;
    const unlimited = products.filter((p) => p.features.bundleType === 'unlimited').length;
    const listReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/products') listReads.push(r.url());
    });
    await page.setViewportSize({ width: 360, height: 780 });
    const response = await page.goto('/products?view=all');
    // The page's state holds the first page, not the 3 MB catalogue.
    expect((await response!.text()).length).toBeLessThan(400_000);
    const list = page.getByRole('region', { name: 'Available plans' });
    await expect(list.getByRole('listitem')).toHaveCount(24);
    await expect(page.getByRole('status').filter({ hasText: `${products.length} plans` })).toBeVisible();
    await expect(page.getByText(`Showing 24 of ${products.length} plans`)).toBeVisible();

    // The phone's filter sheet counts from the server's figures, before any plan is fetched.
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter plans' });
    await sheet.getByRole('combobox', { name: 'Plan type' }).selectOption('unlimited');
    await expect(sheet.getByRole('button', { name: `Show ${unlimited} plans` })).toBeVisible();
    expect(listReads).toEqual([]);
    await sheet.getByRole('button', { name: 'Close filters' }).click();

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(48);
    await expect(page.getByText(`Showing 48 of ${products.length} plans`)).toBeVisible();
    expect(listReads).toHaveLength(1);

    await page.getByRole('button', { name: 'Filters' }).click();
    await sheet.getByRole('combobox', { name: 'Plan type' }).selectOption('unlimited');
    await sheet.getByRole('button', { name: `Show ${unlimited} plans` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${unlimited} plans` })).toBeVisible();
    await expect(list.getByRole('heading', { level: 3, name: /1GB/ })).toHaveCount(0);
    expect(listReads).toHaveLength(1);
  });

  test('the country page in Turkish', async ({ page }) => {
    await page.goto('/tr/turkey');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: text('tr', 'catalog', 'products.countryTitle', { country: 'Türkiye' }),
      }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: text('tr', 'common', 'nav.home') }).first()).toBeVisible();
  });

  test('switching language on a country page keeps the country', async ({ page }) => {
    await page.goto('/en/turkey');
    await page.getByRole('button', { name: /Language: English/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/turkey$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: text('de', 'catalog', 'products.countryTitle', { country: 'Türkei' }),
      }),
    ).toBeVisible();
    // The choice is remembered on the next visit.
    await page.goto('/products');
    await expect(page.getByRole('tab', { name: text('de', 'catalog', 'destinations.tabs.local') })).toBeVisible();
  });
});

test.describe('product details', () => {
  test('shows the plan facts and add to cart with quantity 1', async ({ page }) => {
    await page.goto('/en/turkey');
    await page
      .getByRole('link', { name: /View details/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Turkey');
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await expect(page.getByText('Turkcell').first()).toBeVisible();
  });

  test('an unlimited plan explains the fair-use speed', async ({ page }) => {
    const res = await page.request.get('/api/products?country=TR&type=unlimited');
    const { products } = (await res.json()) as { products: { productId: number; features: { tier: string } }[] };
    const plus = products.find((p) => p.features.tier === 'unlimited_plus');
    await page.goto(`/products/${plus?.productId}`);
    await expect(page.getByText(/2\s?GB/).first()).toBeVisible();
    await expect(page.getByText(/2\s?Mbps/).first()).toBeVisible();
  });
});

test.describe('not found', () => {
  test('an unknown path shows the 404 screen with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('the admin screens answer 200 (the admin shell routes them), noindex', async ({ request }) => {
    for (const path of [
      '/admin/orders',
      '/admin/orders/ORD-ABC123',
      '/admin/knowledge-base',
      '/admin/support-messages',
      '/admin/conversations',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain('noindex');
    }
    expect((await request.get('/admin-nope')).status()).toBe(404);
  });

  test('a reserved word is not a country', async ({ page }) => {
    await page.goto('/en/ORD-ABC123');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

test.describe('server-rendered metadata', () => {
  test('country pages carry a localised title, canonical link and language', async ({ request }) => {
    const html = await (await request.get('/tr/turkey')).text();
    expect(html).toContain('<html lang="tr"');
    expect(html).toMatch(/<title>[^<]*Türkiye[^<]*<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/tr\/turkey">/);
    expect(html).toContain('hreflang="de"');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/fr/japan</loc>');
  });
});

test.describe('accessibility', () => {
  // axe-core is injected as an inline script, which the store's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  for (const path of ['/', '/en/turkey']) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('axe finds no serious or critical violation on a product page', async ({ page }) => {
    await page.goto('/en/turkey');
    await page
      .getByRole('link', { name: /View details/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the home page works at 360 px with the side menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: /^Turkey/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
  });
});
