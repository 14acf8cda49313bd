import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, expect, request as playwrightRequest, test } from '../support/test.ts';

/**
 * The portal remembers only a token the store accepted (against the real store): a refused one,
 * typed or brought by a link, is forgotten at once, so a reload shows an empty token form and
 * never sends it again; and there is one 'Use another token' control in every state.
 */

const NO_COOKIES = { cookies: [], origins: [] };

/** Buys one Turkey plan by card as a guest, through the API the checkout page uses; its access token. */
async function buyOrder(baseURL: string): Promise<string> {
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
      headers: { 'X-Session-Id': session, 'Idempotency-Key': `e2e-portal-token-${randomUUID()}` },
      data: {
        customer: { fullName: 'Ada Lovelace', email: `token-${randomUUID().slice(0, 8)}@example.com` },
        payment: { method: 'card', token },
        acceptTerms: true,
        language: 'en',
      },
    });
    expect(checkout.status()).toBe(201);
    return ((await checkout.json()) as { accessToken: string }).accessToken;
  } finally {
    await api.dispose();
  }
}

/** Every `X-Access-Token` the page sends from now on. */
function sentTokens(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const token = request.headers()['x-access-token'];
    if (token) sent.push(token);
  });
  return sent;
}

const storedToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('portal:accessToken'));
const otherToken = (page: Page) => page.getByRole('button', { name: 'Use another token' });
const accessError = (page: Page) => page.getByRole('heading', { level: 2, name: 'Access Error' });

test.describe('portal: the remembered token', () => {
  test('a typed token the store refuses is forgotten: after a reload the form is empty and it is not sent again', async ({
    page,
  }) => {
    const sent = sentTokens(page);
    await page.goto('/portal');
    await page.getByLabel('Access token').fill('not-a-real-token');
    await page.getByRole('button', { name: 'View my eSIMs' }).click();
    await expect(accessError(page)).toBeVisible();
    await expect(otherToken(page)).toHaveCount(1);
    expect(sent).toContain('not-a-real-token');
    expect(await storedToken(page)).toBeNull();

    sent.length = 0;
    await page.reload();
    await expect(page.getByRole('button', { name: 'View my eSIMs' })).toBeVisible();
    await expect(page.getByLabel('Access token')).toHaveValue('');
    await expect(accessError(page)).toHaveCount(0);
    expect(sent).toEqual([]);

    // 'Use another token' on the error leads back to an empty form.
    await page.getByLabel('Access token').fill('still-not-a-token');
    await page.getByRole('button', { name: 'View my eSIMs' }).click();
    await expect(accessError(page)).toBeVisible();
    await otherToken(page).click();
    await expect(page.getByLabel('Access token')).toHaveValue('');
    expect(await storedToken(page)).toBeNull();
  });

  test('a refused token from a link is forgotten too, fragment included', async ({ page }) => {
    const sent = sentTokens(page);
    await page.goto('/portal#token=not-a-real-link-token');
    await expect(accessError(page)).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    expect(await storedToken(page)).toBeNull();
    await expect(otherToken(page)).toHaveCount(1);

    sent.length = 0;
    await page.reload();
    await expect(page.getByLabel('Access token')).toHaveValue('');
    expect(sent).toEqual([]);
  });

  test('an accepted token is remembered for the tab, with one "Use another token"', async ({ page, baseURL }) => {
    const token = await buyOrder(baseURL!);
    await page.goto('/portal');
    await page.getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'View my eSIMs' }).click();
    await expect(page.getByText('Hello, Ada Lovelace')).toBeVisible();
    await expect(otherToken(page)).toHaveCount(1);
    await expect.poll(() => storedToken(page)).toBe(token);

    await page.reload();
    await expect(page.getByText('Hello, Ada Lovelace')).toBeVisible();
    await expect(otherToken(page)).toHaveCount(1);
    await otherToken(page).click();
    await expect(page.getByLabel('Access token')).toHaveValue('');
    expect(await storedToken(page)).toBeNull();
  });
});
