import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '../support/test.ts';

/**
 * Plan names built from the plan's facts, tier included
 * (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`), and each page's own metadata
 * with private pages kept out of search engines. On `/en/japan`
 * the Unlimited Plus 1-day plan ($8.99) must never be named like the Unlimited one ($5.99), on
 * its plan page, in the page title the server sends, on the order confirmation and in the portal.
 */

const PLUS_NAME = 'Japan eSIM: Unlimited Plus, 1 day';
const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

interface CatalogueProduct {
  productId: number;
  priceCents: number;
  features: { validityDays: number; tier: 'unlimited' | 'unlimited_plus' | null };
}

/** The Japan Unlimited Plus 1-day plan of the sandbox catalogue. */
async function japanUnlimitedPlusOneDay(page: Page): Promise<CatalogueProduct> {
  const res = await page.request.get('/api/products?country=JP&type=unlimited');
  const { products } = (await res.json()) as { products: CatalogueProduct[] };
  const plan = products.find((p) => p.features.tier === 'unlimited_plus' && p.features.validityDays === 1);
  expect(plan, 'the sandbox sells a Japan Unlimited Plus 1-day plan').toBeDefined();
  return plan!;
}

test('the Unlimited Plus plan keeps its “Plus” on its page, the confirmation and in the portal', async ({ page }) => {
  // One journey across several page loads and a payment: the slow-test budget.
  test.slow();
  const plan = await japanUnlimitedPlusOneDay(page);
  expect(plan.priceCents).toBe(899);

  // The country page lists it; its plan page is titled with the tier, in the HTML the server sends too.
  await page.goto('/en/japan');
  await expect(page.getByText('$8.99').first()).toBeVisible();
  const html = await (
    await page.request.get(`/products/${plan.productId}`, { headers: { 'Accept-Language': 'en' } })
  ).text();
  expect(html).toContain(`<title>${PLUS_NAME} | Roamwise</title>`);
  expect(html).toContain(`>${PLUS_NAME}</h1>`);

  await page.goto(`/products/${plan.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: PLUS_NAME })).toBeVisible();
  await expect(page).toHaveTitle(`${PLUS_NAME} | Roamwise`);

  // Buy it.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('E-mail', { exact: true }).fill(`plus-${randomUUID()}@example.com`);
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill(EXPIRY_YEAR);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Complete purchase' }).click();

  // The confirmation names the line and the eSIM with the tier, never with the catalogue's name.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(`1 × ${PLUS_NAME}`)).toBeVisible();
  const esims = page.getByRole('region', { name: 'Your eSIMs' }).getByRole('article');
  await expect(esims).toHaveCount(1, { timeout: 30_000 });
  await expect(esims.first().getByText(PLUS_NAME)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('[unlimited]');
  const token =
    (await page.getByRole('region', { name: 'Your portal access token' }).locator('code').textContent())?.trim() ?? '';
  expect(token).toMatch(/\S{16,}/);

  // The portal: the eSIM's title, its bundle and the order history.
  await page.goto(`/portal#token=${encodeURIComponent(token)}`);
  const card = page.getByRole('tabpanel').getByRole('article').first();
  await expect(card.getByRole('heading', { level: 3, name: PLUS_NAME })).toBeVisible();
  // The bundle is named by its facts too (it showed the catalogue's English name before).
  await expect(card.getByText(PLUS_NAME)).toHaveCount(2);
  await expect(card.getByText('Unlimited Plus · 1 day')).toBeVisible();
  const history = page.getByRole('region', { name: 'Order history' });
  await expect(history.getByRole('table').getByText(PLUS_NAME)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('[unlimited]');
  await expect(page.locator('main')).not.toContainText('Unlimited Plus 1 Days');
});

test('private pages are noindex and each page has its own title', async ({ page }) => {
  for (const path of ['/cart', '/checkout']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  }
  await page.goto('/cart');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  await page.goto('/');
  const homeTitle = await page.title();
  await page.goto('/about-us');
  await expect(page).toHaveTitle(/^About us/);
  expect(await page.title()).not.toBe(homeTitle);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  const aboutHtml = await (await page.request.get('/about-us')).text();
  expect(aboutHtml).toMatch(/<title>About us[^<]*<\/title>/);
});
