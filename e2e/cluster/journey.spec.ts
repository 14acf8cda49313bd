import { type Locator, type Page, expect, test } from '../support/test.ts';
import { attachLogs, clusterState, expectAlternating, upstreamOf, upstreamSequence } from './support.ts';

/**
 * The purchase and portal journey through nginx, with requests alternating between the two
 * instances (decision record 0020): from the home page to the confirmation paying by card, then
 * the portal with the access token from the confirmation page, the eSIM's first use (the eSIM Go
 * fake's usage callback, or the sandbox's simulated phone), a usage sync and a top-up by card.
 * Every answer carries nginx's `X-Upstream`: both instances must have served a fair share.
 */

const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const esimCard = (page: Page): Locator => page.getByRole('tabpanel').getByRole('article').first();

async function fillCard(page: Page, name: string) {
  await page.getByLabel('Name on card').fill(name);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill(EXPIRY_YEAR);
  await page.getByLabel('Security code (CVC)').fill('123');
}

async function syncEsim(page: Page): Promise<void> {
  await esimCard(page).getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Sync Complete').first()).toBeVisible();
}

/**
 * The eSIM's first use at the destination with some data used: the eSIM Go fake's
 * `POST /__fake/usage` (which sends the signed usage callback to the store through nginx), or the
 * sandbox's device simulator.
 */
async function firstUse(page: Page, iccid: string): Promise<void> {
  const { esim, fakes } = clusterState();
  if (esim === 'esimgo') {
    const res = await page.request.post(`${new URL(fakes!.esimgo).origin}/__fake/usage`, {
      data: { iccid, bytes: 100 * 1024 * 1024 },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return;
  }
  const [simulator] = await Promise.all([
    page.context().waitForEvent('page'),
    esimCard(page)
      .getByRole('link', { name: /device simulator/ })
      .click(),
  ]);
  await simulator.waitForLoadState();
  await simulator.getByRole('button', { name: /first use/i }).click();
  await simulator.waitForLoadState();
  await simulator.close();
}

// Playwright requires a destructuring pattern for the fixtures, even when none is used.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => attachLogs(testInfo));

test('a purchase and the portal through nginx, with requests alternating between the instances', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Consecutive requests alternate (round robin).
  expectAlternating(await upstreamSequence(request));

  const served = new Map<string, number>();
  page.on('response', (response) => {
    const upstream = upstreamOf(response);
    if (upstream) served.set(upstream, (served.get(upstream) ?? 0) + 1);
  });

  // The storefront: two Turkey plans into the cart, checkout, pay by card.
  await page.goto('/');
  await page.getByRole('link', { name: /^Turkey/ }).click();
  await expect(page).toHaveURL(/\/en\/turkey$/);
  await page
    .getByRole('link', { name: /View details/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/en/turkey');
  await page
    .getByRole('link', { name: /View details/ })
    .nth(1)
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await cartLink(page).click();
  await expect(page.getByRole('region', { name: 'Plans in your cart' }).getByRole('article')).toHaveCount(2);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('E-mail', { exact: true }).fill('ada-cluster@example.com');
  await fillCard(page, 'Ada Lovelace');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Complete purchase' }).click();

  // The confirmation: both eSIMs provisioned (by whichever instance's worker took the job).
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-[A-Z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const esims = page.getByRole('region', { name: 'Your eSIMs' }).getByRole('article');
  await expect(esims).toHaveCount(2, { timeout: 30_000 });
  for (const esim of await esims.all()) {
    await expect(esim.getByText(/^\d{19,20}$/)).toBeVisible();
    await expect(esim.getByText(/^LPA:1\$/)).toBeVisible();
  }
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  const token = (
    (await page.getByRole('region', { name: 'Your portal access token' }).locator('code').textContent()) ?? ''
  ).trim();
  expect(token).toMatch(/\S{16,}/);

  // The portal, signed in with the token.
  await page.goto(`/portal#token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/portal$/);
  const card = esimCard(page);
  await expect(card).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(2);
  await expect(card.getByRole('button', { name: 'Activate to Top-Up' })).toBeDisabled();
  const iccid = (await card
    .getByText(/^\d{19,20}$/)
    .first()
    .textContent())!.trim();

  // First use at the destination, seen by the store (callback or sync), then a sync shows it Active.
  await firstUse(page, iccid);
  await expect(async () => {
    await syncEsim(page);
    await expect(card.getByText('Active', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // A top-up by card.
  await card.getByRole('link', { name: 'Top up' }).click();
  await expect(page).toHaveURL(/\/portal\/topup\?iccid=\d{19,20}$/);
  await page.getByRole('radiogroup').getByRole('radio').first().check();
  await fillCard(page, 'Ada Lovelace');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/portal\/topup-confirmation\?order=ORD-/);
  await expect(page.getByRole('heading', { name: 'Top-up purchased' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to my eSIMs' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(async () => {
    await syncEsim(page);
    await expect(card.getByText('Additional bundles (top-ups)')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('table').getByText('Top-up')).toBeVisible();

  // Both instances served the journey, each a fair share of it.
  const counts = [...served.values()];
  const total = counts.reduce((a, b) => a + b, 0);
  expect(served.size, JSON.stringify(Object.fromEntries(served))).toBe(2);
  for (const count of counts) expect(count, JSON.stringify(Object.fromEntries(served))).toBeGreaterThan(total * 0.25);
});
