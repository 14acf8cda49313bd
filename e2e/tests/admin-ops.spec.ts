import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Locator, type Page, expect, test } from '../support/test.ts';
import { adminStatePath } from '../support/admin-session.ts';
import { MAILBOX_HTTP_URL, type MailboxMessage } from '../support/mailbox-api.ts';
import { seriousViolations } from './a11y.ts';
import { waitForMail } from './mail.ts';

/**
 * The admin area's operations screens end to end (dashboard, outbox and jobs: an e-mail opened
 * in the Outbox; a customer sees Access Denied), in Debian's Chromium
 * against the built store (NODE_ENV=production: admins need two-factor authentication; e-mail
 * goes to the loopback SMTP mailbox). The admin made by `admin.setup.ts` buys nothing itself: a
 * visitor of its own buys a plan through the API, then the admin sees the dashboard with its
 * figures and chart, finds the order's confirmation in the Outbox, opens its HTML copy in the
 * frame and resends it (a second message arrives). A customer is refused. The 360 px and axe
 * checks run with the page's policy bypassed (axe is injected as a script).
 */

const EXPIRY_YEAR = new Date().getUTCFullYear() + 2;

const toast = (page: Page, title: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** A screenshot of the window at its current size (or of `element`), kept with the test's results. */
async function screenshot(page: Page, name: string, element?: Locator, fullPage = false): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await (element ? element.screenshot({ path }) : page.screenshot({ path, fullPage }));
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/**
 * Buys one prepaid Turkey plan by card as a visitor of its own (a request context without the
 * admin's cookie), for `email`.
 * @returns the order number.
 */
async function buyOrder(request: APIRequestContext, email: string): Promise<string> {
  const sessionId = randomUUID();
  const products = (await (await request.get('/api/products?country=TR&type=prepaid')).json()) as {
    products: { productId: number }[];
  };
  const added = await request.post('/api/cart', {
    headers: { 'X-Session-Id': sessionId },
    data: { productId: products.products[0]!.productId, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  const token = await request.post('/api/payments/sandbox/tokens', {
    data: {
      cardholderName: 'Ops Tester',
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: EXPIRY_YEAR,
      cvv: '123',
    },
  });
  expect(token.status()).toBe(201);
  const checkout = await request.post('/api/checkout', {
    headers: { 'X-Session-Id': sessionId, 'Idempotency-Key': randomUUID() },
    data: {
      customer: { fullName: 'Ops Tester', email },
      payment: { method: 'card', token: ((await token.json()) as { token: string }).token },
      acceptTerms: true,
      language: 'en',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  return ((await checkout.json()) as { orderNumber: string }).orderNumber;
}

/** Every message the mailbox holds for `to`. */
async function mailTo(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const res = await request.get(`${MAILBOX_HTTP_URL}/messages`, { params: { to } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as MailboxMessage[];
}

test.describe('the admin operations screens', () => {
  test.use({ storageState: adminStatePath() });

  test('the dashboard shows the sales; the Outbox opens an order e-mail as sent and resends it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
    const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const orderNumber = await buyOrder(visitor, email);
    await visitor.dispose();
    const first = await waitForMail(page.request, { to: email, subject: new RegExp(orderNumber) });
    expect(first.html).toContain(orderNumber);

    // The dashboard: the three periods, the chart of sales per day, the new order among the latest.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveTitle(/^Dashboard · Admin \| /);
    for (const period of ['Today', 'Last 7 days', 'Last 30 days']) {
      const kpi = page.getByRole('group', { name: period });
      await expect(kpi).toBeVisible();
      await expect(kpi).toContainText(/\$\d/);
    }
    const chart = page.getByRole('region', { name: 'Sales per day' });
    await expect(chart.locator('svg.recharts-surface')).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const latest = page.getByRole('region', { name: 'Latest orders' });
    await expect(latest.getByRole('link', { name: new RegExp(orderNumber) })).toHaveAttribute(
      'href',
      `/admin/orders/${orderNumber}`,
    );
    await expect(
      page.getByRole('region', { name: 'Background jobs' }).getByRole('link', { name: 'Open jobs' }),
    ).toHaveAttribute('href', '/admin/jobs');
    await screenshot(page, 'dashboard-1280', undefined, true);

    // The Outbox: find the order's confirmation, open it, see the HTML copy in the frame.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Outbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    await expect(page).toHaveTitle(/^Outbox · Admin \| /);
    await page.getByLabel('Search e-mails').fill(orderNumber);
    await page.getByLabel('Search e-mails').press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${orderNumber}`));
    const rows = page.getByRole('list', { name: 'E-mails, newest first' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(email);
    await expect(rows.first()).toContainText('Sent');
    await rows.first().getByRole('button').click();

    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('heading', { name: first.subject })).toBeVisible();
    await expect(page).toHaveURL(/[?&]id=\d+/);
    const frame = panel.frameLocator(`iframe[title="The e-mail “${first.subject}” as it was sent"]`);
    await expect(frame.getByText(orderNumber).first()).toBeVisible();
    // The QR codes travelled as cid: parts; the copy shows them as data: images.
    await expect(frame.locator('img[src^="data:image/png;base64,"]').first()).toBeVisible();
    await screenshot(page, 'outbox-message-1280');
    await panel.getByRole('tab', { name: 'Text version' }).click();
    await expect(panel.getByRole('tabpanel')).toContainText(orderNumber);

    // Resend, after a confirmation: a toast, and a second copy in the mailbox.
    await panel.getByRole('button', { name: 'Resend' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send this e-mail again?' });
    await expect(confirm).toContainText(email);
    await confirm.getByRole('button', { name: 'Send a copy' }).click();
    await expect(toast(page, `A copy was sent to ${email}`)).toBeVisible();
    await expect
      .poll(async () => (await mailTo(page.request, email)).filter((m) => m.subject === first.subject).length, {
        timeout: 15_000,
      })
      .toBe(2);
    // Closing the panel takes the message out of the address; the list shows both messages.
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/[?&]id=/);
    await expect(rows).toHaveCount(2);

    // The deep link the order timeline uses (`/admin/outbox?id=<id>`) opens the message directly.
    await rows.last().getByRole('button').click();
    await expect(page).toHaveURL(/[?&]id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');
    await page.goto(`/admin/outbox?id=${id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { name: first.subject })).toBeVisible();
  });

  test('the jobs and audit screens list their entries; the admin action is in the audit log', async ({ page }) => {
    await page.goto('/admin/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Jobs by state' });
    await expect(tabs.getByRole('tab', { name: /Failed/ })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: /Waiting/ }).click();
    await expect(page).toHaveURL(/status=queued/);
    // The recurring usage sync is always scheduled.
    await expect(page.getByRole('heading', { level: 2, name: /Sync data usage/ }).first()).toBeVisible();
    await screenshot(page, 'jobs-1280');

    await page.goto('/admin/audit?all=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Audit log, newest first' }).getByText('/api/admin/jobs').first(),
    ).toBeVisible();
    await screenshot(page, 'audit-1280');
  });

  test('an admin the server refuses for want of two-factor authentication sees what to do', async ({ page }) => {
    await page.route('**/api/admin/ping', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'two_factor_setup_required',
            message: 'Admins must turn on two-factor authentication before using the admin area.',
          },
        }),
      }),
    );
    await page.goto('/admin/outbox');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication to use the admin area' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(page.getByRole('heading', { name: 'Outbox' })).toHaveCount(0);
  });
});

