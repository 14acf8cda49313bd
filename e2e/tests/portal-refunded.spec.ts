import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Locator,
  type Page,
  awaitHydrationOnNavigation,
  expect,
  request as playwrightRequest,
  test,
} from '../support/test.ts';
import { adminStatePath } from '../support/admin-session.ts';
import { seriousViolations } from './a11y.ts';

/**
 * A refunded order as its customer sees it: bought by card (the sandbox), refunded in full from
 * the admin order screen, then opened by its access token in the customer portal and on its
 * confirmation page, as a browser of its own without the admin's session. Both show it
 * 'Refunded' with the refund's amount and date, and nothing to install (no QR code, activation
 * code, SM-DP+ address or matching id) or top up. Screenshots at 1280 x 800 and 360 x 780 (the
 * pages, the portal card, the confirmation's summary and eSIM) go to the test's output folder.
 */
test.use({ storageState: adminStatePath() });

/** A request context or browser with no cookies: the test's `storageState` (the admin's) would otherwise apply. */
const NO_COOKIES = { cookies: [], origins: [] };

interface Bought {
  orderNumber: string;
  accessToken: string;
  totalCents: number;
  iccid: string;
  matchingId: string;
  activationCode: string;
}

/**
 * Buys one Turkey plan by card as a guest visitor of its own, through the API the checkout page
 * uses, and waits for its eSIM; its install details are kept to look for on the pages.
 */
