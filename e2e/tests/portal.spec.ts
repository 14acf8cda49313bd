import { randomUUID } from 'node:crypto';
import { type Locator, type Page, expect, test } from '../support/test.ts';
import { extractPortalToken, waitForMail } from './mail.ts';
import { visitorWithCart } from './visitor.ts';

/**
 * The customer portal end to end, as a traveller would use it (issue "Customer portal", Done
 * means): buy a plan, take the access token from the e-mail (real SMTP on loopback), follow the
 * eSIM through the sandbox's simulated phone (first use, a day of data, expiry) and top it up by
 * card. Nothing is mocked: the built store, its database, the sandbox eSIM and payment providers.
 */

const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

/** Puts one Turkey plan in a fresh visitor's cart (as the store keeps its session id) and pays by card on /checkout. */
async function buyOnePlan(page: Page, email: string): Promise<void> {
  await visitorWithCart(page);

  await page.goto('/checkout');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Name on card').fill('Grace Hopper');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill(EXPIRY_YEAR);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
}

/** The portal card of the only eSIM on the current tab. */
const esimCard = (page: Page): Locator => page.getByRole('tabpanel').getByRole('article').first();

/** Presses the card's Sync button and waits for the sync to complete. */
async function syncEsim(page: Page): Promise<void> {
  await esimCard(page).getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Sync Complete').first()).toBeVisible();
}

/** Presses a control on the sandbox's device simulator page, which answers by reloading itself. */
async function onPhone(simulator: Page, control: string | RegExp): Promise<void> {
  await simulator.getByRole('button', { name: control }).click();
  await simulator.waitForLoadState();
}

test('a traveller follows an eSIM in the portal: token from the e-mail, activation, usage, a top-up, expiry', async ({
  page,
  context,
}) => {
  // One journey across many page loads and a real e-mail: the slow-test budget.
  test.slow();
  const email = `traveller-${randomUUID()}@example.com`;
  await buyOnePlan(page, email);

  // The token, from the e-mail the store sent over SMTP; its portal link signs in directly.
  const mail = await waitForMail(page.request, { to: email });
  const token = extractPortalToken(mail);
  await page.goto(`/portal#token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/portal$/); // the token left the address bar
  const card = esimCard(page);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Ready|Pending)$/).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Activate to Top-Up' })).toBeDisabled();
  await expect(page.getByRole('table').getByText('Completed')).toBeVisible();

  // The sandbox plays the phone: first use at the destination activates the eSIM.
  const simulatorLink = card.getByRole('link', { name: /device simulator/ });
  const [simulator] = await Promise.all([context.waitForEvent('page'), simulatorLink.click()]);
  await simulator.waitForLoadState();
  await onPhone(simulator, /first use/i);
  await syncEsim(page);
  await expect(card.getByText('Active', { exact: true }).first()).toBeVisible();

  // A day of travel later, the usage bar shows the data used (10 % of the allowance a day).
  await onPhone(simulator, 'Advance 1 day');
  await syncEsim(page);
  const meter = card.getByRole('progressbar').or(card.getByRole('meter')).first();
  await expect(meter).toHaveAttribute('aria-valuenow', /^(9|10|11)$/);

  // Top up by card: the plan list, the payment, the confirmation, back to the portal.
  await card.getByRole('link', { name: 'Top up' }).click();
  await expect(page).toHaveURL(/\/portal\/topup\?iccid=\d{19,20}$/);
  const plans = page.getByRole('radiogroup');
  await plans.getByRole('radio').nth(1).check();
  await page.getByLabel('Name on card').fill('Grace Hopper');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill(EXPIRY_YEAR);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/portal\/topup-confirmation\?order=ORD-/);
  await expect(page.getByRole('heading', { name: 'Top-up purchased' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to my eSIMs' }).click();
  await expect(page).toHaveURL(/\/portal$/);

  // The additional bundle is on the eSIM once synced, waiting behind the main one.
  await syncEsim(page);
  await expect(card.getByText('Additional bundles (top-ups)')).toBeVisible();
  await expect(card.getByText('Queued', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table').getByText('Top-up')).toBeVisible();
  const receipt = await waitForMail(page.request, { to: email, subject: /top-up/i });
  expect(receipt.text).toContain('ORD-');

  // The plan runs out in the sandbox: the eSIM leaves 'Active & Pending' for 'Archived'.
  await onPhone(simulator, 'Let the plan expire');
  await syncEsim(page);
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(esimCard(page).getByText('Expired', { exact: true }).first()).toBeVisible();
  await expect(esimCard(page).getByRole('button', { name: 'Activate to Top-Up' })).toBeDisabled();
});
