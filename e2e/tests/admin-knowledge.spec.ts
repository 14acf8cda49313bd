import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ChatResponse } from '@esim/contract/chat';
import type { KbArticle, KbArticleResponse, KbListResponse } from '@esim/contract/knowledge-base';
import { type Locator, type Page, expect, test } from '../support/test.ts';
import { adminStatePath } from '../support/admin-session.ts';
import { seriousViolations } from './a11y.ts';

/**
 * The knowledge base in the admin area: the admin edits an article and the next answer uses the
 * edit. As the run's admin, in English:
 *
 * - searches, opens the shipped hotspot article, adds a distinctive sentence (checked in the
 *   preview), saves; the next question through the public chat endpoint and through "try a
 *   question" answers with that sentence and cites the article (then the article is restored);
 * - creates an article (a taken slug is refused next to its field), finds it as a draft and
 *   deletes it through the confirmation;
 * - a save over someone else's change is refused with "Changed by someone else" and a reload;
 * - imports two Markdown files (one picked, one dropped) with the per-file report;
 * - no serious axe violation and nothing wider than the window at 360 and 1280 px, with
 *   screenshots in `test-results/admin-knowledge/`.
 *
 * axe is injected, so the page's Content-Security-Policy is bypassed (as in the other admin specs).
 */
test.use({ storageState: adminStatePath(), bypassCSP: true });

const PAGE = '/admin/knowledge-base';
const shots = path.resolve(import.meta.dirname, '../../test-results/admin-knowledge');

