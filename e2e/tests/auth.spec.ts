import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '../support/test.ts';

/**
 * Accounts end to end against the real API: a traveller registers, signs out and signs
 * in again through the store's pages, on a fresh database; the session is the API's cookie. Each
 * test makes its own account. The screens' states with every API answer are in `auth-ui.spec.ts`.
 */

const PASSWORD = 'lantern orbit meadow 47 tide';

function newTraveller() {
  const id = randomUUID().slice(0, 8);
  return { username: `trav-${id}`, email: `trav-${id}@example.com`, firstName: 'Marie', lastName: 'Curie' };
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const avatar = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Account menu for Marie Curie' });

async function register(page: Page, traveller: ReturnType<typeof newTraveller>) {
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

test('register, sign out, sign in again and come back to the profile', async ({ page }) => {
  const traveller = newTraveller();
  await register(page, traveller);
  await expect(avatar(page)).toHaveText(/MC/);
  expect((await page.request.get('/api/user')).status()).toBe(200);

  // The same username again is refused next to its field (409 username_taken).
  const second = await page.request.post('/api/register', {
    headers: { Origin: new URL(page.url()).origin },
    data: { ...traveller, email: `other-${traveller.email}`, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(second.status()).toBe(409);

  await avatar(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toast(page, 'Logged out')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // Signed out, the profile sends the visitor to sign in and back.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  await page.getByLabel('Username or e-mail address').fill(traveller.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Login failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(traveller.email);
  await expect(page.getByLabel('First name')).toHaveValue('Marie');
  await expect(
    page.getByRole('region', { name: 'Active sessions' }).getByRole('listitem').filter({ hasText: 'This device' }),
  ).toHaveCount(1);
});

test('a signed-in traveller updates the profile and is refused the admin area', async ({ page }) => {
  const traveller = newTraveller();
  await register(page, traveller);
  await page.goto('/profile');
  await page.getByLabel('Last name').fill('Skłodowska');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Skłodowska');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Marie Skłodowska' })).toHaveText(
    /MS/,
  );

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Admin privileges required')).toBeVisible();
});
