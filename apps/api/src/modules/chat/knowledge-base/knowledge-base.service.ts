import { createHash, randomUUID } from 'node:crypto';
import {
  KB_LIST_DEFAULT_LIMIT,
  KB_TRY_HITS,
  type KbArticle,
  type KbArticleSummary,
  type KbImportResponse,
  type KbImportResult,
  type KbListResponse,
  type KbTryResponse,
  kbBodySchema,
  kbLanguageSchema,
  kbSlugSchema,
  kbTagsSchema,
  kbTitleSchema,
  slugFromTitle,
} from '@esim/contract/knowledge-base';
import { type Language, isLanguage } from '@esim/contract/languages';
import frontMatter from 'front-matter';
import { z } from 'zod';
import { AppError, ConflictError, NotFoundError, UpstreamError, ValidationError } from '../../../lib/errors.ts';
import type { ChatAnswer, ChatQuestion, RetrievalHit } from '../chat-engine.ts';
import type {
  KbArticleRow,
  KbArticleValues,
  KbListFilter,
  KbListRow,
  KnowledgeBaseRepository,
} from './knowledge-base.repository.ts';
import { parseArticleMarkdown } from './seed-content.ts';

/**
 * What the knowledge base tells the chat part after every committed change (the
 * `KnowledgeChangeHook` of `chat/anythingllm/document-sync.ts`, made by the `[chat]` block):
 * `deletedRemoteLocations` are the AnythingLLM locations of the articles deleted by that change
 * (an unpublished article keeps its row; the sync removes its remote copy itself).
 */
export type KnowledgeChangeHook = (change: { deletedRemoteLocations: string[] }) => Promise<void>;

/** The local engine's retrieval (`LocalChatEngine.retrieve`): the best articles for a question in a language, best first. */
export type RetrieveFn = (question: string, language: Language, limit?: number) => Promise<RetrievalHit[]>;

/** The local engine's answer (`LocalChatEngine.answer`). */
export type AnswerFn = (question: ChatQuestion) => Promise<ChatAnswer>;

/** Where the service logs a failed change hook (pino's shape). */
export interface KbLogger {
  error(obj: object, msg: string): void;
}

/** What {@link KnowledgeBaseService} needs. */
export interface KnowledgeBaseServiceDeps {
  repo: KnowledgeBaseRepository;
  /** "Try a question": the articles the local engine retrieves (`localEngine.retrieve.bind(localEngine)`). */
  retrieve: RetrieveFn;
  /** "Try a question": the reply the local engine gives (`localEngine.answer.bind(localEngine)`). */
  answer: AnswerFn;
  /** The language of a question when the admin names none (`detectLanguage` of `chat/engine/language.ts`). */
  detectLanguage: (message: string, fallback: Language) => Language;
  /** Called after every committed change; its failure is logged, never the admin's error. */
  onChange?: KnowledgeChangeHook | undefined;
  log?: KbLogger | undefined;
}

/** The first 200 characters of an article's text, Markdown marks removed, on one line. */
export function excerptOf(markdown: string, length = 200): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

function toArticle(row: KbArticleRow): KbArticle {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language as Language,
    title: row.title,
    body: row.body,
    tags: row.tags,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    remoteSyncedAt: row.remoteSyncedAt?.toISOString() ?? null,
    remoteError: row.remoteError,
  };
}

function toSummary(row: KbListRow): KbArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language as Language,
    title: row.title,
    tags: row.tags,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    remoteSyncedAt: row.remoteSyncedAt?.toISOString() ?? null,
    remoteError: row.remoteError,
    excerpt: excerptOf(row.bodyHead),
    bodyLength: row.bodyLength,
  };
}

/** What an article's audit entry records: the article without its remote sync columns. */
export function auditView(article: KbArticle): Omit<KbArticle, 'remoteSyncedAt' | 'remoteError'> {
  const { remoteSyncedAt: _s, remoteError: _e, ...rest } = article;
  return rest;
}

/** What a list cursor carries: the last row's keyset and the filters it belongs to. */
const cursorSchema = z.object({
  v: z.literal(1),
  k: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  i: z.number().int().positive().max(2_147_483_647),
  t: z.number().int().nonnegative(),
  f: z.string().max(16),
});

