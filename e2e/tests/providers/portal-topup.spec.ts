import { randomUUID } from 'node:crypto';
import { type Locator, type Page, expect, test } from '../../support/test.ts';
import {
  CARDS,
  ESIMGO_FAKE,
  challenge,
  expectProvisioned,
  fillContactAndTerms,
  fillStripeCard,
  openStripeCheckout,
  paymentElement,
  visitorWithTurkeyPlan,
} from './journeys.ts';

/**
 * The customer portal with the production adapters (project `providers`): an eSIM
 * bought from eSIM Go (the fake on 5190) with a Stripe card, made active by the fake's usage
 * callback (`POST /__fake/usage`, signed V3 callback to the store), then topped up through the
 * portal with a Stripe card that asks for 3-D Secure (`requires_action`, `handleNextAction`,
 * `POST /api/portal/topups/{n}/payment/confirm`; a failed challenge is refused and another card
 * pays) and with PayPal (approval on the PayPal fake, capture on the confirmation page). Each
 * top-up is a second eSIM Go order onto the same ICCID.
 */

/** One eSIM Go order as the fake lists it (`GET /__fake/orders`). */
interface FakeOrder {
  orderReference: string;
  order: { item: string; iccids?: string[] }[];
}

/** The eSIM Go fake's orders that put a bundle on `iccid`. */
async function ordersFor(page: Page, iccid: string): Promise<FakeOrder[]> {
  const orders = (await (await page.request.get(`${ESIMGO_FAKE}/__fake/orders`)).json()) as FakeOrder[];
  return orders.filter((o) => o.order.some((line) => line.iccids?.includes(iccid)));
}

/** The portal card of the only eSIM on the current tab. */
const esimCard = (page: Page): Locator => page.getByRole('tabpanel').getByRole('article').first();

/** Presses the card's Sync button and waits for the sync to complete. */
async function syncEsim(page: Page): Promise<void> {
  await esimCard(page).getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Sync Complete').first()).toBeVisible();
}

/**
 * Buys a Turkey plan with the 4242 card (Stripe's Payment Element), opens the portal from the
 * confirmation page's link (the token in the fragment), lets the phone use 100 MB at the eSIM Go
 * fake (its FirstUse callback reaches the store) and syncs: the eSIM is active and can be topped up.
 * @returns the eSIM's ICCID.
 */
