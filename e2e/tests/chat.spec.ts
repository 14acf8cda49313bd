import type { ChatRequest, ChatResponse } from '@esim/contract/chat';
import { type Locator, type Page, type Request, type Route, expect, test } from '../support/test.ts';
import { seriousViolations } from './a11y.ts';
import { text } from './i18n.ts';

/**
 * The floating chat assistant (`docs/product-rules.md#chat-assistant-and-knowledge-base`), driven as
 * a visitor would at 360 x 740 and 1280 x 800, in English and in Turkish: the launcher, the
 * open, minimised and closed states with their keyboard behaviour, the welcome message, sending
 * (blank text refused, text trimmed, nothing sent while pending, typing indicator, input
 * disabled then cleared, reply with its sources and time, auto-scroll), failures (HTTP error,
 * network error, rate limit) with the localised error and the text kept, the chat session id
 * kept in session storage and reused across pages and reloads, a real answer from the local
 * engine with its sources, axe, and screenshots. Most tests answer `POST /api/anythingllm/chat`
 * with `page.route` fixtures typed by the contract; "a real answer" asks the store's own engine.
 */

const CHAT_API = '**/api/anythingllm/chat';
const BRAND = 'Roamwise';
const SESSION_ID = /^\d{13}-[a-z0-9]{6,}$/;

const VIEWPORTS = [
  { label: '360 px', width: 360, height: 740, panelWidth: 360 - 32 },
  { label: '1280 px', width: 1280, height: 800, panelWidth: 384 },
] as const;
const LANGUAGES = ['en', 'tr'] as const;
type Lang = (typeof LANGUAGES)[number];

/** A question a traveller types, per language, and the real engine's topic for it. */
const HOTSPOT_QUESTION: Record<Lang, string> = {
  en: 'Can I use my eSIM as a hotspot?',
  tr: "eSIM'imi hotspot olarak kullanabilir miyim?",
};

const chat = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  text(lang, 'chat', key, { brand: BRAND, ...values });
/** A text of the launcher and the panel's frame, which the app shell shows (`common.json` `chat`). */
const shell = (lang: Lang, key: 'launcher' | 'dialog' | 'loading' | 'unread') =>
  text(lang, 'common', `chat.${key}`, { brand: BRAND });

/** The widget's parts, by role and accessible name in `lang`. */
function widget(page: Page, lang: Lang) {
  const panel = page.getByRole('dialog', { name: shell(lang, 'dialog') });
  return {
    launcher: page.getByRole('button', { name: shell(lang, 'launcher'), exact: true }),
    panel,
    log: panel.getByRole('log', { name: chat(lang, 'log') }),
    input: panel.getByRole('textbox', { name: chat(lang, 'inputLabel') }),
    send: panel.getByRole('button', { name: chat(lang, 'send') }),
    minimise: panel.getByRole('button', { name: chat(lang, 'minimise') }),
    restore: panel.getByRole('button', { name: chat(lang, 'restore') }),
    close: panel.getByRole('button', { name: chat(lang, 'close') }),
    typing: panel.getByText(chat(lang, 'typing')),
  };
}

/** Opens a page in `lang` (the `lng` query parameter; kept for later pages) and waits for the launcher. */
async function visit(page: Page, lang: Lang, path = '/how-it-works') {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lang}`);
  await expect(widget(page, lang).launcher).toBeVisible();
}

async function openChat(page: Page, lang: Lang) {
  const w = widget(page, lang);
  await w.launcher.click();
  await expect(w.panel).toBeVisible();
  await expect(w.input).toBeFocused();
  return w;
}

const reply = (textResponse: string, sources: ChatResponse['sources'] = []): ChatResponse => ({
  id: `reply-${Math.random().toString(36).slice(2)}`,
  textResponse,
  sources,
});

const fulfil = (route: Route, body: ChatResponse) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/** Answers every chat request with `answer(body)` and records the bodies. */
async function answerChat(page: Page, answer: (body: ChatRequest) => ChatResponse): Promise<ChatRequest[]> {
  const bodies: ChatRequest[] = [];
  await page.route(CHAT_API, async (route) => {
    const body = route.request().postDataJSON() as ChatRequest;
    bodies.push(body);
    await fulfil(route, answer(body));
  });
  return bodies;
}

const SOURCES_EN: ChatResponse['sources'] = [
  { title: 'Using your eSIM as a hotspot' },
  { title: 'Japan eSIM plans', url: '/en/japan' },
];

/**
 * Records the page's Content-Security-Policy violations (the widget must work under the store's
 * policy: no inline styles, no eval); read them with `cspViolations(page)`.
 */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`),
    );
  });
}

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

