import { randomUUID } from 'node:crypto';
import { type Page, expect, test } from '../support/test.ts';
import { adminStatePath } from '../support/admin-session.ts';
import { seriousViolations } from './a11y.ts';

/**
 * Support messages and chat conversations in the admin area end to end (admins see them and mark
 * messages answered), as the admin
 * made by `admin.setup.ts`: a visitor of its own sends a contact-form message through the API;
 * the admin finds it, opens it (the message, the sender, a `mailto:` reply with the reference in
 * the subject) and marks it answered, and it moves to the Answered tab. A visitor asks the chat
 * assistant a question (`POST /api/anythingllm/chat`, stored as a conversation); the admin finds
 * the conversation, reads it as chat bubbles with the answer's sources and kind, and marks it
 * reviewed. At 1280 and 360 px, with screenshots; no serious axe violation (the page's CSP is
 * bypassed to inject axe).
 */

test.use({ storageState: adminStatePath(), bypassCSP: true });

const toast = (page: Page, title: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** A screenshot of the window, kept with the test's results. */
async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** Nothing wider than the window (no sideways scrolling at 360 px). */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 360] as const) {
  test(`at ${width} px the admin opens a support message, replies by e-mail and marks it answered`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const id = randomUUID().slice(0, 8);
    const email = `visitor-${id}@example.com`;
    const subject = `Hotspot on my Japan plan ${id}`;
    const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const sent = await visitor.post('/api/support/messages', {
      data: {
        name: 'Ada Lovelace',
        email,
        subject,
        message: 'Can I share my data with my laptop?\nThanks, Ada',
        language: 'en',
      },
    });
    expect(sent.status(), await sent.text()).toBe(202);
    const { reference } = (await sent.json()) as { reference: string };
    await visitor.dispose();

    await page.goto('/admin/support-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Support messages' })).toBeVisible();
    await expect(page).toHaveTitle(/^Support messages · Admin \| /);
    const status = page.getByRole('group', { name: 'Status' });
    await status.getByRole('button', { name: /^Open/ }).click();
    await expect(page).toHaveURL(/status=open/);
    await page.getByLabel('Search messages').fill(reference);
    await page.getByLabel('Search messages').press('Enter');
    const rows = page.getByRole('list', { name: 'Support messages' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(subject);
    await expect(rows.first()).toContainText(email);
    await expect(rows.first()).toContainText('Open');
    await expectNoOverflow(page);
    await screenshot(page, `support-messages-list-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    await rows.first().getByRole('button').click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('heading', { name: subject })).toBeVisible();
    await expect(panel).toContainText(reference);
    await expect(panel).toContainText('Can I share my data with my laptop?');
    const reply = panel.getByRole('link', { name: 'Reply by e-mail' });
    const href = (await reply.getAttribute('href')) ?? '';
    expect(href.startsWith(`mailto:${email}?subject=`)).toBe(true);
    expect(decodeURIComponent(href.split('?subject=')[1] ?? '')).toBe(`Re: [${reference}] ${subject}`);
    await screenshot(page, `support-message-panel-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Mark answered' }).click();
    await expect(toast(page, 'Message marked answered')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(panel).toContainText('Answered');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    // It left the Open tab, and is under Answered.
    await expect(rows).toHaveCount(0);
    await status.getByRole('button', { name: /^Answered/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Answered');
  });
}

test('the admin reads a chat conversation as bubbles with its sources and marks it reviewed', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const sessionId = `e2e-${Date.now()}-abcdef`;
  const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const asked = await visitor.post('/api/anythingllm/chat', {
    data: { message: 'Is hotspot allowed?', mode: 'chat', sessionId, reset: false },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const answer = (await asked.json()) as { textResponse: string; sources: { title: string }[] };
  await visitor.dispose();

  for (const width of [1280, 360] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/conversations');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat conversations' })).toBeVisible();
    await page.getByLabel('Search conversations').fill(sessionId);
    await page.getByLabel('Search conversations').press('Enter');
    const rows = page.getByRole('list', { name: 'Chat conversations' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Is hotspot allowed?');
    await expect(rows.first()).toContainText('2 messages');
    await expectNoOverflow(page);
    await screenshot(page, `conversations-list-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    await rows.first().getByRole('button').click();
    const panel = page.getByRole('dialog', { name: 'Chat conversation' });
    await expect(panel).toContainText(sessionId);
    const bubbles = panel.getByRole('listitem').filter({ hasText: /Visitor|Assistant/ });
    await expect(panel.getByText('Is hotspot allowed?', { exact: true })).toBeVisible();
    await expect(
      panel.getByText(answer.textResponse.split('\n')[0]!.slice(0, 40), { exact: false }).first(),
    ).toBeVisible();
    for (const source of answer.sources) await expect(panel).toContainText(source.title);
    expect(await bubbles.count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, `conversation-panel-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  }

  await page.goto(`/admin/conversations?q=${encodeURIComponent(sessionId)}`);
  await page.getByRole('list', { name: 'Chat conversations' }).getByRole('button').first().click();
  const panel = page.getByRole('dialog', { name: 'Chat conversation' });
  await panel.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(toast(page, 'Conversation marked reviewed')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark not reviewed' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('Review').selectOption('true');
  await expect(page).toHaveURL(/reviewed=true/);
  await expect(page.getByRole('list', { name: 'Chat conversations' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Chat conversations' })).toContainText('Reviewed');
});

test('an answer shows its sources (links to the store), its kind and its answer time', async ({ page }) => {
  // A stored conversation as the API gives it (`AdminConversationDetail`), so that the sources are
  // there whatever the engine answered the run's own question with.
  const conversation = {
    id: 424242,
    sessionId: '1732456789012-fixture01',
    language: 'en',
    engine: 'local',
    messageCount: 2,
    firstQuestion: 'Is hotspot allowed?',
    startedAt: '2026-03-01T10:00:00.000Z',
    lastMessageAt: '2026-03-01T10:00:01.000Z',
    reviewedAt: null,
    reviewedBy: null,
    messages: [
      {
        id: 1,
        sender: 'user',
        message: 'Is hotspot allowed?',
        sources: [],
        language: 'en',
        kind: null,
        latencyMs: null,
        createdAt: '2026-03-01T10:00:00.000Z',
      },
      {
        id: 2,
        sender: 'agent',
        message: 'Yes: hotspot is allowed on every plan, and it counts toward your data.',
        sources: [
          { title: 'Using your eSIM as a hotspot', url: '/faq#hotspot' },
          { title: 'Unlimited plans and fair use' },
        ],
        language: 'en',
        kind: 'knowledge',
        latencyMs: 12,
        createdAt: '2026-03-01T10:00:01.000Z',
      },
    ],
  };
  await page.route('**/api/admin/chat-conversations/424242', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(conversation) }),
  );
  await page.goto('/admin/conversations?id=424242');
  const panel = page.getByRole('dialog', { name: 'Chat conversation' });
  await expect(panel.getByRole('link', { name: /Using your eSIM as a hotspot/ })).toHaveAttribute(
    'href',
    '/faq#hotspot',
  );
  await expect(panel.getByText('Unlimited plans and fair use')).toBeVisible();
  await expect(panel.getByText('Knowledge base')).toBeVisible();
  await expect(panel.getByText('Answered in 12 ms')).toBeVisible();
  await expect(panel.getByText('Not reviewed')).toBeVisible();
  await screenshot(page, 'conversation-sources-1280');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the admin screens have empty states', async ({ page }) => {
  await page.goto(`/admin/support-messages?q=${randomUUID()}`);
  await expect(page.getByText('No matching messages')).toBeVisible();
  await page.goto(`/admin/conversations?q=${randomUUID()}`);
  await expect(page.getByText('No matching conversations')).toBeVisible();
});
