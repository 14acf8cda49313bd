import { randomUUID } from 'node:crypto';
import { type FrameLocator, type Page, expect } from '../../support/test.ts';
import { useSession } from '../visitor.ts';

/**
 * Helpers of the production adapters' browser journeys (project `providers`): the store
 * on port 5181 sells eSIM Go's catalogue (the fake on 5190), takes cards through Stripe (the fake
 * and its Stripe.js stand-in on 5191) and PayPal through PayPal REST (the fake on 5192).
 */

/** The eSIM Go fake's control API (`apps/api/test/fakes/esimgo-fake.ts`). */
export const ESIMGO_FAKE = 'http://127.0.0.1:5190';
/** The Stripe fake's origin, where Stripe.js and its frames come from. */
export const STRIPE_FAKE = 'http://127.0.0.1:5191';

/** Stripe test cards (docs.stripe.com/testing) as the Stripe fake honours them. */
export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  threeDs: '4000 0027 6000 3184',
  declined: '4000 0000 0000 0002',
} as const;

/** A fresh visitor whose cart holds the first prepaid Turkey plan of eSIM Go's catalogue. */
export async function visitorWithTurkeyPlan(page: Page): Promise<string> {
  const sessionId = randomUUID();
  await useSession(page, sessionId);
  const res = await page.request.get('/api/products?country=TR&type=prepaid');
  const { products } = (await res.json()) as { products: { productId: number }[] };
  expect(products.length).toBeGreaterThan(0);
  const added = await page.request.post('/api/cart', {
    headers: { 'X-Session-Id': sessionId },
    data: { productId: products[0]!.productId, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  return sessionId;
}

/** Fills the contact fields and accepts the terms (English labels). */
export async function fillContactAndTerms(page: Page, email = 'ada@example.com') {
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
}

/** Stripe's Payment Element: its frame, served by the Stripe fake's origin (never the store's). */
export function paymentElement(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Secure payment input frame"]');
}

/**
 * Opens the checkout and waits for Stripe's elements: the Payment Element's frame and the Express
 * Checkout Element's Google Pay button (Chromium has the Payment Request API). The wallet row
 * appears once Stripe reports a wallet, which moves the form: wait for it before typing.
 */
export async function openStripeCheckout(page: Page) {
  const response = await page.goto('/checkout');
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  await expect(
    page
      .frameLocator('iframe[title="Secure express checkout frame"]')
      .getByRole('button', { name: 'Buy with Google Pay' }),
  ).toBeVisible();
  return response!;
}

/** Types a card into the Payment Element's frame. */
export async function fillStripeCard(page: Page, number: string) {
  const frame = paymentElement(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill(`12${String(new Date().getUTCFullYear() + 2).slice(2)}`);
  await frame.getByLabel('Security code').fill('123');
}

/** The 3-D Secure challenge that `stripe.handleNextAction` shows (the Stripe fake's page). */
export function challenge(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="3D Secure challenge"]');
}

/**
 * The confirmation page of a paid order: order number, the eSIM with its QR code and an ICCID
 * that the eSIM Go fake assigned. @returns the order number and the ICCID shown.
 */
export async function expectProvisioned(page: Page): Promise<{ orderNumber: string; iccid: string }> {
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-[A-Z0-9-]+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const orderNumber = /\/order-confirmation\/(ORD-[A-Z0-9-]+)$/.exec(page.url())![1]!;
  const esim = page.getByRole('region', { name: 'Your eSIMs' }).getByRole('article').first();
  const iccidText = esim.getByText(/^\d{19,20}$/);
  await expect(iccidText).toBeVisible({ timeout: 30_000 });
  const qr = esim.getByRole('img', { name: /^QR code to install the eSIM with ICCID \d{19,20}$/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const iccid = (await iccidText.textContent())!.trim();
  const orders = (await (await page.request.get(`${ESIMGO_FAKE}/__fake/orders`)).json()) as {
    order: { iccids?: string[] }[];
  }[];
  const iccids = orders.flatMap((o) => o.order.flatMap((line) => line.iccids ?? []));
  expect(iccids, 'the ICCID comes from the eSIM Go fake').toContain(iccid);
  expect(iccids.filter((i) => i === iccid)).toHaveLength(1);
  return { orderNumber, iccid };
}

/**
 * Collects the Content-Security-Policy violations of every document of the page (a listener
 * added before any of the page's code runs), as `tests/csp.spec.ts` does.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportProviderCspViolation', (report: string) => problems.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportProviderCspViolation: (r: string) => void }).reportProviderCspViolation(
        `${location.href}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy|refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return problems;
}