async function screenshot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

for (const viewport of VIEWPORTS) {
  for (const lang of LANGUAGES) {
    const diagonal = (lang === 'en') === (viewport.width === 360);
    test.describe(`chat widget, ${lang}, ${viewport.label}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('opens, minimises, restores and closes, with the focus where it belongs', async ({ page }) => {
        await visit(page, lang);
        const w = widget(page, lang);
        await expect(w.launcher).toHaveAttribute('aria-expanded', 'false');
        await expect(w.panel).toHaveCount(0);

        // Open: the panel stands above the launcher at the bottom right, on layer 10000.
        await w.launcher.click();
        await expect(w.panel).toBeVisible();
        await expect(w.launcher).toHaveAttribute('aria-expanded', 'true');
        await expect(w.launcher).toHaveAttribute('aria-controls', (await w.panel.getAttribute('id'))!);
        await expect(w.input).toBeFocused();
        await expect(w.log).toContainText(chat(lang, 'welcome'));
        await expect(w.panel.getByRole('heading', { name: chat(lang, 'title') })).toBeVisible();
        const open = await box(w.panel);
        expect(Math.round(open.width)).toBe(viewport.panelWidth);
        expect(open.x + open.width).toBeLessThanOrEqual(viewport.width - 16);
        expect(open.y).toBeGreaterThanOrEqual(70); // below the 70 px header
        const launcherBox = await box(w.launcher);
        expect(open.y + open.height).toBeLessThan(launcherBox.y);
        expect(await w.panel.evaluate((el) => getComputedStyle(el).zIndex)).toBe('10000');
        expect(await w.launcher.evaluate((el) => getComputedStyle(el).zIndex)).toBe('10000');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // Minimise: the header bar only, 3rem high; restore brings the list and the input back.
        await w.minimise.click();
        await expect(w.restore).toBeFocused();
        await expect(w.log).toBeHidden();
        await expect(w.input).toBeHidden();
        await expect.poll(async () => Math.round((await box(w.panel)).height)).toBe(48);
        await expect(w.launcher).toHaveAttribute('aria-expanded', 'false');
        await w.restore.click();
        await expect(w.log).toBeVisible();
        await expect(w.input).toBeFocused();
        expect(Math.round((await box(w.panel)).height)).toBe(Math.round(open.height));

        // Close: back to the button, which takes the focus.
        await w.close.click();
        await expect(w.panel).toBeHidden();
        await expect(w.launcher).toBeFocused();
        await expect(w.launcher).toHaveAttribute('aria-expanded', 'false');

        // By keyboard: Enter opens, Escape closes and gives the focus back; the launcher closes it too.
        await page.keyboard.press('Enter');
        await expect(w.input).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(w.panel).toBeHidden();
        await expect(w.launcher).toBeFocused();
        await w.launcher.click();
        await expect(w.panel).toBeVisible();
        await w.minimise.click();
        await page.keyboard.press('Escape');
        await expect(w.panel).toBeHidden();
        await expect(w.launcher).toBeFocused();
        await w.launcher.click();
        await expect(w.input).toBeFocused();
        await w.launcher.click();
        await expect(w.panel).toBeHidden();

        // Non-modal: the page behind stays usable while the panel is open.
        await w.launcher.click();
        await expect(w.panel).toBeVisible();
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await expect(w.panel).toBeVisible();
      });

      test('the end of the page stays clear of the launcher', async ({ page }) => {
        await visit(page, lang);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const launcherBox = await box(widget(page, lang).launcher);
        // The footer's last content (above its bottom padding, `footer.tsx`) ends above the launcher's top edge.
        const footerEnd = await box(page.getByRole('contentinfo').locator(':scope > *').last());
        expect(footerEnd.y + footerEnd.height).toBeLessThanOrEqual(launcherBox.y);
        await screenshot(page, `chat-page-end-${lang}-${viewport.width}`);
      });

      test('sends trimmed text once, disables the input while pending, then shows the reply with its sources', async ({
        page,
      }) => {
        const bodies: ChatRequest[] = [];
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(CHAT_API, async (route) => {
          bodies.push(route.request().postDataJSON() as ChatRequest);
          await held;
          await fulfil(
            route,
            reply(
              lang === 'tr'
                ? 'Evet, **tüm paketlerde** hotspot kullanabilirsiniz; kullanılan veri paketinizden düşer.'
                : 'Yes, **hotspot is allowed on all plans**; the data used counts toward your plan.',
              lang === 'tr'
                ? [
                    { title: 'eSIM’i hotspot olarak kullanmak' },
                    { title: 'Japonya eSIM paketleri', url: '/tr/japonya' },
                  ]
                : SOURCES_EN,
            ),
          );
        });
        await watchCsp(page);
        await visit(page, lang);
        const w = await openChat(page, lang);

        // Blank and whitespace-only text is not sent.
        await expect(w.send).toBeDisabled();
        await w.input.fill('   \n  ');
        await expect(w.send).toBeDisabled();
        await w.input.press('Enter');
        await expect(w.input).toHaveValue('   \n  ');

        // Shift+Enter is a new line; Enter sends the trimmed text.
        await w.input.fill('');
        const question = HOTSPOT_QUESTION[lang];
        await w.input.pressSequentially(`  ${question}`);
        await w.input.press('Shift+Enter');
        await w.input.pressSequentially('  ');
        await expect(w.input).toHaveValue(`  ${question}\n  `);
        await expect(w.send).toBeEnabled();
        const sent = page.waitForRequest(CHAT_API);
        await w.input.press('Enter');
        const request: Request = await sent;
        const body = request.postDataJSON() as ChatRequest;
        expect(body).toEqual({
          message: question,
          mode: 'chat',
          sessionId: expect.stringMatching(SESSION_ID),
          reset: false,
          language: lang,
        });

        // Pending: the visitor's message at once, the typing indicator, input and send disabled.
        await expect(w.log.locator('li[data-sender="user"]')).toHaveCount(1);
        await expect(w.log.locator('li[data-sender="user"]')).toContainText(question);
        await expect(w.typing).toBeVisible();
        await expect(w.input).toBeDisabled();
        await expect(w.send).toBeDisabled();
        // A second Enter while pending sends nothing.
        await page.keyboard.press('Enter');
        expect(bodies).toHaveLength(1);

        release();
        const agent = w.log.locator('li[data-sender="agent"]');
        await expect(agent).toHaveCount(2); // the welcome and the reply
        await expect(agent.last()).toContainText(lang === 'tr' ? 'tüm paketlerde' : 'hotspot is allowed on all plans');
        await expect(agent.last().locator('strong')).toHaveCount(1);
        await expect(w.typing).toBeHidden();
        await expect(w.input).toBeEnabled();
        await expect(w.input).toHaveValue('');
        await expect(w.input).toBeFocused();
        await expect(w.send).toBeDisabled();

        // Sources under the reply, a link where the source has a url; a time on every message.
        const sources = agent.last().getByRole('list', { name: chat(lang, 'sources') });
        await expect(agent.last().getByText(chat(lang, 'sources'), { exact: true })).toBeVisible();
        await expect(sources.getByRole('listitem')).toHaveCount(2);
        const link = sources.getByRole('link');
        await expect(link).toHaveAttribute('href', lang === 'tr' ? '/tr/japonya' : '/en/japan');
        for (const time of await w.log.locator('time').all()) {
          await expect(time).toHaveText(/^\d{1,2}[:.]\d{2}(\s?[AP]M)?$/);
          expect(Number.isNaN(Date.parse((await time.getAttribute('datetime'))!))).toBe(false);
        }
        expect(bodies).toHaveLength(1);
        expect(await cspViolations(page)).toEqual([]);
        await screenshot(page, `chat-open-${lang}-${viewport.width}`);

        // Minimised and closed, for the record.
        await w.minimise.click();
        await screenshot(page, `chat-minimised-${lang}-${viewport.width}`);
        await w.close.click();
        await screenshot(page, `chat-closed-${lang}-${viewport.width}`);
      });

      // Behaviour that does not depend on the language or the width: once per size and language
      // (English at 360 px, Turkish at 1280 px).
      if (diagonal) {
        test('scrolls to the newest message', async ({ page }) => {
          const long = Array.from({ length: 6 }, (_, i) => `Line ${i + 1} of a long answer about data roaming.`).join(
            '\n',
          );
          await answerChat(page, (body) => reply(`${long}\nEnd of the answer to: ${body.message}`));
          await visit(page, lang);
          const w = await openChat(page, lang);
          for (let i = 1; i <= 4; i += 1) {
            await w.input.fill(`Question ${i}`);
            await w.input.press('Enter');
            await expect(w.log.getByText(`End of the answer to: Question ${i}`)).toBeVisible();
          }
          const last = w.log.locator('li').last();
          await expect(last).toContainText('End of the answer to: Question 4');
          await expect(last).toBeInViewport();
          // The list is scrolled to its end (after the 100 ms and 500 ms passes too).
          await expect
            .poll(() => w.log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
            .toBeLessThanOrEqual(2);
          expect(await w.log.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

          // A reply taller than the list shows from its first line.
          await page.unroute(CHAT_API);
          const lines = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of a very long answer.`);
          await answerChat(page, () => reply(lines.join('\n\n')));
          await w.input.fill('Tell me everything');
          await w.input.press('Enter');
          const longReply = w.log.locator('li').last();
          await expect(longReply).toContainText('Paragraph 40 of a very long answer.');
          await page.waitForTimeout(600); // past the 100 ms and 500 ms passes
          await expect(longReply.getByText('Paragraph 1 of a very long answer.', { exact: true })).toBeInViewport();
          const [listTop, replyTop] = await Promise.all([
            w.log.evaluate((el) => el.getBoundingClientRect().top),
            longReply.evaluate((el) => el.getBoundingClientRect().top),
          ]);
          expect(replyTop).toBeGreaterThanOrEqual(listTop);
          expect(replyTop - listTop).toBeLessThan(40);
        });
      }
      test('a failure shows the localised error, is logged, and keeps the typed text', async ({ page }) => {
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        let mode: 'http' | 'network' | 'rate' = 'http';
        await page.route(CHAT_API, async (route) => {
          if (mode === 'network') return route.abort('failed');
          if (mode === 'rate')
            return route.fulfill({
              status: 429,
              headers: { 'Retry-After': '30' },
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many messages' } }),
            });
          return route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"internal_error","message":"Internal Server Error"}}',
          });
        });
        await visit(page, lang);
        const w = await openChat(page, lang);
        const question = HOTSPOT_QUESTION[lang];
        const errorMessages = w.log.locator('li[data-sender="agent"]').filter({ hasText: chat(lang, 'errors.failed') });

        // HTTP error.
        await w.input.fill(question);
        await w.input.press('Enter');
        await expect(errorMessages).toHaveCount(1);
        await expect(w.input).toHaveValue(question);
        await expect(w.input).toBeEnabled();
        await expect(w.log.locator('li[data-sender="user"]').last()).toContainText(chat(lang, 'notSent'));
        expect(errors.some((e) => e.includes('Chat request failed'))).toBe(true);

        // Network error.
        mode = 'network';
        await w.send.click();
        await expect(errorMessages).toHaveCount(2);
        await expect(w.input).toHaveValue(question);

        // Rate limit: how long to wait.
        mode = 'rate';
        await w.send.click();
        await expect(w.log).toContainText(chat(lang, 'errors.rateLimited', { seconds: 30 }));
        await expect(w.input).toHaveValue(question);
        expect(errors.filter((e) => e.includes('Chat request failed'))).toHaveLength(3);
        if (lang === 'tr') await expect(w.log).toContainText('Üzgünüm, bir hata oluştu. Lütfen tekrar deneyin.');
      });

      // Behaviour that does not depend on the language or the width: once per size and language
      // (English at 360 px, Turkish at 1280 px).
      if (diagonal) {
        test('keeps the chat session id and the conversation across pages and reloads', async ({ page }) => {
          const bodies = await answerChat(page, (body) => reply(`Answer to ${body.message}`));
          await visit(page, lang);
          let w = await openChat(page, lang);
          await w.input.fill('First question');
          await w.input.press('Enter');
          await expect(w.log).toContainText('Answer to First question');
          const stored = await page.evaluate(() => sessionStorage.getItem('chatSessionId'));
          expect(stored).toMatch(SESSION_ID);
          expect(bodies[0]?.sessionId).toBe(stored);

          // Another page of the app (no reload): the panel stays, with its conversation.
          await page.keyboard.press('Escape');
          await page
            .getByRole('contentinfo')
            .getByRole('link', { name: text(lang, 'common', 'footer.quickLinks.support'), exact: true })
            .click();
          await expect(page).toHaveURL(/\/support/);
          w = await openChat(page, lang);
          await expect(w.log).toContainText('Answer to First question');
          await w.input.fill('Second question');
          await w.input.press('Enter');
          await expect(w.log).toContainText('Answer to Second question');
          expect(bodies[1]?.sessionId).toBe(stored);

          // A reload: same session id, same conversation, in order.
          await page.reload();
          w = widget(page, lang);
          await expect(w.launcher).toBeVisible();
          w = await openChat(page, lang);
          await expect(w.log.locator('li[data-sender="user"]')).toHaveText([/First question/, /Second question/]);
          await w.input.fill('Third question');
          await w.input.press('Enter');
          await expect(w.log).toContainText('Answer to Third question');
          expect(bodies.map((b) => b.sessionId)).toEqual([stored, stored, stored]);
          expect(await page.evaluate(() => sessionStorage.getItem('chatSessionId'))).toBe(stored);
        });
      }
      test('answers a real question from the knowledge base with its sources', async ({ page }) => {
        await visit(page, lang);
        const w = await openChat(page, lang);
        await w.input.fill(HOTSPOT_QUESTION[lang]);
        const response = page.waitForResponse(CHAT_API);
        await w.input.press('Enter');
        expect((await response).status()).toBe(200);
        const answer = w.log.locator('li[data-sender="agent"]').nth(1);
        await expect(answer).toBeVisible();
        await expect(answer).not.toContainText(chat(lang, 'errors.failed'));
        await expect(answer.getByText(chat(lang, 'sources'), { exact: true })).toBeVisible();
        await expect(
          answer
            .getByRole('list', { name: chat(lang, 'sources') })
            .getByRole('listitem')
            .first(),
        ).toBeVisible();
        await expect(answer).toContainText(/hotspot/i);
        await screenshot(page, `chat-real-answer-${lang}-${viewport.width}`);
      });
    });

    test.describe(`chat widget accessibility, ${lang}, ${viewport.label}`, () => {
      // axe is injected as a script, which the store's policy forbids.
      test.use({ bypassCSP: true, viewport: { width: viewport.width, height: viewport.height } });

      test('no serious axe violation, closed and open with a conversation', async ({ page }) => {
        await answerChat(page, () => reply('Yes, hotspot is allowed on all plans.', SOURCES_EN));
        await visit(page, lang);
        expect(await seriousViolations(page)).toEqual([]);
        const w = await openChat(page, lang);
        await w.input.fill(HOTSPOT_QUESTION[lang]);
        await w.input.press('Enter');
        await expect(w.log.getByRole('link', { name: 'Japan eSIM plans' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await w.minimise.click();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
}

test.describe('chat widget loading', () => {
  test('keeps the panel’s code out of the initial JavaScript', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<script[^>]+type="module"/);
    expect(html).not.toMatch(/assets\/chat-/);
  });

  test('a press before the panel code arrives opens the panel once it is there', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chat-panel-[\w-]+\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    await visit(page, 'en');
    const w = widget(page, 'en');
    await w.launcher.click();
    // The loading frame, at once.
    await expect(w.panel).toBeVisible();
    await expect(w.panel).toHaveAttribute('aria-busy', 'true');
    await expect(w.panel.getByRole('status')).toHaveText(shell('en', 'loading'));
    release();
    await expect(w.input).toBeFocused();
    await expect(w.log).toContainText(chat('en', 'welcome'));
  });

  test('a reply that comes while the panel is closed is announced and marked on the launcher', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(CHAT_API, async (route) => {
      await held;
      await fulfil(route, reply('Yes, hotspot is allowed on all plans.', SOURCES_EN));
    });
    await visit(page, 'en');
    const w = await openChat(page, 'en');
    await w.input.fill(HOTSPOT_QUESTION.en);
    await w.input.press('Enter');
    await expect(w.typing).toBeVisible();
    await w.close.click();
    await expect(w.panel).toBeHidden();
    release();
    const news = page.getByRole('status').filter({ hasText: shell('en', 'unread') });
    await expect(news).toHaveCount(1);
    await w.launcher.click();
    await expect(w.log).toContainText('Yes, hotspot is allowed on all plans.');
    await expect(news).toHaveCount(0);
  });

  test('shows the counter near the 2,000-character limit and stops there', async ({ page }) => {
    await visit(page, 'en');
    const w = await openChat(page, 'en');
    await expect(w.input).toHaveAttribute('maxlength', '2000');
    await w.input.fill('a'.repeat(1799));
    await expect(w.panel.getByText('/ 2000')).toHaveCount(0);
    await w.input.press('b');
    await expect(w.panel.getByText(chat('en', 'counter', { length: 1800, max: 2000 }))).toBeVisible();
    await w.input.fill('a'.repeat(2100));
    await expect(w.input).toHaveValue('a'.repeat(2000));
    await expect(w.panel.getByText(chat('en', 'counter', { length: 2000, max: 2000 }))).toBeVisible();
  });

  test('is not in the admin area, and comes back with its conversation outside it', async ({ page }) => {
    await answerChat(page, (body) => reply(`Answer to ${body.message}`));
    await visit(page, 'en');
    const w = await openChat(page, 'en');
    await w.input.fill('Before the admin area');
    await w.input.press('Enter');
    await expect(w.log).toContainText('Answer to Before the admin area');
    const go = (path: string) =>
      page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await go('/setup-admin');
    await expect(w.launcher).toBeHidden();
    await expect(w.panel).toBeHidden();
    await go('/how-it-works');
    await expect(w.launcher).toBeVisible();
    await expect(w.panel).toBeVisible();
    await expect(w.log).toContainText('Answer to Before the admin area');
  });
});
