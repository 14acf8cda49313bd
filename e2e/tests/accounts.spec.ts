import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Locator, type Page, expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { extractPortalToken, waitForMail } from './mail.ts';
import { freshTotp } from './totp.ts';
import { visitorWithCart } from './visitor.ts';

/**
 * Accounts end to end against the real API, in Debian's Chromium on a
 * fresh database: two-factor authentication set up on the profile with codes computed from the
 * secret (`totp.ts`), sign-in with a code and with a recovery code, and turning it off; a
 * forgotten password reset through the e-mail in the loopback SMTP mailbox; a signed-in buyer
 * who sees the new order's eSIM in the portal without a token and adds an earlier guest order.
 * (The first-admin link the store prints at start-up is opened by `admin.setup.ts`.) Each test
 * makes its own accounts. The store runs with NODE_ENV=production.
 * The journeys run under the store's Content-Security-Policy; the axe checks and the 360 px
 * screenshots of the new screens are at the end, with the policy bypassed to inject axe.
 */

const PASSWORD = 'lantern orbit meadow 47 tide';
const NEW_PASSWORD = 'copper harbour willow 92 dusk';
const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);

interface Traveller {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

function newTraveller(): Traveller {
  const id = randomUUID().slice(0, 8);
  return { username: `acct-${id}`, email: `acct-${id}@example.com`, firstName: 'Ada', lastName: 'Lovelace' };
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
const avatar = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account menu for / });

