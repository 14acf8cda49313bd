import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  KbArticle,
  KbArticleResponse,
  KbImportResponse,
  KbListResponse,
  KbTryResponse,
} from '@esim/contract/knowledge-base';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { adminAuditLog } from '../../admin/admin.schema.ts';
import { kbArticles, kbRevision } from '../chat.schema.ts';
import { type SignedIn, signIn } from '../../../../test/accounts.ts';
import { createTestApp, openTestDatabase } from '../../../../test/helper.ts';
import type { ChatQuestion } from '../chat-engine.ts';
import { KnowledgeBaseRepository } from './knowledge-base.repository.ts';
import { KnowledgeBaseService, excerptOf, slugFromFileName } from './knowledge-base.service.ts';

/**
 * The knowledge base's admin API: validation naming the field,
 * CRUD with a revision bump per change, compare-and-set (409 `article_changed`), slugs (made
 * from the title, 409 `slug_taken`), the list's search, filters and keyset pages, the Markdown
 * import's per-file report, the seed (idempotent, once when instances start together, tolerant
 * of bad files), the change hook, the document sync's reads and writes, and "try a question"
 * (with stub engine functions). PGlite by default; `DATABASE_URL` runs it on PostgreSQL.
 */
let app: FastifyInstance;
let services: AppServices;
let database: Database;
let close: () => Promise<void>;
let admin: SignedIn;
let customer: SignedIn;
let repo: KnowledgeBaseRepository;

const BASE = '/api/admin/knowledge-base';

beforeAll(async () => {
  ({ app, services, database, close } = await createTestApp({ seed: false }));
  admin = await signIn(app, services, database, { admin: true, twoFactor: true });
  customer = await signIn(app, services, database);
  repo = new KnowledgeBaseRepository(database.db);
});
afterAll(async () => close());

type ErrorBody = { error: { code: string; message: string; field?: string } };