async function activeEsimInPortal(page: Page): Promise<string> {
  await visitorWithTurkeyPlan(page);
  await openStripeCheckout(page);
  await fillContactAndTerms(page, `traveller-${randomUUID()}@example.com`);
  await fillStripeCard(page, CARDS.succeeds);
  await page.getByRole('button', { name: 'Complete purchase' }).click();
  const { iccid } = await expectProvisioned(page);

  await page.getByRole('link', { name: 'Open the customer portal' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  const card = esimCard(page);
  await expect(card.getByText(iccid).first()).toBeVisible();
  await expect(card.getByRole('link', { name: 'Top up' })).toHaveCount(0);

  // The traveller's phone connects at the destination: eSIM Go starts the bundle and calls back.
  const usage = await page.request.post(`${ESIMGO_FAKE}/__fake/usage`, { data: { iccid, bytes: 100 * 1024 * 1024 } });
  expect(usage.status()).toBe(200);
  const { callbacks } = (await usage.json()) as { callbacks: { alertType: string; status: number }[] };
  expect(callbacks).toContainEqual({ alertType: 'FirstUse', status: 200 });

  await syncEsim(page);
  await expect(card.getByText('Active', { exact: true }).first()).toBeVisible();
  return iccid;
}

/** From the portal card's Top up link to the top-up page with Stripe's elements loaded. */
async function openTopup(page: Page, iccid: string): Promise<void> {
  await esimCard(page).getByRole('link', { name: 'Top up' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/topup\\?iccid=${iccid}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Top up your eSIM' })).toBeVisible();
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  // The wallet row moves the form when it appears: wait for it before typing.
  await expect(
    page
      .frameLocator('iframe[title="Secure express checkout frame"]')
      .getByRole('button', { name: 'Buy with Google Pay' }),
  ).toBeVisible();
}

/** Chooses the second top-up plan (the first when there is only one). */
async function chooseSecondPlan(page: Page): Promise<void> {
  const plans = page.getByRole('radiogroup', { name: 'Choose a plan' }).getByRole('radio');
  await expect(plans.first()).toBeVisible();
  await plans.nth((await plans.count()) > 1 ? 1 : 0).check();
}

/** The confirmation of a paid top-up, then back to the portal where the synced eSIM shows it. */
async function expectTopupInPortal(page: Page, iccid: string, ordersBefore: number): Promise<void> {
  await expect(page).toHaveURL(/\/portal\/topup-confirmation\?order=ORD-/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Top-up purchased' })).toBeVisible();
  // "{plan} for {amount}": the plan bought, as the portal names its bundle.
  const summary = page.getByText(/^.+ for \$\d+\.\d{2}$/);
  await expect(summary).toBeVisible();
  const plan = /^(.+) for \$/.exec((await summary.textContent())!)![1]!;
  // One more eSIM Go order, onto the same ICCID.
  await expect.poll(async () => (await ordersFor(page, iccid)).length).toBe(ordersBefore + 1);

  await page.getByRole('link', { name: 'Back to my eSIMs' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await syncEsim(page);
  const card = esimCard(page);
  await expect(card.getByText('Additional bundles (top-ups)')).toBeVisible();
  // The new bundle, waiting behind the active one that the phone is using.
  await expect(card.getByRole('listitem').filter({ hasText: plan }).filter({ hasText: 'Queued' })).toBeVisible();
  await expect(page.getByRole('table').getByText('Top-up').first()).toBeVisible();
}

test.describe('portal top-ups with Stripe, PayPal and eSIM Go', () => {
  test('an eSIM made active at eSIM Go is topped up by a card that asks for 3-D Secure', async ({ page }) => {
    test.slow();
    const iccid = await activeEsimInPortal(page);
    const before = (await ordersFor(page, iccid)).length;
    expect(before).toBe(1);

    await openTopup(page, iccid);
    await chooseSecondPlan(page);
    // SAQ A: no card field of the store's; the card goes into Stripe's frame.
    await expect(page.getByLabel('Name on card')).toHaveCount(0);
    await fillStripeCard(page, CARDS.threeDs);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();

    const dialog = page.getByRole('dialog', { name: '3D Secure' });
    await expect(dialog).toBeVisible();
    // Nothing is bought at eSIM Go before the payment is authenticated.
    expect(await ordersFor(page, iccid)).toHaveLength(before);
    await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
    await expect(dialog).toHaveCount(0);
    await expectTopupInPortal(page, iccid, before);
  });

  test('3-D Secure failed on a top-up: the reason is shown, nothing is bought, and another card pays', async ({
    page,
  }) => {
    test.slow();
    const iccid = await activeEsimInPortal(page);
    const before = (await ordersFor(page, iccid)).length;

    await openTopup(page, iccid);
    await chooseSecondPlan(page);
    await fillStripeCard(page, CARDS.threeDs);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await challenge(page).getByRole('button', { name: 'Fail authentication' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/authenticate/i);
    await expect(page).toHaveURL(new RegExp(`/portal/topup\\?iccid=${iccid}$`));
    expect(await ordersFor(page, iccid)).toHaveLength(before);

    await paymentElement(page).getByLabel('Card number').fill(CARDS.succeeds);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expectTopupInPortal(page, iccid, before);
  });

  test('an active eSIM is topped up with PayPal: approval, capture, the bundle in the portal', async ({ page }) => {
    test.slow();
    const iccid = await activeEsimInPortal(page);
    const before = (await ordersFor(page, iccid)).length;

    await openTopup(page, iccid);
    await chooseSecondPlan(page);
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:5192\/checkoutnow\?token=/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectTopupInPortal(page, iccid, before);
  });
});
