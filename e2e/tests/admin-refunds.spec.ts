import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, expect, request as playwrightRequest, test } from '../support/test.ts';
import { adminStatePath } from '../support/admin-session.ts';
import { seriousViolations } from './a11y.ts';

/**
 * Refunds from the admin order screen (`docs/product-rules.md#refunds`): an order bought in
 * the test (card, the sandbox provider), then `/admin/orders/<number>` → "Refund" → the dialog's
 * policy verdict (read from the eSIM provider) → refunded. An activated order needs the override
 * with a reason. Screenshots of the dialog at 1280 and 360 px go to the test's output folder.
 */
test.use({ storageState: adminStatePath() });

/** A request context with no cookies: the test's `storageState` (the admin's session) would otherwise apply. */
const NO_COOKIES = { cookies: [], origins: [] };

interface Bought {
  orderNumber: string;
  totalCents: number;
  iccids: string[];
}

/**
 * Buys one Turkey plan by card as a guest visitor of its own, through the API the checkout page
 * uses (tokenise, checkout with `X-Session-Id` and `Idempotency-Key`), and waits for its eSIMs.
 * Its own request context: no admin cookie, as a customer's browser would be.
 */
async function buyOrder(baseURL: string): Promise<Bought> {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL, storageState: NO_COOKIES });
  try {
    const session = randomUUID();
    const { products } = (await (await api.get('/api/products?country=TR&type=prepaid')).json()) as {
      products: { productId: number }[];
    };
    expect(
      (
        await api.post('/api/cart', {
          headers: { 'X-Session-Id': session },
          data: { productId: products[0]!.productId, quantity: 1 },
        })
      ).status(),
    ).toBe(201);
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
      headers: { 'X-Session-Id': session, 'Idempotency-Key': `e2e-refund-${randomUUID()}` },
      data: {
        customer: { fullName: 'Ada Lovelace', email: `refund-${randomUUID().slice(0, 8)}@example.com` },
        payment: { method: 'card', token },
        acceptTerms: true,
        language: 'en',
      },
    });
    expect(checkout.status()).toBe(201);
    const { orderNumber } = (await checkout.json()) as { orderNumber: string };
    let order: { totalCents: number; esims: { iccid: string }[] } = { totalCents: 0, esims: [] };
    await expect
      .poll(
        async () => {
          order = (await (
            await api.get(`/api/orders/${orderNumber}`, { headers: { 'X-Session-Id': session } })
          ).json()) as typeof order;
          return order.esims.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    return { orderNumber, totalCents: order.totalCents, iccids: order.esims.map((e) => e.iccid) };
  } finally {
    await api.dispose();
  }
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function openRefundDialog(page: Page, orderNumber: string) {
  await page.goto(`/admin/orders/${orderNumber}`);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Refund order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('admin refunds', () => {
  test.describe('with axe', () => {
    // axe-core is injected as a script, which the store's Content-Security-Policy refuses; the
    // override test below runs the dialog under the policy.
    test.use({ bypassCSP: true });

    test('refunds an unactivated order from the order screen', async ({ page, baseURL }, testInfo) => {
      test.slow();
      const order = await buyOrder(baseURL!);
      const dialog = await openRefundDialog(page, order.orderNumber);
      await expect(dialog.getByText('Within the refund policy')).toBeVisible();
      await expect(dialog.getByText(usd(order.totalCents), { exact: true })).toBeVisible();
      await expect(dialog.getByText('Not activated')).toBeVisible();
      await expect(dialog.getByRole('checkbox', { name: /Override the refund policy/ })).toHaveCount(0);
      await expect(dialog.getByRole('checkbox', { name: /Notify the customer/ })).toBeChecked();

      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('refund-dialog-1280.png') });
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('refund-dialog-360.png') });
      // The dialog fits the narrow screen: nothing wider than the viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.setViewportSize({ width: 1280, height: 800 });

      await dialog.getByLabel(/^Reason/).fill('Customer bought the wrong destination');
      await dialog.getByRole('button', { name: `Refund ${usd(order.totalCents)}` }).click();
      await expect(page.getByText('Order refunded', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();

      // The order screen reloads: refunded, and no second refund offered.
      await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
      // The server agrees: refunded once.
      const check = await page.request.get(`/api/orders/${order.orderNumber}/refund-check`);
      expect(await check.json()).toMatchObject({
        status: 'refunded',
        eligible: false,
        reasons: [{ code: 'already_refunded' }],
        refund: { status: 'succeeded', amountCents: order.totalCents, reason: 'Customer bought the wrong destination' },
      });
    });
  });

  test('an activated order needs the override and a reason', async ({ page, baseURL }, testInfo) => {
    test.slow();
    const order = await buyOrder(baseURL!);
    const device = await playwrightRequest.newContext({ baseURL: baseURL!, storageState: NO_COOKIES });
    expect(
      (await device.post(`/api/sandbox/esims/${order.iccids[0]}/actions`, { data: { action: 'first-use' } })).status(),
    ).toBe(200);
    await device.dispose();

    const dialog = await openRefundDialog(page, order.orderNumber);
    await expect(dialog.getByText('Outside the refund policy')).toBeVisible();
    await expect(dialog.getByText(new RegExp(`eSIM ${order.iccids[0]} was activated`))).toBeVisible();
    const confirm = dialog.getByRole('button', { name: `Refund ${usd(order.totalCents)}` });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: /Override the refund policy/ }).check();
    await confirm.click();
    const reason = dialog.getByLabel(/^Reason/);
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAccessibleDescription(/Give a reason to override the refund policy/);
    await page.screenshot({ path: testInfo.outputPath('refund-dialog-override-1280.png') });
    await page.setViewportSize({ width: 360, height: 740 });
    await reason.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('refund-dialog-override-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await reason.fill('No coverage at the destination');
    await confirm.click();
    await expect(page.getByText('Order refunded', { exact: true })).toBeVisible();
    const check = await page.request.get(`/api/orders/${order.orderNumber}/refund-check`);
    expect(await check.json()).toMatchObject({
      refund: { status: 'succeeded', override: true, reason: 'No coverage at the destination' },
    });
  });
});