/** A request as the admin (same-origin browser headers) unless `as` says otherwise. */
async function call<T = unknown>(
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  as: SignedIn | null = admin,
) {
  const res = await app.inject({
    method,
    url,
    headers: as ? as.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Can I share my data with a hotspot?',
  body: 'Yes. **Hotspot** (tethering) works on every plan and counts toward your data.',
  language: 'en',
  slug: unique('hotspot-test'),
  tags: ['Hotspot', 'tethering', 'hotspot'],
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<KbArticle> {
  const res = await call<KbArticleResponse>('POST', `${BASE}/articles`, article(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.article;
}

const revision = () => repo.revision();

describe('permissions', () => {
  it('refuses anonymous and customers on every route', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/articles`],
      ['GET', `${BASE}/articles/1`],
      ['POST', `${BASE}/articles`],
      ['PUT', `${BASE}/articles/1`],
      ['DELETE', `${BASE}/articles/1`],
      ['POST', `${BASE}/import`],
      ['POST', `${BASE}/try`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? {} : undefined;
      expect((await call(method, url, payload, null)).status, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, payload, customer)).status, `${method} ${url} customer`).toBe(403);
    }
  });
});

describe('validation', () => {
  it.each([
    [{ title: '' }, 'title'],
    [{ title: '   ' }, 'title'],
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ title: 'two\nlines' }, 'title'],
    [{ body: '' }, 'body'],
    [{ body: 'x'.repeat(50_001) }, 'body'],
    [{ body: 'bell \u0007' }, 'body'],
    [{ language: 'it' }, 'language'],
    [{ language: undefined }, 'language'],
    [{ slug: 'Not A Slug' }, 'slug'],
    [{ slug: 'double--hyphen' }, 'slug'],
    [{ slug: 'x'.repeat(81) }, 'slug'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    [{ tags: ['x'.repeat(41)] }, 'tags.0'],
    [{ tags: [''] }, 'tags.0'],
    [{ tags: 'hotspot' }, 'tags'],
    [{ published: 'yes' }, 'published'],
    [{ extra: 1 }, ''],
  ])('POST %j → 400 naming %s', async (over, field) => {
    const before = await revision();
    const res = await call<ErrorBody>('POST', `${BASE}/articles`, article(over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    if (field) expect(res.body.error.field).toBe(field);
    expect(await revision()).toBe(before);
  });

  it('refuses a PUT without the updatedAt it compares, naming it', async () => {
    const a = await create();
    const { updatedAt: _u, ...rest } = { ...article({ slug: a.slug }), updatedAt: a.updatedAt };
    const res = await call<ErrorBody>('PUT', `${BASE}/articles/${a.id}`, { ...rest, published: true });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('updatedAt');
  });

  it.each([
    ['?language=xx', 'language'],
    ['?published=maybe', 'published'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?cursor=not%20a%20cursor', 'cursor'],
    [`?cursor=${Buffer.from('{"v":1}').toString('base64url')}`, 'cursor'],
    [`?q=${'x'.repeat(201)}`, 'q'],
    ['?q=a%0Ab', 'q'],
  ])('GET articles%s → 400 naming %s', async (query, field) => {
    const res = await call<ErrorBody>('GET', `${BASE}/articles${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.field).toBe(field);
  });

  it.each([['/articles/0'], ['/articles/abc'], ['/articles/99999999999']])(
    'GET %s → 400 or 404, never 500',
    async (url) => {
      const res = await call('GET', `${BASE}${url}`);
      expect([400, 404]).toContain(res.status);
    },
  );

  it('answers 404 for an article that does not exist', async () => {
    expect((await call<ErrorBody>('GET', `${BASE}/articles/2147483647`)).status).toBe(404);
    expect((await call<ErrorBody>('DELETE', `${BASE}/articles/2147483647`)).status).toBe(404);
    const put = await call<ErrorBody>('PUT', `${BASE}/articles/2147483647`, {
      ...article(),
      published: true,
      updatedAt: new Date().toISOString(),
    });
    expect(put.status).toBe(404);
  });

  it('refuses a bad try and a bad import, naming the field', async () => {
    expect((await call<ErrorBody>('POST', `${BASE}/try`, { question: '   ' })).body.error.field).toBe('question');
    expect((await call<ErrorBody>('POST', `${BASE}/try`, { question: 'x'.repeat(2001) })).body.error.field).toBe(
      'question',
    );
    expect(
      (await call<ErrorBody>('POST', `${BASE}/try`, { question: 'hotspot?', language: 'it' })).body.error.field,
    ).toBe('language');
    expect((await call<ErrorBody>('POST', `${BASE}/import`, { files: [] })).body.error.field).toBe('files');
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.md`, content: '# T\n\nB' }));
    expect((await call<ErrorBody>('POST', `${BASE}/import`, { files: many })).body.error.field).toBe('files');
    const big = [{ name: 'big.md', content: 'x'.repeat(100_001) }];
    expect((await call<ErrorBody>('POST', `${BASE}/import`, { files: big })).body.error.field).toBe('files.0.content');
  });
});

describe('articles', () => {
  it('creates, reads, updates and deletes, bumping the revision once per change and auditing each', async () => {
    const r0 = await revision();
    const created = await create({ tags: ['Hotspot', 'tethering', 'hotspot', ' Wi-Fi '] });
    expect(created).toMatchObject({ language: 'en', published: true, updatedBy: admin.username, remoteSyncedAt: null });
    expect(created.tags).toEqual(['hotspot', 'tethering', 'wi-fi']);
    expect(await revision()).toBe(r0 + 1);

    const read = await call<KbArticleResponse>('GET', `${BASE}/articles/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.article).toEqual(created);

    const put = await call<KbArticleResponse>('PUT', `${BASE}/articles/${created.id}`, {
      title: 'Hotspot and tethering',
      body: `${created.body}\n\nRestart the hotspot if a device cannot connect.`,
      language: 'en',
      tags: ['hotspot'],
      published: false,
      updatedAt: created.updatedAt,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.article).toMatchObject({
      title: 'Hotspot and tethering',
      slug: created.slug,
      published: false,
      tags: ['hotspot'],
    });
    expect(Date.parse(put.body.article.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(await revision()).toBe(r0 + 2);

    const del = await call<KbArticleResponse>('DELETE', `${BASE}/articles/${created.id}`);
    expect(del.status).toBe(200);
    expect(del.body.article.title).toBe('Hotspot and tethering');
    expect(await revision()).toBe(r0 + 3);
    expect((await call('GET', `${BASE}/articles/${created.id}`)).status).toBe(404);

    // Audited with the target and the states before and after (written just after each answer).
    let rows: (typeof adminAuditLog.$inferSelect)[] = [];
    for (let i = 0; i < 50 && rows.length < 4; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.username, admin.username), eq(adminAuditLog.target, `kb-article:${created.id}`)));
    }
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(byAction['POST /api/admin/knowledge-base/articles']?.after).toMatchObject({
      id: created.id,
      title: created.title,
    });
    expect(byAction['PUT /api/admin/knowledge-base/articles/:id']?.before).toMatchObject({ published: true });
    expect(byAction['PUT /api/admin/knowledge-base/articles/:id']?.after).toMatchObject({ published: false });
    expect(byAction['DELETE /api/admin/knowledge-base/articles/:id']?.before).toMatchObject({ id: created.id });
  });

  it('makes the slug from the title when none is given, with -2, -3 when taken; a given taken slug is 409 slug_taken', async () => {
    const title = `Çalışır mı? Hotspot ${unique('x')}`;
    const a = await create({ title, slug: undefined, language: 'tr' });
    expect(a.slug).toMatch(/^calisir-mi-hotspot-x-[a-z0-9]+-\d+$/);
    const b = await create({ title, slug: undefined, language: 'tr' });
    expect(b.slug).toBe(`${a.slug}-2`);
    const c = await create({ title, slug: undefined, language: 'tr' });
    expect(c.slug).toBe(`${a.slug}-3`);
    // The same slug in another language is a translation, not a clash.
    const en = await create({ slug: a.slug, language: 'en' });
    expect(en.slug).toBe(a.slug);

    const r = await revision();
    const taken = await call<ErrorBody>('POST', `${BASE}/articles`, article({ slug: a.slug, language: 'tr' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'slug_taken', field: 'slug' });
    // Renaming onto a taken slug is refused too, and changes nothing.
    const rename = await call<ErrorBody>('PUT', `${BASE}/articles/${b.id}`, {
      ...article({ slug: a.slug, language: 'tr' }),
      published: true,
      updatedAt: b.updatedAt,
    });
    expect(rename.status).toBe(409);
    expect(rename.body.error.code).toBe('slug_taken');
    expect(await revision()).toBe(r);

    const noLatin = await call<ErrorBody>('POST', `${BASE}/articles`, article({ title: '???', slug: undefined }));
    expect(noLatin.status).toBe(400);
    expect(noLatin.body.error.field).toBe('slug');
  });

  it('compare-and-set: a save based on an older updatedAt is 409 article_changed and changes nothing', async () => {
    const a = await create();
    const save = (title: string, updatedAt: string) =>
      call<KbArticleResponse & ErrorBody>('PUT', `${BASE}/articles/${a.id}`, {
        title,
        body: a.body,
        language: 'en',
        slug: a.slug,
        tags: a.tags,
        published: true,
        updatedAt,
      });
    const first = await save('First admin', a.updatedAt);
    expect(first.status).toBe(200);
    const r = await revision();
    const second = await save('Second admin', a.updatedAt);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'article_changed', field: 'updatedAt' });
    expect(second.body.error.message).toContain('reload');
    expect(await revision()).toBe(r);
    expect((await repo.find(a.id))?.title).toBe('First admin');

    // Two saves in a row from the same loaded state: exactly one wins.
    const fresh = first.body.article.updatedAt;
    const both = await Promise.all([save('Racer A', fresh), save('Racer B', fresh)]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);

    // Saves within the same millisecond still move updatedAt forward.
    const latest = both.find((x) => x.status === 200)!.body.article;
    const again = await save('Again', latest.updatedAt);
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.article.updatedAt)).toBeGreaterThan(Date.parse(latest.updatedAt));
  });

  it('only published articles reach the engine; markRemote changes neither updatedAt nor the revision', async () => {
    const shown = await create({ title: 'Shown article' });
    const hidden = await create({ title: 'Hidden article', published: false });
    const published = await repo.published();
    expect(published.some((d) => d.id === shown.id)).toBe(true);
    expect(published.some((d) => d.id === hidden.id)).toBe(false);
    const doc = published.find((d) => d.id === shown.id)!;
    expect(doc).toMatchObject({ slug: shown.slug, language: 'en', title: 'Shown article', tags: shown.tags });
    expect(doc.updatedAt).toBeInstanceOf(Date);

    const r = await revision();
    await repo.markRemote(shown.id, { location: 'custom-documents/raw-shown.json', hash: 'abc', error: null });
    await repo.markRemote(hidden.id, { location: null, hash: null, error: 'collector offline' });
    await repo.markRemote(2_147_483_000, { location: 'x', hash: 'y', error: null });
    expect(await revision()).toBe(r);
    const rows = await repo.forRemoteSync();
    const remoteShown = rows.find((x) => x.id === shown.id)!;
    expect(remoteShown).toMatchObject({
      published: true,
      remoteLocation: 'custom-documents/raw-shown.json',
      remoteHash: 'abc',
    });
    expect(remoteShown.body).toBe(shown.body);
    expect(rows.find((x) => x.id === hidden.id)).toMatchObject({ published: false, remoteLocation: null });
    const after = (await call<KbArticleResponse>('GET', `${BASE}/articles/${shown.id}`)).body.article;
    expect(after.updatedAt).toBe(shown.updatedAt);
    expect(after.remoteSyncedAt).not.toBeNull();
    expect((await call<KbArticleResponse>('GET', `${BASE}/articles/${hidden.id}`)).body.article.remoteError).toBe(
      'collector offline',
    );
  });
});