function fingerprint(filter: KbListFilter): string {
  return createHash('sha256')
    .update(JSON.stringify([filter.q ?? null, filter.language ?? null, filter.published ?? null]))
    .digest('base64url')
    .slice(0, 12);
}

/** @throws ValidationError 400 `cursor` when it is not a cursor of this list and filters. */
function decodeCursor(text: string, print: string): z.infer<typeof cursorSchema> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success)
    throw new ValidationError('cursor: not a cursor of this list; start again from the first page', 'cursor');
  if (cursor.data.f !== print) {
    throw new ValidationError('cursor: it belongs to another search; start again from the first page', 'cursor');
  }
  return cursor.data;
}

/** The first problem of a zod result as a message, or undefined. */
function problem(result: { success: boolean; error?: z.ZodError }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/**
 * The slug a Markdown file name gives: its base name without `.md` / `.markdown`, made a slug
 * (`Hotspot & tethering.md` → `hotspot-tethering`). Empty when nothing is left.
 */
export function slugFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return slugFromTitle(base.replace(/\.(md|markdown)$/i, ''));
}

/** The `language:` of a Markdown file's front matter, if any (any case; `EN` is `en`). */
function frontMatterLanguage(content: string): { value?: string; error?: string } {
  try {
    const parsed = frontMatter<{ language?: unknown; lang?: unknown }>(content.replace(/^\uFEFF/, ''));
    const raw = parsed.attributes.language ?? parsed.attributes.lang;
    if (raw === undefined || raw === null) return {};
    return { value: String(raw).trim().toLowerCase() };
  } catch (error) {
    return { error: `the front matter is not YAML: ${(error as Error).message.split('\n')[0]}` };
  }
}

/**
 * The knowledge base (docs/product-rules.md#chat-assistant-and-knowledge-base): articles with a title, a Markdown body, a language, tags and a published flag; the list
 * with search, filters and keyset pages; create, compare-and-set update and delete; the Markdown
 * import; "try a question" with the local engine. Every committed change bumps the revision (so
 * the assistant on every instance uses it at its next question) and then calls `onChange` (the
 * AnythingLLM document sync). Knows neither HTTP nor SQL; the routes check that the caller is an
 * admin and audit each change.
 */
export class KnowledgeBaseService {
  constructor(private readonly deps: KnowledgeBaseServiceDeps) {}

  private get repo(): KnowledgeBaseRepository {
    return this.deps.repo;
  }

  /** Tells the chat part about a committed change; a failure is logged and swallowed. */
  private async changed(deletedRemoteLocations: string[] = []): Promise<void> {
    if (!this.deps.onChange) return;
    try {
      await this.deps.onChange({ deletedRemoteLocations });
    } catch (error) {
      this.deps.log?.error({ err: error }, 'knowledge base change hook failed');
    }
  }

