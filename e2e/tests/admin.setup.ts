import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test as setup } from '../support/test.ts';
import { type AdminCredentials, adminCredentialsPath, adminStatePath } from '../support/admin-session.ts';
import { adminSetupLinkPath } from '../support/admin-setup-link.ts';
import { freshTotp } from './totp.ts';

/**
 * The run's admin, for the admin specs: opens the first-admin link the store
 * printed at start-up, creates the admin on /setup-admin, checks the link is spent, turns on
 * two-factor authentication (required of admins in production) and saves the signed-in state
 * for the admin specs (`support/admin-session.ts`).
 */
setup('the first-admin link creates the admin, signs it in and opens the admin area', async ({ page }) => {
  setup.setTimeout(90_000);
  const file = adminSetupLinkPath();
  const link = file
    ? await fs.readFile(file, 'utf8').then(
        (text) => text.trim(),
        () => '',
      )
    : '';
  expect(link, 'the store prints a first-admin link on a fresh database').toBeTruthy();

  await page.goto(link);
  await expect(page).toHaveURL(/\/setup-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create the admin account' })).toBeVisible();

  const id = randomUUID().slice(0, 8);
  const admin: Omit<AdminCredentials, 'totpSecret'> = {
    username: `admin-${id}`,
    email: `admin-${id}@example.com`,
    password: 'lantern orbit meadow 47 tide',
  };
  const form = page.getByRole('form', { name: 'Your admin details' });
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('Username').fill(admin.username);
  await form.getByLabel('E-mail address').fill(admin.email);
  await form.getByLabel('Password', { exact: true }).fill(admin.password);
  await form.getByLabel('Confirm password').fill(admin.password);
  await form.getByRole('button', { name: 'Create admin account' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Admin account created' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  const user = (await (await page.request.get('/api/user')).json()) as { isAdmin: boolean };
  expect(user.isAdmin).toBe(true);

  // The link is spent: the page now says an admin exists and offers sign-in.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'An administrator already exists' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', '/auth?next=%2Fadmin');

  // Two-factor authentication, which production requires of admins (ADMIN_REQUIRE_2FA).
  const origin = new URL(page.url()).origin;
  const setupRes = await page.request.post('/api/setup-2fa', { headers: { Origin: origin } });
  expect(setupRes.status(), await setupRes.text()).toBe(200);
  const { secret } = (await setupRes.json()) as { secret: string };
  const { code } = await freshTotp(secret);
  const enableRes = await page.request.post('/api/enable-2fa', { headers: { Origin: origin }, data: { code } });
  expect(enableRes.status(), await enableRes.text()).toBe(200);

  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await fs.writeFile(adminCredentialsPath(), JSON.stringify({ ...admin, totpSecret: secret }), { mode: 0o600 });
  await page.context().storageState({ path: adminStatePath() });
});