describe('the list', () => {
  const marker = unique('zebra');
  const ids: number[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const a = await create({
        title: i === 0 ? `Title with ${marker}` : `Article ${i}`,
        body: i === 1 ? `Body mentioning ${marker.toUpperCase()} loudly` : `Body ${i} about 100%_discounts`,
        tags: i === 2 ? [marker] : ['other'],
        language: i === 3 ? 'de' : 'en',
        published: i !== 4,
        slug: i === 4 ? `${marker}-slug` : unique('list'),
      });
      ids.push(a.id);
    }
  });

  it('finds the text in the title, the body (any case), a tag or the slug, newest updated first', async () => {
    const res = await call<KbListResponse>('GET', `${BASE}/articles?q=${marker}`);
    expect(res.status).toBe(200);
    expect(res.body.articles.map((a) => a.id)).toEqual([ids[4], ids[2], ids[1], ids[0]]);
    expect(res.body.total).toBe(4);
    const row = res.body.articles.find((a) => a.id === ids[1])!;
    expect(row.excerpt).toContain(marker.toUpperCase());
    expect(row).not.toHaveProperty('body');
    expect(row.bodyLength).toBeGreaterThan(10);
  });

  it('filters by language and published, and takes % and _ literally', async () => {
    const de = await call<KbListResponse>('GET', `${BASE}/articles?q=${marker}&language=de`);
    expect(de.body.articles.map((a) => a.id)).toEqual([]);
    const drafts = await call<KbListResponse>('GET', `${BASE}/articles?published=false&q=${marker}`);
    expect(drafts.body.articles.map((a) => a.id)).toEqual([ids[4]]);
    const live = await call<KbListResponse>('GET', `${BASE}/articles?published=true&language=de`);
    expect(live.body.articles.map((a) => a.id)).toContain(ids[3]);
    expect(live.body.articles.every((a) => a.language === 'de' && a.published)).toBe(true);
    const literal = await call<KbListResponse>('GET', `${BASE}/articles?q=${encodeURIComponent('100%_disc')}`);
    expect(literal.body.articles.length).toBeGreaterThanOrEqual(3);
    const wildcard = await call<KbListResponse>('GET', `${BASE}/articles?q=${encodeURIComponent('1%0')}`);
    expect(wildcard.body.articles).toEqual([]);
  });

  it('pages with a cursor that neither repeats nor skips, even when an article changes meanwhile', async () => {
    const all = await call<KbListResponse>('GET', `${BASE}/articles?limit=100`);
    const seen: number[] = [];
    let page = await call<KbListResponse>('GET', `${BASE}/articles?limit=2`);
    expect(page.body.total).toBe(all.body.total);
    seen.push(...page.body.articles.map((a) => a.id));
    // An article edited meanwhile moves to the top: it is not seen again on a later page.
    const moved = await repo.find(all.body.articles.at(-1)!.id);
    await call('PUT', `${BASE}/articles/${moved!.id}`, {
      title: moved!.title,
      body: `${moved!.body} (edited)`,
      language: moved!.language,
      tags: moved!.tags,
      published: moved!.published,
      updatedAt: moved!.updatedAt.toISOString(),
    });
    while (page.body.nextCursor) {
      page = await call<KbListResponse>('GET', `${BASE}/articles?limit=2&cursor=${page.body.nextCursor}`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(all.body.total);
      seen.push(...page.body.articles.map((a) => a.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    const expected = all.body.articles.map((a) => a.id).filter((id) => id !== moved!.id);
    expect(seen.filter((id) => id !== moved!.id)).toEqual(expected);
  });

  it('refuses a cursor of another search', async () => {
    const page = await call<KbListResponse>('GET', `${BASE}/articles?limit=1`);
    expect(page.body.nextCursor).not.toBeNull();
    const res = await call<ErrorBody>('GET', `${BASE}/articles?limit=1&language=en&cursor=${page.body.nextCursor}`);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('cursor');
  });
});

describe('Markdown import', () => {
  it('creates and updates per file, reports each, and a bad file does not stop the others', async () => {
    const slug = unique('imported');
    const existing = await create({
      slug: `${slug}-existing`,
      language: 'fr',
      published: false,
      title: 'Ancien titre',
    });
    const r = await revision();
    const files = [
      { name: `${slug}-one.md`, content: '---\ntitle: First imported\ntags: [import, one]\n---\nBody **one**.' },
      { name: `${slug}-two.md`, content: '---\nlanguage: de\n---\n# Zweiter Artikel\n\nText zwei.' },
      { name: `${slug}-existing.md`, content: '---\ntitle: Nouveau titre\nlanguage: FR\n---\nNouveau texte.' },
      { name: 'no-title.md', content: 'Just text, no title.' },
      { name: 'bad-language.md', content: '---\ntitle: T\nlanguage: it\n---\nB' },
      { name: 'bad-yaml.md', content: '---\ntitle: [unclosed\n---\nB' },
      { name: '???.md', content: '# Title\n\nBody' },
      { name: 'empty-body.md', content: '# Only a title' },
      { name: 'long-title.md', content: `---\ntitle: ${'x'.repeat(201)}\n---\nB` },
      { name: `${slug}-one.md`, content: '# Again\n\nSame file twice' },
    ];
    const res = await call<KbImportResponse>('POST', `${BASE}/import`, { files, language: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.results;
    expect(results.map((x) => x.status)).toEqual([
      'created',
      'created',
      'updated',
      'error',
      'error',
      'error',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(res.body.counts).toEqual({ created: 2, updated: 1, error: 7 });
    expect(results[0]).toMatchObject({ slug: `${slug}-one`, language: 'en', title: 'First imported' });
    expect(results[1]).toMatchObject({ slug: `${slug}-two`, language: 'de', title: 'Zweiter Artikel' });
    expect(results[2]).toMatchObject({ id: existing.id, language: 'fr' });
    expect(results[3]).toMatchObject({ field: 'title' });
    expect(results[3]!.message).toContain('title');
    expect(results[4]).toMatchObject({ field: 'language' });
    expect(results[5]).toMatchObject({ field: 'content' });
    expect(results[6]).toMatchObject({ field: 'slug' });
    expect(results[7]).toMatchObject({ field: 'body' });
    expect(results[8]).toMatchObject({ field: 'title' });
    expect(results[9]).toMatchObject({ field: 'slug' });
    // One revision bump per imported article.
    expect(await revision()).toBe(r + 3);

    const one = await repo.findBySlug(`${slug}-one`, 'en');
    expect(one).toMatchObject({
      title: 'First imported',
      body: 'Body **one**.',
      tags: ['import', 'one'],
      published: true,
      updatedBy: admin.username,
    });
    const updated = await repo.find(existing.id);
    // An updated article keeps its own published flag.
    expect(updated).toMatchObject({ title: 'Nouveau titre', body: 'Nouveau texte.', published: false });
  });

  it('needs a language from the front matter or the request', async () => {
    const res = await call<KbImportResponse>('POST', `${BASE}/import`, {
      files: [{ name: 'no-language.md', content: '# T\n\nB' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ status: 'error', field: 'language' });
  });

  it('imports drafts when asked', async () => {
    const slug = unique('draft');
    const res = await call<KbImportResponse>('POST', `${BASE}/import`, {
      files: [{ name: `${slug}.md`, content: '# Draft\n\nNot yet.' }],
      language: 'es',
      published: false,
    });
    expect(res.body.results[0]?.status).toBe('created');
    expect((await repo.findBySlug(slug, 'es'))?.published).toBe(false);
  });

  it('slugs file names', () => {
    expect(slugFromFileName('Hotspot & Tethering.MD')).toBe('hotspot-tethering');
    expect(slugFromFileName('folder/Größe der Daten.markdown')).toBe('grosse-der-daten');
    expect(slugFromFileName('İade ve İptal.md')).toBe('iade-ve-iptal');
    expect(slugFromFileName('???.md')).toBe('');
  });
});

describe('try a question', () => {
  it('through the app: the local engine answers from an article created a moment ago, with it among the hits (nothing stored)', async () => {
    const word = `quokkatether${Date.now().toString(36)}`;
    const a = await create({
      title: `Quokka tethering ${word}`,
      body: `Quokka tethering shares your data. The ${word} setting turns quokka tethering on in one tap.`,
      tags: [word],
    });
    const res = await call<KbTryResponse>('POST', `${BASE}/try`, {
      question: `How do I turn on ${word} quokka tethering?`,
      language: 'en',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.language).toBe('en');
    expect(res.body.hits.length).toBeGreaterThan(0);
    expect(res.body.hits.length).toBeLessThanOrEqual(5);
    expect(res.body.hits[0]).toMatchObject({ articleId: a.id, slug: a.slug, language: 'en', title: a.title });
    expect(res.body.hits[0]!.score).toBeGreaterThan(0);
    expect(res.body.answer.textResponse).toContain(word);
    expect(res.body.answer.sources.map((s) => s.title)).toContain(a.title);
    // Nothing is stored as a conversation.
    const stored = await database.db.execute(
      sql`select count(*)::int as n from chat_conversations where session_id like 'admin-try-%'`,
    );
    const rows = Array.isArray(stored) ? stored : (stored as unknown as { rows: { n: number }[] }).rows;
    expect(Number((rows[0] as { n: number }).n)).toBe(0);
  });

  it('returns the engine answer and its retrieval hits, in the language chosen or detected (stub engine)', async () => {
    const asked: ChatQuestion[] = [];
    const retrieve = vi.fn(async (question: string, language: 'en' | 'tr' | 'es' | 'fr' | 'de', limit = 5) => {
      return Array.from({ length: 7 }, (_, i) => ({
        articleId: i + 1,
        slug: `s${i}`,
        language,
        title: `${question} ${i}`,
        score: 10 - i,
        passage: 'passage',
      })).slice(0, limit + 2);
    });
    const service = new KnowledgeBaseService({
      repo,
      retrieve,
      answer: async (question) => {
        asked.push(question);
        return {
          textResponse: 'Yes, hotspot works.',
          sources: [{ title: 'Hotspot' }],
          language: question.language,
          kind: 'knowledge',
        };
      },
      detectLanguage: (message, fallback) => (/ı/.test(message) ? 'tr' : fallback),
    });
    const chosen = await service.try({ question: '  Hotspot?  ', language: 'de' });
    expect(chosen.language).toBe('de');
    expect(chosen.answer).toMatchObject({
      textResponse: 'Yes, hotspot works.',
      sources: [{ title: 'Hotspot' }],
      language: 'de',
      kind: 'knowledge',
    });
    expect(chosen.answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(chosen.hits).toHaveLength(5);
    expect(chosen.hits[0]).toMatchObject({ title: 'Hotspot? 0', score: 10 });
    expect(retrieve).toHaveBeenCalledWith('Hotspot?', 'de', 5);
    expect(asked[0]).toMatchObject({ message: 'Hotspot?', language: 'de' });
    expect(asked[0]!.sessionId).toMatch(/^admin-try-/);
    expect((await service.try({ question: 'Hotspot açılır mı?' })).language).toBe('tr');
    expect((await service.try({ question: 'Hotspot?' })).language).toBe('en');
  });
  it('answers 503 (logged) when the engine fails', async () => {
    const log = { error: vi.fn() };
    const service = new KnowledgeBaseService({
      repo,
      retrieve: async () => [],
      answer: () => Promise.reject(new Error('index broken')),
      detectLanguage: (_m, fallback) => fallback,
      log,
    });
    await expect(service.try({ question: 'hotspot?' })).rejects.toMatchObject({ status: 503 });
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

describe('the change hook', () => {
  it('is called after every committed change, with the remote location of a deleted article; its failure is only logged', async () => {
    const calls: string[][] = [];
    const log = { error: vi.fn() };
    let fail = false;
    const service = new KnowledgeBaseService({
      repo,
      retrieve: async () => [],
      answer: async () => ({ textResponse: '', sources: [], language: 'en', kind: 'fallback' }),
      detectLanguage: (_m, fallback) => fallback,
      onChange: async ({ deletedRemoteLocations }) => {
        calls.push(deletedRemoteLocations);
        if (fail) throw new Error('sync down');
      },
      log,
    });
    const a = await service.create(
      { title: 'Hook test', body: 'Body', language: 'en', slug: unique('hook'), tags: [], published: true },
      'tester',
    );
    expect(calls).toEqual([[]]);
    const { after } = await service.update(
      a.id,
      { title: 'Hook test 2', body: 'Body', language: 'en', tags: [], published: false, updatedAt: a.updatedAt },
      'tester',
    );
    expect(after.slug).toBe(a.slug);
    expect(calls).toHaveLength(2);
    await repo.markRemote(a.id, { location: 'custom-documents/raw-hook.json', hash: 'h', error: null });
    fail = true;
    await service.remove(a.id);
    expect(calls.at(-1)).toEqual(['custom-documents/raw-hook.json']);
    expect(log.error).toHaveBeenCalledTimes(1);
    fail = false;
    // Nothing committed, no call: a refused save, an import of only bad files.
    const before = calls.length;
    await expect(service.remove(a.id)).rejects.toMatchObject({ status: 404 });
    await service.import({ files: [{ name: 'x.md', content: 'no title' }], language: 'en', published: true }, 'tester');
    expect(calls).toHaveLength(before);
    await service.import(
      { files: [{ name: `${unique('hooked')}.md`, content: '# T\n\nB' }], language: 'en', published: true },
      'tester',
    );
    expect(calls).toHaveLength(before + 1);
  });
});

describe('excerpts', () => {
  it('strips Markdown marks and cuts at 200 characters', () => {
    expect(excerptOf('# Title\n\n- **Bold** [link](https://x.test) and `code`\n> quote')).toBe(
      'Title Bold link and code quote',
    );
    const long = excerptOf('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the seed', () => {
  let dir: string;
  let seedDb: Database;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kb-seed-'));
    for (const language of ['en', 'tr']) mkdirSync(path.join(dir, language));
    writeFileSync(
      path.join(dir, 'en', 'refunds.md'),
      '---\ntitle: How do refunds work?\ntags: [refund, money back]\n---\nFull refund within 30 days.',
    );
    writeFileSync(
      path.join(dir, 'tr', 'refunds.md'),
      '---\ntitle: İade nasıl çalışır?\ntags: iade, para iadesi\n---\n30 gün içinde tam iade.',
    );
    writeFileSync(path.join(dir, 'en', 'hotspot.md'), '# Hotspot\n\nAllowed on every plan.');
    writeFileSync(path.join(dir, 'en', 'Bad Name.md'), '# Bad\n\nName');
    writeFileSync(path.join(dir, 'en', 'no-title.md'), 'no title');
    writeFileSync(
      path.join(dir, 'en', 'too-many-tags.md'),
      `---\ntitle: Tags\ntags: [${Array.from({ length: 21 }, (_, i) => `t${i}`).join(', ')}, ${'x'.repeat(41)}]\n---\nB`,
    );
    writeFileSync(path.join(dir, 'en', 'empty.md'), '---\ntitle: Empty\n---\n');
    writeFileSync(path.join(dir, 'en', 'notes.txt'), 'not Markdown');
    seedDb = await openTestDatabase();
    return async () => {
      await seedDb.close();
      rmSync(dir, { recursive: true, force: true });
    };
  });

  it('inserts the shipped articles once, even when two instances start together, leaving out bad files', async () => {
    const skipped: string[] = [];
    const one = new KnowledgeBaseRepository(seedDb.db);
    const two = new KnowledgeBaseRepository(seedDb.db);
    const counts = await Promise.all([
      one.ensureSeeded({ dir, onSkip: (file) => skipped.push(file) }),
      two.ensureSeeded({ dir, onSkip: (file) => skipped.push(file) }),
    ]);
    expect(counts.sort()).toEqual([0, 4]);
    expect([...new Set(skipped)].sort()).toEqual([
      'en/Bad Name.md',
      'en/empty.md',
      'en/no-title.md',
      'en/too-many-tags.md',
    ]);
    const rows = await seedDb.db.select().from(kbArticles).orderBy(kbArticles.language, kbArticles.slug);
    expect(rows.map((r) => `${r.language}/${r.slug}`)).toEqual([
      'en/hotspot',
      'en/refunds',
      'en/too-many-tags',
      'tr/refunds',
    ]);
    // Tags that break the rules are dropped, the article kept.
    expect(rows.find((r) => r.slug === 'too-many-tags')?.tags).toEqual(Array.from({ length: 20 }, (_, i) => `t${i}`));
    expect(rows.every((r) => r.published && r.updatedBy === 'seed')).toBe(true);
    expect(rows.find((r) => r.language === 'tr')).toMatchObject({
      title: 'İade nasıl çalışır?',
      tags: ['iade', 'para iadesi'],
    });
    const [rev] = await seedDb.db.select().from(kbRevision);
    expect(rev?.revision).toBe(1);

    // A restart seeds nothing; nor does one after the admin deleted every article.
    expect(await one.ensureSeeded({ dir })).toBe(0);
    for (const row of rows) await one.remove(row.id);
    expect(await one.ensureSeeded({ dir })).toBe(0);
    expect(await one.count()).toBe(0);
  });

  it('works with no content at all', async () => {
    const repo2 = new KnowledgeBaseRepository(seedDb.db);
    expect(await repo2.ensureSeeded({ dir: path.join(dir, 'missing') })).toBe(0);
    rmSync(path.join(dir, 'en'), { recursive: true });
    rmSync(path.join(dir, 'tr'), { recursive: true });
    expect(await repo2.ensureSeeded({ dir })).toBe(0);
    expect(await repo2.revision()).toBe(0);
  });

  it('every shipped article meets the admin rules (title, body, tags, slug), so none is left out or cut', async () => {
    const skipped: string[] = [];
    const inserted = await new KnowledgeBaseRepository(seedDb.db).ensureSeeded({
      onSkip: (file, reason) => skipped.push(`${file}: ${reason}`),
    });
    expect(skipped).toEqual([]);
    const rows = await seedDb.db.select({ slug: kbArticles.slug }).from(kbArticles).where(like(kbArticles.slug, '%'));
    expect(rows).toHaveLength(inserted);
  });
});
