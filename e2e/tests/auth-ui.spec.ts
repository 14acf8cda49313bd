import type {
  EnableTwoFactorResponse,
  LoginBody,
  RegisterBody,
  SetupTwoFactorResponse,
  UpdateUserBody,
  User,
  UserSession,
} from '@esim/contract/auth';
import fs from 'node:fs';
import { type Page, type Route, expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { text } from './i18n.ts';

/**
 * The account screens driven as a visitor would, with the auth API answered by
 * `page.route` fixtures typed by the contract (`@esim/contract/auth`): sign in, the two-factor
 * step, registration with a server field error, sign out, the profile, two-factor set-up, the
 * route guards, accessibility and 360 px. The real API's own journey is in `auth.spec.ts`.
 */

const PASSWORD = 'correct horse battery staple';
const TOTP = '123456';
/** A code the fake API answers as the one just used (401 `code_already_used`). */
const USED_TOTP = '654321';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
// A 1x1 PNG: the QR code the set-up answers with (its pixels do not matter here).
const QR_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const ADA: User = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: false,
  twoFactorEnabled: false,
  language: 'en',
};

const SESSIONS: UserSession[] = [
  {
    id: 'sess-current',
    current: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastSeenAt: '2026-03-04T09:30:00.000Z',
    userAgent: 'Chrome 140 on Linux',
    ip: '127.0.0.1',
  },
  {
    id: 'sess-phone',
    current: false,
    createdAt: '2026-02-20T08:00:00.000Z',
    lastSeenAt: '2026-03-03T18:45:00.000Z',
    userAgent: 'Safari 19 on iOS',
    ip: '203.0.113.7',
  },
];

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
const apiError = (route: Route, status: number, code: string, message: string, field?: string) =>
  json(route, status, { error: { code, message, ...(field ? { field } : {}) } });

/** What the fake account API holds and what the page sent it. */
interface Account {
  user: User | null;
  /** The account that `POST /api/login` signs in. */
  account: User;
  logins: LoginBody[];
  registrations: RegisterBody[];
  updates: UpdateUserBody[];
  sessions: UserSession[];
  endedSessions: string[];
}

/**
 * Answers the account calls from an in-memory account: `GET /api/user` (401 when signed out),
 * login (with `two_factor_required` when the account has it and no valid code came), register,
 * logout, profile, two-factor and sessions.
 */