test.describe('the admin area as a customer', () => {
  test('a signed-in customer sees Access Denied, and the admin API refuses them', async ({ page }) => {
    const id = randomUUID().slice(0, 8);
    const password = 'lantern orbit meadow 47 tide';
    const registered = await page.request.post('/api/register', {
      data: {
        username: `cust-${id}`,
        email: `cust-${id}@example.com`,
        firstName: 'Cora',
        lastName: 'Customer',
        password,
        confirmPassword: password,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Admin privileges required')).toBeVisible();
    const api = await page.request.get('/api/admin/dashboard');
    expect(api.status()).toBe(403);
    expect(await api.json()).toMatchObject({ error: { code: 'forbidden', message: 'Admin privileges required' } });
  });
});

test.describe('accessibility and small screens of the operations screens', () => {
  test.use({ storageState: adminStatePath(), bypassCSP: true, viewport: { width: 360, height: 740 } });

  for (const [path, heading, name] of [
    ['/admin', 'Dashboard', 'dashboard'],
    ['/admin/outbox', 'Outbox', 'outbox'],
    ['/admin/jobs', 'Jobs', 'jobs'],
    ['/admin/audit', 'Audit log', 'audit'],
  ] as const) {
    test(`${path}: no serious axe violation, nothing wider than 360 px`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      // The section bar scrolls sideways with the current section in view.
      const nav = page.getByRole('navigation', { name: 'Admin sections' });
      await expect(nav.getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: heading })).toBeInViewport();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, `${name}-360`, undefined, true);
    });
  }

  test('an Outbox message opens in a full-width panel at 360 px, by keyboard', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
    const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const orderNumber = await buyOrder(visitor, email);
    await visitor.dispose();
    await waitForMail(page.request, { to: email, subject: new RegExp(orderNumber) });
    await page.goto('/admin/outbox');
    const first = page.getByRole('list', { name: 'E-mails, newest first' }).getByRole('button').first();
    await expect(first).toBeVisible();
    await first.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('tab', { name: 'As sent' })).toBeVisible();
    await expect(panel.locator('iframe')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'outbox-message-360');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(first).toBeFocused();
  });
});