/** Creates the account through the API from a context of its own (no cookie reaches the page). */
async function registerByApi(request: APIRequestContext, traveller: Traveller): Promise<void> {
  const res = await request.post('/api/register', {
    data: { ...traveller, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Creates the account on /auth: the page is signed in afterwards. */
async function registerInPage(page: Page, traveller: Traveller): Promise<void> {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill(traveller.firstName);
  await form.getByLabel('Last name').fill(traveller.lastName);
  await form.getByLabel('Username').fill(traveller.username);
  await form.getByLabel('E-mail address').fill(traveller.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'Registration successful')).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await avatar(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toast(page, 'Logged out')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** Fills username and password on /auth and submits. */
async function enterCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Pays the page's cart by card on /checkout, as the buyer `name` <`email`>. */
async function payByCard(page: Page, name: string, email: string): Promise<string> {
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Name on card').fill(name);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill(EXPIRY_YEAR);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const orderNumber = /\/order-confirmation\/(ORD-[A-Z0-9-]+)/.exec(page.url())?.[1];
  expect(orderNumber).toBeTruthy();
  return orderNumber!;
}

test('two-factor authentication: set up on the profile, sign in with a code, then a recovery code, turn it off', async ({
  page,
}) => {
  // Codes are single use, so the test waits for fresh 30-second steps twice at most.
  test.setTimeout(150_000);
  const traveller = newTraveller();
  await registerInPage(page, traveller);

  // Set-up: the secret shown for typing by hand gives the codes (RFC 6238, computed here).
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const grouped = await section.getByText("Can't scan it?").locator('..').locator('code').textContent();
  const secret = (grouped ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  let totp = await freshTotp(secret);
  await section.getByLabel('Authentication code').fill(totp.code);
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(toast(page, 'Two-factor authentication is on')).toBeVisible();
  const codes = await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await section.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  // Sign in again: the password alone is not enough, a code of the next step is.
  await signOut(page);
  await enterCredentials(page, traveller.username, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  totp = await freshTotp(secret, totp.step);
  await page.getByLabel('Authentication code').fill(totp.code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(avatar(page)).toHaveText(/AL/);

  // And with a recovery code, which then no longer works.
  await signOut(page);
  await enterCredentials(page, traveller.email, PASSWORD);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  const reused = await page.request.post('/api/login', {
    headers: { Origin: new URL(page.url()).origin },
    data: { username: traveller.username, password: PASSWORD, code: codes[0] },
  });
  expect(reused.status()).toBe(401);

  // Turn it off with a code of a step not used yet.
  await page.goto('/profile');
  totp = await freshTotp(secret, totp.step);
  await section.getByLabel('Authentication code').fill(totp.code);
  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(toast(page, 'Two-factor authentication is off')).toBeVisible();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
});

test('signing in with the code that just turned two-factor authentication on says it was just used, and the next code signs in', async ({
  page,
}) => {
  // The next code is one 30-second step away at most.
  test.setTimeout(90_000);
  const traveller = newTraveller();
  await registerInPage(page, traveller);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const grouped = await section.getByText("Can't scan it?").locator('..').locator('code').textContent();
  const secret = (grouped ?? '').replace(/\s/g, '');
  const used = await freshTotp(secret);
  await section.getByLabel('Authentication code').fill(used.code);
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(toast(page, 'Two-factor authentication is on')).toBeVisible();
  await section.getByRole('button', { name: "I've saved my codes" }).click();

  // The app still shows the same code: signing in with it is refused (it works once), and the
  // form says why, next to the field and in the toast, instead of "not valid".
  await signOut(page);
  await enterCredentials(page, traveller.username, PASSWORD);
  const field = page.getByLabel('Authentication code');
  await field.fill(used.code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  const justUsed = 'This code has just been used. Wait for the next code in your authenticator app';
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(justUsed));
  await expect(field).not.toHaveAccessibleDescription(/not valid/);
  await expect(toast(page, 'Login failed')).toContainText(justUsed);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  for (const [width, height] of [
    [360, 780],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(field).toBeInViewport();
    await screenshot(page, `sign-in-code-just-used-${width}`);
  }

  const next = await freshTotp(secret, used.step);
  await field.fill(next.code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(avatar(page)).toHaveText(/AL/);
});

test('forgot password: the e-mailed link opens the reset view, the new password signs in, the link works once', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const traveller = newTraveller();
  const api = await playwright.request.newContext({ baseURL });
  await registerByApi(api, traveller);
  await api.dispose();

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail address').fill(traveller.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const mail = await waitForMail(page.request, { to: traveller.email, subject: /Reset your .* password/ });
  const link = /https?:\/\/\S+\/auth\?view=reset#token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  // The token left the address bar (history.replaceState), as the portal's link does.
  await expect(page).toHaveURL(/\/auth\?view=reset$/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  // The contract's rules first: the two passwords must match.
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign in', selected: true })).toBeVisible();

  // The old password no longer works, the new one does.
  const old = await page.request.post('/api/login', { data: { username: traveller.username, password: PASSWORD } });
  expect(old.status()).toBe(401);
  await page.getByLabel('Username or e-mail address').fill(traveller.username);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await signOut(page);

  // A used link explains itself and offers a new one (the forgot view).
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link has expired or was already used' })).toBeVisible();
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/auth\?view=forgot$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('a signed-in buyer sees the new eSIM in the portal without a token, and adds an earlier guest order', async ({
  page,
  browser,
}) => {
  test.slow();
  // An earlier order bought as a guest, in another browser: its token comes by e-mail.
  const guest = await browser.newPage();
  const guestEmail = `guest-${randomUUID().slice(0, 8)}@example.com`;
  await visitorWithCart(guest);
  const guestOrder = await payByCard(guest, 'Ada Lovelace', guestEmail);
  await guest.close();

  // The buyer: a cart first (the API refuses a cookie request from outside the page), then an account.
  await visitorWithCart(page);
  const traveller = newTraveller();
  await registerInPage(page, traveller);
  const orderNumber = await payByCard(page, 'Ada Lovelace', traveller.email);
  // Its e-mail goes out once the eSIM is provisioned.
  await waitForMail(page.request, { to: traveller.email, subject: new RegExp(orderNumber) });

  // My account goes to the portal, which shows the account's eSIMs without any token.
  await avatar(page).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByText('All orders of your account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use another token' })).toHaveCount(0);
  const history = page.getByRole('table');
  await expect(history.getByText(orderNumber)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);

  // Add the guest order with its token: wrong first, then the real one.
  const attach = page.getByRole('region', { name: 'Add an earlier order' });
  await attach.getByLabel('Access token').fill('not-a-real-token');
  await attach.getByRole('button', { name: 'Add order' }).click();
  await expect(attach.getByText("We couldn't find an order with this access token.", { exact: false })).toBeVisible();
  const token = extractPortalToken(
    await waitForMail(page.request, { to: guestEmail, subject: new RegExp(guestOrder) }),
  );
  await attach.getByLabel('Access token').fill(token);
  await attach.getByRole('button', { name: 'Add order' }).click();
  await expect(attach.getByRole('status')).toHaveText(`Order ${guestOrder} has been added to your account.`);
  await expect(history.getByText(guestOrder)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(2);

  // Signed out, the portal asks for a token again.
  await signOut(page);
  await page.goto('/portal');
  await expect(page.getByRole('button', { name: 'View my eSIMs' })).toBeVisible();
});

/** Asks for a reset e-mail through the API (a context without a session cookie) and returns the link it carries. */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const asked = await request.post('/api/forgot-password', { data: { email } });
  expect(asked.status()).toBe(200);
  const mail = await waitForMail(request, { to: email, subject: /Reset your .* password/ });
  const link = /https?:\/\/\S+\/auth\?view=reset#token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/** A screenshot of the window at its current size (or of `element`), kept with the test's results. */
async function screenshot(page: Page, name: string, element?: Locator): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await (element ?? page).screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

test.describe('accessibility and small screens of the account screens', () => {
  // axe is injected as a script, which the store's policy forbids.
  test.use({ bypassCSP: true, viewport: { width: 360, height: 740 } });

  test('the reset view: no serious axe violation, usable at 360 px, by keyboard', async ({
    page,
    playwright,
    baseURL,
    request,
  }) => {
    const traveller = newTraveller();
    const api = await playwright.request.newContext({ baseURL });
    await registerByApi(api, traveller);
    await api.dispose();
    const link = await resetLinkFor(request, traveller.email);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // The new password field has the focus; the form works from the keyboard alone.
    await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
    await page.keyboard.type('short');
    await page.keyboard.press('Tab'); // Show password
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Confirm new password')).toBeFocused();
    await page.keyboard.type('short');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Use at least 12 characters')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'reset-360');

    // In Turkish, the expired-link view.
    await page.goto('/auth?view=reset&lng=tr#token=spent-or-unknown');
    await page.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Yeni şifreyi onayla').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Yeni şifreyi kaydet' }).click();
    await expect(page.getByRole('heading', { name: /Bu bağlantının süresi dolmuş/ })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Yeni bağlantı gönder' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reset-expired-360-tr');
  });

  test('/setup-admin: no serious axe violation, usable at 360 px, in each state', async ({ page }) => {
    // The setup project has created the admin before this runs: the status is answered
    // here so that each state is checked whatever the order (the rest is the real API).
    let needed = true;
    await page.route(/\/api\/setup-admin\/status$/, (route) => route.fulfill({ json: { needed } }));
    await page.goto('/setup-admin#token=not-the-printed-token');
    await expect(page).toHaveURL(/\/setup-admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create the admin account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Your admin details' });
    await expect(form).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'setup-admin-360');
    await screenshot(page, 'setup-admin-form-360', form);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    // By keyboard: Tab from the first field walks the form in reading order.
    await form.getByLabel('First name').focus();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Last name')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Username')).toBeFocused();

    // In German, once an admin exists.
    needed = false;
    await page.goto('/setup-admin?lng=de');
    await expect(page.getByRole('heading', { name: 'Es gibt bereits einen Administrator' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Anmelden' }).last()).toHaveAttribute('href', '/auth?next=%2Fadmin');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'setup-admin-exists-360-de');

    // A link without its token (cut short) says how to get a new one.
    needed = true;
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto('/setup-admin?lng=fr');
    await expect(page.getByRole('heading', { name: 'Ce lien de configuration ne fonctionne pas' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'setup-admin-nolink-360-fr');
  });

  test('the signed-in portal: no serious axe violation, usable at 360 px', async ({ page }) => {
    test.slow();
    await visitorWithCart(page);
    const traveller = newTraveller();
    await registerInPage(page, traveller);
    const orderNumber = await payByCard(page, 'Ada Lovelace', traveller.email);
    await waitForMail(page.request, { to: traveller.email, subject: new RegExp(orderNumber) });
    await page.goto('/portal');
    await expect(page.getByText('All orders of your account')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'portal-account-360');

    // The attach form from the keyboard: an empty token is refused next to the field.
    const attach = page.getByRole('region', { name: 'Add an earlier order' });
    await attach.getByLabel('Access token').focus();
    await page.keyboard.press('Enter');
    await expect(attach.getByText('Please enter an access token')).toBeVisible();
    await expect(attach.getByLabel('Access token')).toBeFocused();
    await screenshot(page, 'portal-account-attach-360', attach);
  });
});