  /**
   * `GET /api/admin/knowledge-base/articles`: one page of the articles matching the filters,
   * newest updated first (ties by id), with the total of the matches (counted on the first page,
   * carried by the cursor to the next ones).
   * @throws ValidationError 400 `cursor` for a cursor of another search or a forged one.
   */
  async list(query: {
    q?: string | undefined;
    language?: Language | undefined;
    published?: boolean | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<KbListResponse> {
    const q = query.q?.trim();
    const filter: KbListFilter = {
      ...(q ? { q } : {}),
      ...(query.language ? { language: query.language } : {}),
      ...(query.published !== undefined ? { published: query.published } : {}),
    };
    const limit = query.limit ?? KB_LIST_DEFAULT_LIMIT;
    const print = fingerprint(filter);
    const cursor = query.cursor ? decodeCursor(query.cursor, print) : undefined;
    const [page, total] = await Promise.all([
      this.repo.listPage(filter, limit, cursor ? { updatedKey: cursor.k, id: cursor.i } : undefined),
      cursor ? Promise.resolve(cursor.t) : this.repo.count(filter),
    ]);
    const last = page.rows.at(-1);
    const nextCursor =
      page.more && last
        ? Buffer.from(JSON.stringify({ v: 1, k: last.updatedKey, i: last.id, t: total, f: print })).toString(
            'base64url',
          )
        : null;
    return { articles: page.rows.map(toSummary), nextCursor, total };
  }

  /** `GET /api/admin/knowledge-base/articles/{id}`. @throws NotFoundError 404 (`id`). */
  async get(id: number): Promise<KbArticle> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError('Article not found', 'id');
    return toArticle(row);
  }

  /**
   * `POST /api/admin/knowledge-base/articles` (validated by the contract's `kbCreateArticleSchema`).
   * The slug is made from the title when none is given, with `-2`, `-3`... when that one is taken.
   * @throws ValidationError 400 `slug` when no slug is given and the title gives none (no Latin letter or digit).
   * @throws ConflictError 409 `slug_taken` (`slug`) when the given slug is used in that language.
   */
  async create(
    input: {
      title: string;
      body: string;
      language: Language;
      slug?: string | undefined;
      tags: string[];
      published: boolean;
    },
    actor: string,
  ): Promise<KbArticle> {
    const derived = input.slug === undefined;
    const slug = input.slug ?? slugFromTitle(input.title);
    if (!slug)
      throw new ValidationError('slug: the title gives no slug (it has no letter a-z or digit); enter one', 'slug');
    const row = await this.repo.create(
      {
        slug,
        language: input.language,
        title: input.title,
        body: input.body,
        tags: input.tags,
        published: input.published,
        updatedBy: actor,
      },
      derived,
    );
    if (!row)
      throw new ConflictError(
        `slug: "${slug}" is already used by another ${input.language} article`,
        'slug_taken',
        'slug',
      );
    await this.changed();
    return toArticle(row);
  }

  /**
   * `PUT /api/admin/knowledge-base/articles/{id}`: saves the article as the admin edited it if it
   * has not changed since they loaded it (`updatedAt`). A left-out slug keeps the current one.
   * @returns the article before and after, for the audit log.
   * @throws NotFoundError 404 (`id`) when it does not exist (deleted meanwhile).
   * @throws ConflictError 409 `article_changed` (`updatedAt`) when someone changed it since; 409 `slug_taken` (`slug`).
   */
  async update(
    id: number,
    input: {
      title: string;
      body: string;
      language: Language;
      slug?: string | undefined;
      tags: string[];
      published: boolean;
      updatedAt: string;
    },
    actor: string,
  ): Promise<{ before: KbArticle; after: KbArticle }> {
    const expected = new Date(input.updatedAt);
    let slug = input.slug;
    if (slug === undefined) {
      const current = await this.repo.find(id);
      if (!current) throw new NotFoundError('Article not found', 'id');
      slug = current.slug;
    }
    const outcome = await this.repo.update(id, expected, {
      slug,
      language: input.language,
      title: input.title,
      body: input.body,
      tags: input.tags,
      published: input.published,
      updatedBy: actor,
    });
    switch (outcome.status) {
      case 'not_found':
        throw new NotFoundError('Article not found', 'id');
      case 'changed':
        throw new ConflictError(
          `This article was changed by ${outcome.current.updatedBy} at ${outcome.current.updatedAt.toISOString()} since you loaded it; reload it and make your change again.`,
          'article_changed',
          'updatedAt',
        );
      case 'slug_taken':
        throw new ConflictError(
          `slug: "${slug}" is already used by another ${input.language} article`,
          'slug_taken',
          'slug',
        );
      case 'updated':
        await this.changed();
        return { before: toArticle(outcome.before), after: toArticle(outcome.after) };
    }
  }

  /**
   * `DELETE /api/admin/knowledge-base/articles/{id}`; the change hook gets its remote location.
   * @returns the article as it was. @throws NotFoundError 404 (`id`).
   */
  async remove(id: number): Promise<KbArticle> {
    const row = await this.repo.remove(id);
    if (!row) throw new NotFoundError('Article not found', 'id');
    await this.changed(row.remoteLocation ? [row.remoteLocation] : []);
    return toArticle(row);
  }

  /**
   * `POST /api/admin/knowledge-base/import`: each Markdown file becomes an article, its slug from
   * the file name and its language from its front matter's `language:` (else `language`). An
   * article with that slug and language is updated (title, body, tags; it keeps `published`),
   * else one is created with `published`. A file that cannot be read or breaks a rule (title,
   * body, tags, language, slug; the article schema's limits) gets an `error` line naming the
   * problem; the other files are imported all the same. One change hook call at the end.
   */
  async import(
    input: { files: { name: string; content: string }[]; language?: Language | undefined; published: boolean },
    actor: string,
  ): Promise<KbImportResponse> {
    const results: KbImportResult[] = [];
    const seen = new Set<string>();
    for (const file of input.files) {
      const fail = (message: string, field: string): void => {
        results.push({ name: file.name, status: 'error', message, field });
      };
      const slug = slugFromFileName(file.name);
      if (!slug || !kbSlugSchema.safeParse(slug).success) {
        fail('the file name gives no slug: name it with letters a-z and digits, e.g. refund-policy.md', 'slug');
        continue;
      }
      const declared = frontMatterLanguage(file.content);
      if (declared.error) {
        fail(declared.error, 'content');
        continue;
      }
      const language = declared.value ?? input.language;
      if (!language) {
        fail(
          'no language: add "language: en" (tr, es, fr, de) to the front matter, or choose the language of the import',
          'language',
        );
        continue;
      }
      if (!isLanguage(language) || !kbLanguageSchema.safeParse(language).success) {
        fail(`language "${language}" is not one of en, tr, es, fr, de`, 'language');
        continue;
      }
      const key = `${language}/${slug}`;
      if (seen.has(key)) {
        fail(`another file of this import is also ${key}`, 'slug');
        continue;
      }
      seen.add(key);
      let parsed: { title: string; body: string; tags: string[] };
      try {
        parsed = parseArticleMarkdown(file.content);
      } catch (error) {
        fail((error as Error).message.split('\n')[0] ?? 'the file cannot be read', 'title');
        continue;
      }
      const title = kbTitleSchema.safeParse(parsed.title);
      const body = kbBodySchema.safeParse(parsed.body);
      const tags = kbTagsSchema.safeParse(parsed.tags);
      const bad = (
        [
          ['title', title],
          ['body', body],
          ['tags', tags],
        ] as const
      ).find(([, result]) => !result.success);
      if (bad) {
        fail(`${bad[0]}: ${problem(bad[1])}`, bad[0]);
        continue;
      }
      const values: KbArticleValues = {
        slug,
        language,
        title: title.data!,
        body: body.data!,
        tags: tags.data!,
        published: input.published,
        updatedBy: actor,
      };
      const { status, row } = await this.repo.upsertImported(values);
      results.push({ name: file.name, status, id: row.id, slug: row.slug, language, title: row.title });
    }
    const counts = { created: 0, updated: 0, error: 0 };
    for (const r of results) counts[r.status] += 1;
    if (counts.created + counts.updated > 0) await this.changed();
    return { results, counts };
  }

  /**
   * `POST /api/admin/knowledge-base/try`: the reply the assistant would give to `question` and
   * the articles its retrieval finds, with scores (at most 5, best first). The language is the
   * admin's choice, else the question's own (English when it cannot be told). Nothing is stored.
   * @throws UpstreamError 503 when the engine fails (logged).
   */
  async try(input: { question: string; language?: Language | undefined }): Promise<KbTryResponse> {
    const question = input.question.trim();
    const language = input.language ?? this.deps.detectLanguage(question, 'en');
    let answer: ChatAnswer;
    let hits: RetrievalHit[];
    try {
      [answer, hits] = await Promise.all([
        this.deps.answer({ message: question, language, sessionId: `admin-try-${randomUUID()}` }),
        this.deps.retrieve(question, language, KB_TRY_HITS),
      ]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.deps.log?.error({ err: error }, 'knowledge base: the local engine failed to try a question');
      throw new UpstreamError('The chat engine could not answer; try again, or see the server log', 503);
    }
    return {
      language,
      answer: {
        id: randomUUID(),
        textResponse: answer.textResponse,
        sources: answer.sources,
        language: answer.language,
        kind: answer.kind,
      },
      hits: hits.slice(0, KB_TRY_HITS),
    };
  }
}