async function mockAccount(page: Page, options: { signedIn?: User | null; account?: User } = {}): Promise<Account> {
  const account: User = options.account ?? options.signedIn ?? ADA;
  const state: Account = {
    user: options.signedIn ?? null,
    account,
    logins: [],
    registrations: [],
    updates: [],
    sessions: [...SESSIONS],
    endedSessions: [],
  };
  await page.route(/\/api\/user$/, async (route) => {
    const method = route.request().method();
    if (!state.user) return apiError(route, 401, 'unauthorized', 'Authentication required');
    if (method === 'PATCH') {
      const body = route.request().postDataJSON() as UpdateUserBody;
      state.updates.push(body);
      state.user = { ...state.user, ...body };
    }
    return json(route, 200, state.user);
  });
  await page.route(/\/api\/login$/, async (route) => {
    const body = route.request().postDataJSON() as LoginBody;
    state.logins.push(body);
    const known = body.username === state.account.username || body.username === state.account.email;
    if (!known || body.password !== PASSWORD) {
      return apiError(route, 401, 'invalid_credentials', 'Invalid username or password');
    }
    if (state.account.twoFactorEnabled && body.code === USED_TOTP) {
      return apiError(
        route,
        401,
        'code_already_used',
        'code: this code was just used. Wait for the next code in your authenticator app.',
        'code',
      );
    }
    if (state.account.twoFactorEnabled && body.code !== TOTP && !RECOVERY_CODES.includes(body.code ?? '')) {
      const message = body.code
        ? 'The two-factor code is not valid, has expired or was already used.'
        : 'A two-factor code is required.';
      return apiError(route, 401, 'two_factor_required', message, 'code');
    }
    state.user = state.account;
    return json(route, 200, state.user);
  });
  await page.route(/\/api\/register$/, async (route) => {
    const body = route.request().postDataJSON() as RegisterBody;
    state.registrations.push(body);
    if (body.username === 'taken')
      return apiError(route, 409, 'username_taken', 'username: this username is taken.', 'username');
    state.user = {
      id: 2,
      username: body.username,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      isAdmin: false,
      twoFactorEnabled: false,
      language: body.language ?? 'en',
    };
    return json(route, 201, state.user);
  });
  await page.route(/\/api\/logout$/, async (route) => {
    state.user = null;
    return route.fulfill({ status: 204 });
  });
  await page.route(/\/api\/setup-2fa$/, (route) =>
    json(route, 200, {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      otpauthUri: 'otpauth://totp/Roamwise:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Roamwise',
      qrCode: QR_PNG,
    } satisfies SetupTwoFactorResponse),
  );
  await page.route(/\/api\/enable-2fa$/, async (route) => {
    const { code } = route.request().postDataJSON() as { code: string };
    if (code !== TOTP) {
      return apiError(
        route,
        400,
        'invalid_code',
        'code: the code is not valid, has expired or was already used.',
        'code',
      );
    }
    state.user = { ...state.user!, twoFactorEnabled: true };
    return json(route, 200, { recoveryCodes: RECOVERY_CODES } satisfies EnableTwoFactorResponse);
  });
  await page.route(/\/api\/disable-2fa$/, async (route) => {
    state.user = { ...state.user!, twoFactorEnabled: false };
    return json(route, 200, { message: 'Two-factor authentication disabled' });
  });
  await page.route(/\/api\/user\/sessions(\/.*)?$/, async (route) => {
    const url = new URL(route.request().url());
    const method = route.request().method();
    if (method === 'GET') return json(route, 200, { sessions: state.sessions });
    if (url.pathname.endsWith('/end-others')) {
      state.sessions = state.sessions.filter((s) => s.current);
      return route.fulfill({ status: 204 });
    }
    const id = decodeURIComponent(url.pathname.split('/').pop()!);
    state.endedSessions.push(id);
    state.sessions = state.sessions.filter((s) => s.id !== id);
    return route.fulfill({ status: 204 });
  });
  return state;
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
/** A pattern matching `text` literally, anywhere. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const avatar = (page: Page, name = 'Ada Lovelace') =>
  page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` });

test.describe('auth page', () => {
  test('signs in with username and password and goes back to ?next=', async ({ page }) => {
    const account = await mockAccount(page);
    await page.goto('/auth?next=%2Fhow-it-works%3Fx%3D1');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Roamwise account' })).toBeVisible();

    // The contract's schema refuses an empty form, next to the fields.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const username = page.getByLabel('Username or e-mail address');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(/This field is required/);
    await expect(username).toBeFocused();

    // A wrong password: the same message whatever was wrong, inline and in the toast.
    await username.fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password' })).toBeVisible();
    await expect(toast(page, 'Login failed')).toContainText('Invalid username or password');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/how-it-works\?x=1$/);
    await expect(avatar(page)).toBeVisible();
    await expect(avatar(page)).toHaveText(/AL/);
    expect(account.logins.at(-1)).toEqual({ username: 'ada@example.com', password: PASSWORD });
  });

  test('asks for the second factor when the server requires it and sends the login again with the code', async ({
    page,
  }) => {
    const account = await mockAccount(page, { account: { ...ADA, twoFactorEnabled: true } });
    await page.goto('/auth?next=/profile');
    await page.getByLabel('Username or e-mail address').fill('ada');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(toast(page, 'Login failed')).toHaveCount(0);

    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(/This code is not valid/);
    await expect(toast(page, 'Login failed')).toContainText('The two-factor code is not valid');

    // A recovery code works as well as a TOTP code.
    await code.fill(RECOVERY_CODES[3]!);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(account.logins.map((l) => l.code)).toEqual([undefined, '000000', RECOVERY_CODES[3]]);
    expect(account.logins.at(-1)).toMatchObject({ username: 'ada', password: PASSWORD });
  });

  for (const lang of ['en', 'tr', 'de'] as const) {
    test(`says in ${lang} that a code was just used, apart from a wrong one`, async ({ page }) => {
      await mockAccount(page, { account: { ...ADA, twoFactorEnabled: true } });
      await page.goto(`/auth?lng=${lang}`);
      const say = (key: string) => text(lang, 'auth', key);
      await page.getByLabel(say('fields.usernameOrEmail')).fill('ada');
      await page.getByLabel(say('fields.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: say('signIn.submit'), exact: true }).click();
      const code = page.getByLabel(say('fields.code'));
      await expect(code).toBeFocused();

      await code.fill(USED_TOTP);
      await page.getByRole('button', { name: say('twoFactor.submit') }).click();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toHaveAccessibleDescription(literally(say('errors.codeAlreadyUsed')));
      await expect(toast(page, say('toast.loginFailed'))).toContainText(say('errors.codeAlreadyUsed'));

      // A wrong code keeps the generic message.
      await code.fill('000000');
      await page.getByRole('button', { name: say('twoFactor.submit') }).click();
      await expect(code).toHaveAccessibleDescription(literally(say('errors.invalidCode')));
    });
  }

  test('registers, showing a server field error next to its field', async ({ page }) => {
    const account = await mockAccount(page);
    await page.goto('/auth?tab=register');
    await expect(page.getByRole('tab', { name: 'Create account', selected: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Username').fill('taken');
    await form.getByLabel('E-mail address').fill('grace@example.com');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByLabel('Confirm password').fill('short');
    await form.getByRole('button', { name: 'Create account' }).click();
    // The contract's password rule, before anything is sent.
    await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Use at least 12 characters/,
    );
    expect(account.registrations).toHaveLength(0);

    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    const usernameField = form.getByLabel('Username');
    await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
    await expect(usernameField).toHaveAccessibleDescription(/This username is already taken/);
    await expect(usernameField).toBeFocused();
    await expect(toast(page, 'Registration failed')).toContainText('This username is taken.');

    await usernameField.fill('grace');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(toast(page, 'Registration successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(avatar(page, 'Grace Hopper')).toHaveText(/GH/);
    expect(account.registrations.at(-1)).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      username: 'grace',
      email: 'grace@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      language: 'en',
    });
  });

  test('never follows a ?next= to another site', async ({ page }) => {
    await mockAccount(page);
    await page.goto('/auth?next=//evil.example/x');
    await page.getByLabel('Username or e-mail address').fill('ada');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('forgot password: a confirmation on 2xx, an error otherwise', async ({ page }) => {
    await mockAccount(page);
    let answer = 404;
    const sent: unknown[] = [];
    await page.route(/\/api\/forgot-password$/, (route) => {
      sent.push(route.request().postDataJSON());
      return answer === 200
        ? json(route, 200, { message: 'If the address has an account, a link is on its way.' })
        : apiError(route, 404, 'not_found', 'Route POST:/api/forgot-password not found');
    });
    await page.goto('/auth?next=/profile');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\?view=forgot&next=%2Fprofile$/);
    await page.getByLabel('E-mail address').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText(text('en', 'auth', 'forgot.failed'));
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toHaveCount(0);

    answer = 200;
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
    await expect(page.getByText(/If an account is registered with ada@example.com/)).toBeVisible();
    expect(sent.at(-1)).toEqual({ email: 'ada@example.com', language: 'en' });
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  });

  test('speaks the visitor language', async ({ page }) => {
    await mockAccount(page);
    await page.goto('/auth?lng=tr');
    await expect(
      page.getByRole('heading', { level: 1, name: text('tr', 'auth', 'page.title', { brand: 'Roamwise' }) }),
    ).toBeVisible();
    await page.getByRole('button', { name: text('tr', 'auth', 'signIn.submit'), exact: true }).click();
    await expect(page.getByLabel(text('tr', 'auth', 'fields.usernameOrEmail'))).toHaveAccessibleDescription(
      text('tr', 'auth', 'errors.required'),
    );
  });
});

test.describe('header when signed in', () => {
  test('the avatar menu works by keyboard and logs out', async ({ page }) => {
    const account = await mockAccount(page, { signedIn: ADA });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const button = avatar(page);
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    // The menu's code loads on the first sign of intent (focus here), and the real
    // trigger then replaces the look-alike placeholder.
    await button.focus();
    await expect(button).toHaveAttribute('data-state', 'closed');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['My account', 'Profile', 'Log out']);
    await expect(menu.getByRole('menuitem', { name: 'My account' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(toast(page, 'Logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(account.user).toBeNull();
  });

  test('Enter on the avatar before the menu code has arrived opens the menu on its first item', async ({ page }) => {
    await mockAccount(page, { signedIn: ADA });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/account-menu-[\w-]+\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/how-it-works');
    const button = avatar(page);
    await expect(button).toBeVisible();
    await expect(button).not.toHaveAttribute('data-state');
    await button.focus();
    await page.keyboard.press('Enter');
    release();
    await expect(page.getByRole('menuitem', { name: 'My account' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });

  test('a click whose press lands before the menu code arrives and whose release lands after still opens the menu', async ({
    page,
  }) => {
    // The race that made a CI run fail: the idle-time load swapped the look-alike for the real
    // trigger between the mouse press and its release, and the click opened nothing.
    await mockAccount(page, { signedIn: ADA });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/account-menu-[\w-]+\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/how-it-works');
    const button = avatar(page);
    await expect(button).not.toHaveAttribute('data-state');
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The real trigger has replaced the look-alike (a CSS locator: an open menu hides the banner
    // from the accessibility tree).
    await expect(page.locator('header button[data-state]', { hasText: 'AL' })).toHaveCount(1);
    await page.mouse.up();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('data-state', 'closed');
  });

  test('an admin has the Admin panel entry, and a failed logout says so', async ({ page }) => {
    await mockAccount(page, { signedIn: { ...ADA, isAdmin: true } });
    await page.route(/\/api\/logout$/, (route) => apiError(route, 500, 'internal_error', 'Internal Server Error'));
    await page.goto('/how-it-works');
    await avatar(page).click();
    await expect(page.getByRole('menuitem')).toHaveText(['My account', 'Profile', 'Admin panel', 'Log out']);
    await page.getByRole('menuitem', { name: 'Admin panel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();

    await avatar(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(toast(page, 'Logout failed')).toBeVisible();
    await expect(avatar(page)).toBeVisible();
  });
});

test.describe('profile', () => {
  test('updates the profile', async ({ page }) => {
    const account = await mockAccount(page, { signedIn: ADA });
    await page.goto('/profile');
    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveValue('Ada');
    await expect(page.getByLabel('Language of our e-mails')).toHaveValue('en');
    await firstName.fill('Augusta');
    await page.getByLabel('Language of our e-mails').selectOption('fr');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    expect(account.updates).toEqual([
      { firstName: 'Augusta', lastName: 'Lovelace', email: 'ada@example.com', language: 'fr' },
    ]);
    // The user query takes the answer: the avatar follows.
    await expect(avatar(page, 'Augusta Lovelace')).toBeVisible();

    // A server refusal names the field.
    await page.route(/\/api\/user$/, (route) =>
      route.request().method() === 'PATCH'
        ? apiError(route, 409, 'email_taken', 'email: an account with this e-mail address exists.', 'email')
        : route.fallback(),
    );
    await page.getByLabel('E-mail address').fill('grace@example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription(/An account with this e-mail address/);
    await expect(toast(page, 'Profile update failed')).toContainText('An account with this e-mail address exists.');
  });

  test('changes the password', async ({ page }) => {
    await mockAccount(page, { signedIn: ADA });
    const bodies: unknown[] = [];
    let status = 400;
    await page.route(/\/api\/user\/change-password$/, (route) => {
      bodies.push(route.request().postDataJSON());
      return status === 200
        ? json(route, 200, { message: 'Password changed' })
        : apiError(
            route,
            400,
            'invalid_current_password',
            'currentPassword: the current password is not correct.',
            'currentPassword',
          );
    });
    await page.goto('/profile');
    const current = page.getByLabel('Current password');
    await current.fill('not my password');
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(current).toHaveAccessibleDescription(/Your current password is not correct/);
    await expect(toast(page, 'Password change failed')).toContainText('The current password is not correct.');

    status = 200;
    await current.fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password changed')).toBeVisible();
    await expect(current).toHaveValue('');
    expect(bodies.at(-1)).toEqual({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
  });

  test('sets up two-factor authentication: QR code, key, code, recovery codes once', async ({ page }) => {
    const account = await mockAccount(page, { signedIn: ADA });
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();

    const qr = section.getByRole('img', { name: /QR code to add your Roamwise account/ });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', QR_PNG);
    await expect(section.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Copy setup key' })).toBeVisible();

    const code = section.getByLabel('Authentication code');
    await code.fill('999999');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(code).toHaveAccessibleDescription(/This code is not valid/);
    await expect(toast(page, 'Two-factor authentication failed')).toBeVisible();

    await code.fill(TOTP);
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(toast(page, 'Two-factor authentication is on')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveText(RECOVERY_CODES);
    await expect(section.getByText('On', { exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('roamwise-recovery-codes-ada.txt');
    const file = fs.readFileSync(await download.path(), 'utf8');
    expect(file).toContain('Roamwise recovery codes for ada');
    for (const c of RECOVERY_CODES) expect(file).toContain(`\n${c}\n`);
    await expect(section.getByRole('button', { name: 'Copy recovery codes' })).toBeVisible();

    // Shown once: after 'I've saved my codes' they are gone, and the form turns it off.
    await section.getByRole('button', { name: "I've saved my codes" }).click();
    await expect(section.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
    await section.getByLabel('Authentication code').fill(TOTP);
    await section.getByRole('button', { name: 'Turn off' }).click();
    await expect(toast(page, 'Two-factor authentication is off')).toBeVisible();
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    expect(account.user?.twoFactorEnabled).toBe(false);
  });

  test('lists the sessions and ends the others', async ({ page }) => {
    const account = await mockAccount(page, { signedIn: ADA });
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Active sessions' });
    const rows = section.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Chrome 140 on Linux');
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText('127.0.0.1');
    await expect(rows.first().getByRole('button')).toHaveCount(0);
    await expect(rows.nth(1)).toContainText('203.0.113.7');
    await section.getByRole('button', { name: 'End session on Safari 19 on iOS' }).click();
    await expect(toast(page, 'Session ended')).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect(account.endedSessions).toEqual(['sess-phone']);
    await expect(section.getByText('No other device is signed in.')).toBeVisible();
  });
});

test.describe('route guards', () => {
  test('a signed-out visitor on /profile is sent to sign in, and comes back', async ({ page }) => {
    await mockAccount(page);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
    await page.getByLabel('Username or e-mail address').fill('ada');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });

  test('shows a spinner while the user loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/user$/, async (route) => {
      await held;
      await json(route, 200, ADA);
    });
    await page.goto('/profile');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your account…' })).toBeAttached();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });

  test('a signed-in non-admin on /admin sees Access Denied', async ({ page }) => {
    await mockAccount(page, { signedIn: ADA });
    for (const path of ['/admin', '/admin/catalogue-sync']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText('Admin privileges required')).toBeVisible();
    }
  });

  test('a signed-out visitor on /admin is sent to sign in', async ({ page }) => {
    await mockAccount(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth\?next=%2Fadmin$/);
  });
});

test.describe('accessibility', () => {
  // axe is injected as a script, which the store's CSP (rightly) refuses.
  test.use({ bypassCSP: true });

  test('no serious axe violation on /auth (each view)', async ({ page }) => {
    test.slow();
    await mockAccount(page, { account: { ...ADA, twoFactorEnabled: true } });
    await page.goto('/auth');
    await expect(page.getByLabel('Username or e-mail address')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByLabel('Username or e-mail address').fill('ada');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/auth?view=forgot');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('no serious axe violation on /profile, with the set-up and the recovery codes', async ({ page }) => {
    test.slow();
    await mockAccount(page, { signedIn: ADA });
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Authentication code').fill(TOTP);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    // The toast fades in: axe would measure the contrast of its half-transparent text.
    await expect(toast(page, 'Two-factor authentication is on')).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('screen sizes', () => {
  test('360 px: /auth and /profile fit, and the avatar menu opens', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const account = await mockAccount(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/auth');
    await expect(page.getByLabel('Username or e-mail address')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('auth-360.png'), fullPage: true });
    await page.getByRole('tab', { name: 'Create account' }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);

    account.user = ADA;
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('profile-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByLabel('Authentication code').fill(TOTP);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('profile-2fa-360.png'), fullPage: true });

    await expect(avatar(page)).toBeInViewport();
    await avatar(page).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeInViewport({ ratio: 1 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('menu-360.png') });
  });

  test('1280 px screenshots of /auth and /profile', async ({ page }, testInfo) => {
    const account = await mockAccount(page);
    await page.goto('/auth');
    await expect(page.getByLabel('Username or e-mail address')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('auth-1280.png'), fullPage: true });
    account.user = ADA;
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath('profile-1280.png'), fullPage: true });
  });
});