async function buyOrder(baseURL: string): Promise<Bought> {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL, storageState: NO_COOKIES });
  try {
    const session = randomUUID();
    const { products } = (await (await api.get('/api/products?country=TR&type=prepaid')).json()) as {
      products: { productId: number }[];
    };
    const added = await api.post('/api/cart', {
      headers: { 'X-Session-Id': session },
      data: { productId: products[0]!.productId, quantity: 1 },
    });
    expect(added.status()).toBe(201);
    const tokenised = await api.post('/api/payments/sandbox/tokens', {
      headers: { 'X-Session-Id': session },
      data: {
        cardholderName: 'Ada Lovelace',
        cardNumber: '4242424242424242',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 2,
        cvv: '123',
      },
    });
    expect(tokenised.status()).toBe(201);
    const { token } = (await tokenised.json()) as { token: string };
    const checkout = await api.post('/api/checkout', {
      headers: { 'X-Session-Id': session, 'Idempotency-Key': `e2e-refunded-${randomUUID()}` },
      data: {
        customer: { fullName: 'Ada Lovelace', email: `refunded-${randomUUID().slice(0, 8)}@example.com` },
        payment: { method: 'card', token },
        acceptTerms: true,
        language: 'en',
      },
    });
    expect(checkout.status()).toBe(201);
    const { orderNumber, accessToken } = (await checkout.json()) as { orderNumber: string; accessToken: string };
    type Seen = { totalCents: number; esims: { iccid: string; matchingId: string; activationCode: string }[] };
    let order: Seen = { totalCents: 0, esims: [] };
    await expect
      .poll(
        async () => {
          const res = await api.get(`/api/orders/${orderNumber}`, { headers: { 'X-Session-Id': session } });
          order = (await res.json()) as Seen;
          return order.esims.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const [esim] = order.esims;
    return { orderNumber, accessToken, totalCents: order.totalCents, ...esim! };
  } finally {
    await api.dispose();
  }
}

/** The value (`dd`) of the term (`dt`) named `term` of a description list in `scope`. */
const definitionOf = (scope: Locator, term: string): Locator =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Refunds the order in full from the admin order screen; when the refund completed (ISO). */
async function refundInAdmin(page: Page, order: Bought): Promise<string> {
  await page.goto(`/admin/orders/${order.orderNumber}`);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Refund order ${order.orderNumber}` });
  await expect(dialog.getByText('Within the refund policy')).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill('Trip cancelled');
  await dialog.getByRole('button', { name: `Refund ${usd(order.totalCents)}` }).click();
  await expect(page.getByText('Order refunded', { exact: true })).toBeVisible();
  const check = (await (await page.request.get(`/api/orders/${order.orderNumber}/refund-check`)).json()) as {
    refund: { status: string; completedAt: string };
  };
  expect(check.refund.status).toBe('succeeded');
  return check.refund.completedAt;
}

/** Nothing on the page installs the eSIM or tops it up, and its install details are not in the page at all. */
async function expectNothingToInstallOrTopUp(page: Page, order: Bought): Promise<void> {
  await expect(page.getByRole('img', { name: /QR code/i })).toHaveCount(0);
  await expect(page.getByText('Activation code', { exact: true })).toHaveCount(0);
  await expect(page.getByText('SM-DP+ address', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Matching ID', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Add to iPhone|Install on Android|Download QR/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /top.?up/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /top.?up/i })).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(order.matchingId);
  expect(html).not.toContain('LPA:');
}

test('a refunded order shows Refunded, the refund and nothing to install or top up, in the portal and on its confirmation page', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const order = await buyOrder(baseURL!);
  const refundedAt = new Date(await refundInAdmin(page, order));

  // The customer's own browser: no admin session. axe-core is injected as a script, which the
  // store's Content-Security-Policy refuses.
  const customer = await browser.newContext({
    baseURL: baseURL!,
    storageState: NO_COOKIES,
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  try {
    const tab = await customer.newPage();
    awaitHydrationOnNavigation(tab);
    const shoot = (name: string) =>
      tab.screenshot({ path: testInfo.outputPath(`refunded-${name}.png`), fullPage: true });
    const shot = (name: string) => ({ path: testInfo.outputPath(`refunded-${name}.png`) });

    // The portal: the eSIM is Refunded (under 'Archived', the only tab with an eSIM), with the refund.
    await tab.goto(`/portal#token=${encodeURIComponent(order.accessToken)}`);
    await expect(tab).toHaveURL(/\/portal$/);
    const card = tab.getByRole('tabpanel').getByRole('article').filter({ hasText: order.iccid });
    await expect(card).toBeVisible();
    // The eSIM's state badge in the card's header, then its bundle's in the bundle list.
    const states = card.getByText('Refunded', { exact: true });
    await expect(states).toHaveCount(2);
    await expect(states.first()).toBeVisible();
    const refund = card.getByRole('region', { name: 'This eSIM was refunded' });
    await expect(refund).toBeVisible();
    await expect(definitionOf(refund, 'Amount refunded')).toHaveText(usd(order.totalCents));
    await expect(definitionOf(refund, 'Refunded on')).toHaveText(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(refundedAt),
    );
    await expect(definitionOf(refund, 'Order')).toHaveText(order.orderNumber);
    await expectNothingToInstallOrTopUp(tab, order);
    await expect(tab.getByRole('table').getByText('Refunded', { exact: true })).toBeVisible();
    expect(await seriousViolations(tab)).toEqual([]);
    await shoot('portal-1280');
    await card.screenshot(shot('portal-card-1280'));
    await tab.setViewportSize({ width: 360, height: 780 });
    await expect(card).toBeVisible();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot('portal-360');
    await card.screenshot(shot('portal-card-360'));

    // The confirmation page: the order refunded, with the amount and the date, and its eSIM too.
    await tab.setViewportSize({ width: 1280, height: 800 });
    await tab.goto(`/order-confirmation/${order.orderNumber}#token=${encodeURIComponent(order.accessToken)}`);
    const summary = tab.getByRole('region', { name: 'Order refunded' });
    await expect(summary.getByRole('heading', { level: 1, name: 'Order refunded' })).toBeVisible();
    await expect(definitionOf(summary, 'Status')).toHaveText('Refunded');
    await expect(definitionOf(summary, 'Amount refunded')).toHaveText(usd(order.totalCents));
    await expect(definitionOf(summary, 'Refunded on')).toHaveText(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(refundedAt),
    );
    const esim = tab.getByRole('article').filter({ hasText: order.iccid });
    await expect(esim).toBeVisible();
    // The card's status badge, read with its screen-reader label.
    await expect(esim.getByText('Status: Refunded', { exact: true })).toBeVisible();
    await expectNothingToInstallOrTopUp(tab, order);
    expect(await seriousViolations(tab)).toEqual([]);
    await shoot('confirmation-1280');
    await summary.screenshot(shot('confirmation-summary-1280'));
    await esim.screenshot(shot('confirmation-esim-1280'));
    await tab.setViewportSize({ width: 360, height: 780 });
    await expect(esim).toBeVisible();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shoot('confirmation-360');
    await summary.screenshot(shot('confirmation-summary-360'));
    await esim.screenshot(shot('confirmation-esim-360'));
  } finally {
    await customer.close();
  }
});
