import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';

/**
 * Makes `page` the visitor `sessionId`: the store keeps the visitor session id in local storage and
 * in the `visitor_session` cookie.
 */
export async function useSession(page: Page, sessionId: string): Promise<void> {
  await page.addInitScript((id) => window.localStorage.setItem('sessionId', id), sessionId);
  // The store keeps the id in a cookie too (lib/session.ts), which the server reads to render the cart.
  const baseURL = test.info().project.use.baseURL;
  if (baseURL) await page.context().addCookies([{ name: 'visitor_session', value: sessionId, url: baseURL }]);
}

/**
 * Gives the page a visitor of its own (a fresh session id) whose cart holds the first prepaid
 * Turkey plans, added through the API: `quantities[i]` of plan `i` (default one of the first).
 * @returns the visitor session id.
 */
export async function visitorWithCart(page: Page, quantities: readonly number[] = [1]): Promise<string> {
  const sessionId = randomUUID();
  await useSession(page, sessionId);
  const res = await page.request.get('/api/products?country=TR&type=prepaid');
  const { products } = (await res.json()) as { products: { productId: number }[] };
  expect(products.length).toBeGreaterThanOrEqual(quantities.length);
  for (const [index, quantity] of quantities.entries()) {
    const added = await page.request.post('/api/cart', {
      headers: { 'X-Session-Id': sessionId },
      data: { productId: products[index]!.productId, quantity },
    });
    expect(added.status()).toBe(201);
  }
  return sessionId;
}