/** A screenshot of the window (or of `element`) at its current width, in `test-results/admin-knowledge/`. */
async function shot(page: Page, name: string, element?: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(shots, `${name}-${width}.png`);
  if (element) await element.screenshot({ path: file });
  else await page.screenshot({ path: file });
  await test.info().attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Headers of a same-origin state-changing request made with the admin's cookie. */
const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** The article with this slug and language, through the admin API. */
async function findArticle(page: Page, slug: string, language = 'en'): Promise<KbArticle | undefined> {
  const list = (await (
    await page.request.get(
      `/api/admin/knowledge-base/articles?q=${encodeURIComponent(slug)}&language=${language}&limit=100`,
    )
  ).json()) as KbListResponse;
  const row = list.articles.find((a) => a.slug === slug);
  if (!row) return undefined;
  return ((await (await page.request.get(`/api/admin/knowledge-base/articles/${row.id}`)).json()) as KbArticleResponse)
    .article;
}

/** Saves `article` with changes through the admin API (compare-and-set on its updatedAt). */
async function putArticle(page: Page, article: KbArticle, changes: Partial<KbArticle>): Promise<KbArticle> {
  const next = { ...article, ...changes };
  const res = await page.request.put(`/api/admin/knowledge-base/articles/${article.id}`, {
    headers: origin(page),
    data: {
      title: next.title,
      body: next.body,
      language: next.language,
      slug: next.slug,
      tags: next.tags,
      published: next.published,
      updatedAt: article.updatedAt,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as KbArticleResponse).article;
}

async function deleteBySlug(page: Page, slug: string, language = 'en'): Promise<void> {
  const article = await findArticle(page, slug, language);
  if (article) await page.request.delete(`/api/admin/knowledge-base/articles/${article.id}`, { headers: origin(page) });
}

/** Opens the screen and waits for the list. */
async function open(page: Page, query = ''): Promise<void> {
  await page.goto(`${PAGE}${query}`);
  // A fresh page of the admin area loads its code and texts one after another (shell, admin
  // layout, this screen, its texts): on a busy 2-core machine that took just over 10 s once.
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeVisible({ timeout: 20_000 });
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
}

/** The articles' table (1280 px) or cards (360 px) that are shown. */
const rows = (page: Page) =>
  page
    .locator('table tbody tr:visible, ul > li:visible')
    .filter({ has: page.getByRole('button', { name: /^Edit “/ }) });

test('the admin edits the hotspot article and the next answer uses the edit and cites it', async ({ page }) => {
  test.setTimeout(90_000);
  const marker = `zephyrquokka${randomUUID().slice(0, 6)}`;
  const sentence = `Hotspot password tip: a hotspot password needs at least eight characters, for example ${marker}.`;
  await open(page);
  const original = await findArticle(page, 'hotspot');
  expect(original, 'the shipped English hotspot article (apps/api/content/knowledge-base/en/hotspot.md)').toBeDefined();
  try {
    await search(page, 'hotspot');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('en');
    await expect(page).toHaveURL(/language=en/);
    const row = rows(page).filter({ hasText: original!.title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Published');
    await expect(row).toContainText('EN');
    await row.getByRole('button', { name: `Edit “${original!.title}”` }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit article' });
    const body = dialog.getByRole('textbox', { name: 'Text (Markdown)' });
    await expect(body).toHaveValue(original!.body);
    await body.fill(`${original!.body}\n\n**${sentence}**`);
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    // Rendered Markdown: the sentence in bold, no asterisks.
    await expect(dialog.getByRole('tabpanel').locator('strong').filter({ hasText: marker })).toBeVisible();
    await shot(page, 'edit-hotspot-preview');
    await dialog.getByRole('tab', { name: 'Write' }).click();
    await dialog.getByRole('button', { name: 'Save article' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Article saved')).toBeVisible();
    await expect(row.locator('time')).toContainText(/now|second/);

    // The public chat endpoint, a fresh chat session: the reply uses the edit and cites the article.
    const res = await page.request.post('/api/anythingllm/chat', {
      headers: origin(page),
      data: {
        message: 'Which hotspot password should I choose?',
        mode: 'chat',
        sessionId: `${Date.now()}-${randomUUID().slice(0, 10)}`,
        reset: false,
        language: 'en',
      },
    });
    expect(res.status()).toBe(200);
    const reply = (await res.json()) as ChatResponse;
    expect(reply.textResponse).toContain(marker);
    expect(reply.sources.map((s) => s.title)).toContain(original!.title);

    // "Try a question" shows the same: the reply, its source, and the article among the hits with a score bar.
    await page.getByRole('tab', { name: 'Try a question' }).click();
    await page.getByRole('textbox', { name: 'Question' }).fill('Which hotspot password should I choose?');
    await page.getByRole('combobox', { name: /^Answer in/ }).selectOption('en');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const result = page.getByRole('region', { name: "The assistant's reply" });
    await expect(result.getByTestId('kb-try-answer')).toContainText(marker);
    await expect(result.getByRole('list', { name: 'Sources' })).toContainText(original!.title);
    const hits = result.getByRole('region', { name: 'Articles found' });
    await expect(hits.getByRole('listitem').first()).toContainText(original!.title);
    await expect(hits.getByRole('meter', { name: 'Score' }).first()).toBeVisible();
    await shot(page, 'try');
  } finally {
    const current = await findArticle(page, 'hotspot');
    if (current && original && current.body !== original.body) await putArticle(page, current, { body: original.body });
  }
});

test('an article is created (a taken slug refused at its field), found as a draft, and deleted after confirming', async ({
  page,
}) => {
  test.slow(); // several admin screens and API round trips: 21 to 30 s on a busy 2-core machine
  const id = randomUUID().slice(0, 8);
  const title = `Night trains and eSIM data ${id}`;
  const slug = `night-trains-${id}`;
  await open(page);
  try {
    // Opened from the keyboard; Escape closes and gives focus back.
    const create = page.getByRole('button', { name: 'New article' });
    await create.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New article' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    await create.click();
    // Checked in the browser first.
    await dialog.getByRole('button', { name: 'Create article' }).click();
    await expect(dialog.getByText('Enter a title.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();

    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('en');
    await dialog.getByRole('textbox', { name: 'Slug' }).fill('hotspot');
    await dialog.getByRole('textbox', { name: 'Tags' }).fill('train, Night Train, train');
    await dialog.getByRole('switch', { name: 'Published' }).uncheck();
    await dialog
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill(
        '## On the train\n\nData works **on board** where the train has mobile coverage.\n\n<script>alert(1)</script>',
      );
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    const preview = dialog.getByRole('tabpanel');
    await expect(preview.getByRole('heading', { name: 'On the train' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('on board');
    await expect(preview).not.toContainText('alert(1)');
    await expect(preview.locator('script')).toHaveCount(0);
    await dialog.getByRole('tab', { name: 'Write' }).click();

    // The shipped hotspot article has this slug in English: refused by the server, shown at the field.
    await dialog.getByRole('button', { name: 'Create article' }).click();
    await expect(toast(page, 'Failed to create article')).toContainText('409');
    const slugField = dialog.getByRole('textbox', { name: 'Slug' });
    await expect(slugField).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Another article in this language already has this slug.')).toBeVisible();
    await slugField.fill(slug);
    await dialog.getByRole('button', { name: 'Create article' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Article created')).toBeVisible();

    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('false');
    await search(page, id);
    const row = rows(page).filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText(slug);
    await expect(row).toContainText('night train');

    await row.getByRole('button', { name: `Delete “${title}”` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete “${title}”?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete article' }).click();
    await expect(toast(page, `Article deleted: ${title}`)).toBeVisible();
    await expect(page.getByText('No article matches')).toBeVisible();
    expect(await findArticle(page, slug)).toBeUndefined();
  } finally {
    await deleteBySlug(page, slug);
  }
});

test('a save over someone else’s change is refused with a reload', async ({ page }) => {
  test.slow(); // several admin screens and API round trips: 21 to 30 s on a busy 2-core machine
  const id = randomUUID().slice(0, 8);
  const slug = `conflict-${id}`;
  await open(page);
  const created = await page.request.post('/api/admin/knowledge-base/articles', {
    headers: origin(page),
    data: { title: `Conflict test ${id}`, body: 'First text.', language: 'en', slug, published: false },
  });
  expect(created.status()).toBe(201);
  const article = ((await created.json()) as KbArticleResponse).article;
  try {
    await search(page, id);
    await rows(page)
      .first()
      .getByRole('button', { name: `Edit “Conflict test ${id}”` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit article' });
    await expect(dialog.getByRole('textbox', { name: 'Text (Markdown)' })).toHaveValue('First text.');
    // Someone else saves meanwhile.
    await putArticle(page, article, { title: `Conflict test ${id} (other admin)` });
    await dialog.getByRole('textbox', { name: 'Text (Markdown)' }).fill('My text.');
    await dialog.getByRole('button', { name: 'Save article' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Changed by someone else');
    await expect(toast(page, 'Changed by someone else')).toBeVisible();
    await dialog.getByRole('button', { name: 'Reload the article' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(`Conflict test ${id} (other admin)`);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await deleteBySlug(page, slug);
  }
});

test('two Markdown files are imported at once, one picked and one dropped, with a report per file', async ({
  page,
}) => {
  test.slow(); // several admin screens and API round trips: 21 to 30 s on a busy 2-core machine
  const id = randomUUID().slice(0, 8);
  const files = [
    {
      name: `ferry-wifi-${id}.md`,
      content: `---\ntitle: Ferry Wi-Fi or eSIM? ${id}\ntags: [ferry, boat]\n---\nAt sea, the eSIM works while a coastal network is in range.`,
    },
    {
      name: `border-crossing-${id}.md`,
      content: `---\nlanguage: de\n---\n# Grenzübertritt ${id}\n\nIn regionalen Tarifen wechselt die eSIM das Netz von selbst.`,
    },
  ];
  await open(page, '?tab=import');
  try {
    await expect(page.getByRole('tab', { name: 'Import Markdown', selected: true })).toBeVisible();
    await page.getByRole('combobox', { name: /^Language/ }).selectOption('en');
    await page.getByLabel('Choose Markdown files or drop them here').setInputFiles({
      name: files[0]!.name,
      mimeType: 'text/markdown',
      buffer: Buffer.from(files[0]!.content),
    });
    const drop = await page.evaluateHandle((file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([file.content], file.name, { type: 'text/markdown' }));
      return transfer;
    }, files[1]!);
    await page
      .locator('label', { hasText: 'Choose Markdown files or drop them here' })
      .dispatchEvent('drop', { dataTransfer: drop });
    await expect(page.getByText('2 files chosen')).toBeVisible();
    await shot(page, 'import-chosen');
    await page.getByRole('button', { name: 'Import 2 files' }).click();

    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report).toBeFocused();
    await expect(report).toContainText('2 created, 0 updated, 0 with errors.');
    const lines = report.getByRole('listitem');
    await expect(lines.filter({ hasText: files[0]!.name })).toContainText('Created');
    await expect(lines.filter({ hasText: files[0]!.name })).toContainText(`Ferry Wi-Fi or eSIM? ${id}`);
    await expect(lines.filter({ hasText: files[1]!.name })).toContainText(`Grenzübertritt ${id}`);
    await expect(toast(page, 'Import done: 2 created, 0 updated, 0 errors')).toBeVisible();
    await shot(page, 'import-report');

    // The same files again update the same articles.
    expect((await findArticle(page, `ferry-wifi-${id}`))?.tags).toEqual(['ferry', 'boat']);
    expect((await findArticle(page, `border-crossing-${id}`, 'de'))?.title).toBe(`Grenzübertritt ${id}`);
  } finally {
    await deleteBySlug(page, `ferry-wifi-${id}`);
    await deleteBySlug(page, `border-crossing-${id}`, 'de');
  }
});

for (const width of [360, 1280]) {
  test(`at ${width} px: no serious axe violation, nothing wider than the window, usable by keyboard`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await open(page);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText(/^Showing \d+ of \d+ articles$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await fits();
    await shot(page, 'list');

    // The tabs move with the arrow keys.
    await page.getByRole('tab', { name: 'Articles' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Import Markdown' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await fits();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Try a question', selected: true })).toBeVisible();
    // Asked from the keyboard (Enter sends), in French: Tab reaches the tab's panel, then the question.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Try a question' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Question' })).toBeFocused();
    await page.keyboard.type('Puis-je obtenir un remboursement ?');
    await page.keyboard.press('Enter');
    const result = page.getByRole('region', { name: "The assistant's reply" });
    await expect(result.getByRole('region', { name: 'Articles found' }).getByRole('listitem').first()).toBeVisible();
    await expect(result).toBeFocused();
    await expect(result.getByRole('region', { name: 'Reply' })).toContainText('FR');
    expect(await seriousViolations(page)).toEqual([]);
    await fits();
    await shot(page, 'try-answer', result);

    // The shipped French articles (nothing else in this spec writes French ones).
    await page.getByRole('tab', { name: 'Articles' }).click();
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
    await expect(page).toHaveURL(/language=fr/);
    const edit = rows(page)
      .first()
      .getByRole('button', { name: /^Edit “/ });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit article' });
    await expect(dialog.getByRole('textbox', { name: 'Text (Markdown)' })).not.toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue('fr');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'editor', dialog);
    await dialog.getByRole('tab', { name: 'Write' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Preview', selected: true })).toBeVisible();
    await expect(dialog.getByRole('tabpanel').locator('p').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await fits();
    await shot(page, 'editor-preview', dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
  });
}
