import {
  KB_MAX_TAGS,
  KB_TAG_MAX_LENGTH,
  kbBodySchema,
  kbSlugSchema,
  kbTagSchema,
  kbTagsSchema,
  kbTitleSchema,
} from '@esim/contract/knowledge-base';
import type { Language } from '@esim/contract/languages';
import { type SQL, and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { kbArticles, kbRevision } from '../chat.schema.ts';
import type { KbDocument, KnowledgeSource } from './knowledge-source.ts';
import { SEED_CONTENT_DIR, loadSeedArticles } from './seed-content.ts';

/** A `kb_articles` row. */
export type KbArticleRow = typeof kbArticles.$inferSelect;

/** The fields of an article an admin (or the seed, or an import) writes. */
export interface KbArticleValues {
  slug: string;
  language: Language;
  title: string;
  body: string;
  tags: string[];
  published: boolean;
  /** The admin's username, `seed` or `import:<username>`. */
  updatedBy: string;
}

/** A row of the article list: everything but the body, with its first 600 characters and its length. */
export type KbListRow = Omit<KbArticleRow, 'body'> & {
  bodyHead: string;
  bodyLength: number;
  /** `updated_at` with its microseconds (UTC text), the list's keyset. */
  updatedKey: string;
};

/** The list's filters (all optional). */
export interface KbListFilter {
  /** Text in the title, the body, a tag or the slug (case-insensitive). */
  q?: string;
  language?: Language;
  published?: boolean;
}

/** Where a list page starts: below this row of the previous page (newest updated first). */
export interface KbKeyset {
  updatedKey: string;
  id: number;
}

/** What the AnythingLLM document sync reads of every article (`KnowledgeChangeHook`). */
export interface KbRemoteSyncRow {
  id: number;
  published: boolean;
  slug: string;
  language: Language;
  title: string;
  body: string;
  tags: string[];
  updatedAt: Date;
  remoteLocation: string | null;
  remoteHash: string | null;
}

/** The outcome of a compare-and-set update. */
export type KbUpdateOutcome =
  | { status: 'updated'; before: KbArticleRow; after: KbArticleRow }
  | { status: 'not_found' }
  | { status: 'changed'; current: KbArticleRow }
  | { status: 'slug_taken' };

/**
 * Serialises every knowledge-base write across instances (a transaction-scoped advisory lock):
 * the slug check and the write it guards are one step, and the seed runs once when instances
 * start together. Writes are an admin's, so taking turns costs nothing. Arbitrary constant,
 * distinct from the migration (727_001) and pricing (727_010) locks.
 */
const KB_WRITE_LOCK_KEY = 727_011;

/** `updated_at` of a write: now to the millisecond (what the API returns and compares), never earlier than the row's last change. */
const NOW_MS = sql`date_trunc('milliseconds', now())`;

/** `LIKE` pattern text: the wildcard characters and the escape character taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const listColumns = {
  id: kbArticles.id,
  slug: kbArticles.slug,
  language: kbArticles.language,
  title: kbArticles.title,
  tags: kbArticles.tags,
  published: kbArticles.published,
  createdAt: kbArticles.createdAt,
  updatedAt: kbArticles.updatedAt,
  updatedBy: kbArticles.updatedBy,
  remoteLocation: kbArticles.remoteLocation,
  remoteHash: kbArticles.remoteHash,
  remoteSyncedAt: kbArticles.remoteSyncedAt,
  remoteError: kbArticles.remoteError,
  bodyHead: sql<string>`left(${kbArticles.body}, 600)`,
  bodyLength: sql<number>`char_length(${kbArticles.body})::int`,
  updatedKey: sql<string>`to_char(${kbArticles.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/**
 * Data access of the knowledge base: `kb_articles` and `kb_revision`. It is the local
 * chat engine's {@link KnowledgeSource} (`revision()`, `published()`), the admin screen's store
 * (list with search and keyset pagination, compare-and-set update), the seed's and the
 * AnythingLLM document sync's (`forRemoteSync()`, `markRemote()`). Every change of an article
 * adds 1 to `kb_revision` in the same transaction, so every instance sees it at its next question.
 */
export class KnowledgeBaseRepository implements KnowledgeSource {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction holding the knowledge-base write lock, with a repository bound to it. */
  private locked<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KB_WRITE_LOCK_KEY})`);
      return work(tx as unknown as Db);
    });
  }

  /** Adds 1 to the revision (the row is made if a database lacks it). */
  private async bump(tx: Db): Promise<void> {
    await tx
      .insert(kbRevision)
      .values({ id: 1, revision: 1 })
      .onConflictDoUpdate({
        target: kbRevision.id,
        set: { revision: sql`${kbRevision.revision} + 1`, updatedAt: sql`now()` },
      });
  }

  /** {@inheritDoc KnowledgeSource.revision} 0 before any change. */
  async revision(): Promise<number> {
    const [row] = await this.db.select({ revision: kbRevision.revision }).from(kbRevision).where(eq(kbRevision.id, 1));
    return Number(row?.revision ?? 0);
  }

  /** {@inheritDoc KnowledgeSource.published} By language, then slug. */
  async published(): Promise<KbDocument[]> {
    const rows = await this.db
      .select({
        id: kbArticles.id,
        slug: kbArticles.slug,
        language: kbArticles.language,
        title: kbArticles.title,
        body: kbArticles.body,
        tags: kbArticles.tags,
        updatedAt: kbArticles.updatedAt,
      })
      .from(kbArticles)
      .where(eq(kbArticles.published, true))
      .orderBy(kbArticles.language, kbArticles.slug);
    return rows.map((row) => ({ ...row, language: row.language as Language }));
  }

  /** The article with this id. */
  async find(id: number): Promise<KbArticleRow | undefined> {
    const [row] = await this.db.select().from(kbArticles).where(eq(kbArticles.id, id));
    return row;
  }

  /** The article with this slug in this language. */
  async findBySlug(slug: string, language: Language): Promise<KbArticleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(kbArticles)
      .where(and(eq(kbArticles.slug, slug), eq(kbArticles.language, language)));
    return row;
  }

  /** The slugs of `language` that are `base` or start with `base-` (to pick a free one). */
  async slugsLike(base: string, language: Language): Promise<string[]> {
    const rows = await this.db
      .select({ slug: kbArticles.slug })
      .from(kbArticles)
      .where(
        and(
          eq(kbArticles.language, language),
          or(eq(kbArticles.slug, base), ilike(kbArticles.slug, `${likeLiteral(base)}-%`)),
        ),
      );
    return rows.map((r) => r.slug);
  }

  private where(filter: KbListFilter, after?: KbKeyset): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.language) conditions.push(eq(kbArticles.language, filter.language));
    if (filter.published !== undefined) conditions.push(eq(kbArticles.published, filter.published));
    if (filter.q) {
      const pattern = `%${likeLiteral(filter.q)}%`;
      conditions.push(
        or(
          ilike(kbArticles.title, pattern),
          ilike(kbArticles.body, pattern),
          ilike(kbArticles.slug, pattern),
          sql`array_to_string(${kbArticles.tags}, ' ') ilike ${pattern}`,
        )!,
      );
    }
    if (after)
      conditions.push(
        sql`(${kbArticles.updatedAt}, ${kbArticles.id}) < (${after.updatedKey}::timestamptz, ${after.id})`,
      );
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  /** One page of the list, newest updated first (ties by id), after `after`; `more` when another page follows. */
  async listPage(filter: KbListFilter, limit: number, after?: KbKeyset): Promise<{ rows: KbListRow[]; more: boolean }> {
    const rows = await this.db
      .select(listColumns)
      .from(kbArticles)
      .where(this.where(filter, after))
      .orderBy(desc(kbArticles.updatedAt), desc(kbArticles.id))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  }

  /** How many articles match the filters. */
  async count(filter: KbListFilter = {}): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(kbArticles).where(this.where(filter));
    return Number(row?.n ?? 0);
  }

  /**
   * Inserts an article and bumps the revision, unless `values.slug` is taken in its language
   * (then `undefined`). With `pickSlug`, a taken slug gets the first free `-2`, `-3`... suffix instead.
   */
  create(values: KbArticleValues, pickSlug = false): Promise<KbArticleRow | undefined> {
    return this.locked(async (tx) => {
      let slug = values.slug;
      const taken = new Set(await new KnowledgeBaseRepository(tx).slugsLike(slug, values.language));
      if (taken.has(slug)) {
        if (!pickSlug) return undefined;
        let n = 2;
        while (taken.has(`${slug.slice(0, 80 - String(n).length - 1)}-${n}`)) n += 1;
        slug = `${slug.slice(0, 80 - String(n).length - 1)}-${n}`;
      }
      const [row] = await tx
        .insert(kbArticles)
        .values({ ...values, slug, createdAt: NOW_MS, updatedAt: NOW_MS })
        .returning();
      await this.bump(tx);
      return row!;
    });
  }

  /**
   * Replaces an article's fields if it still has `expectedUpdatedAt` (compared to the
   * millisecond), and bumps the revision. Its new `updated_at` is later than the old one even
   * within the same millisecond, so every save changes it.
   */
  update(id: number, expectedUpdatedAt: Date, values: KbArticleValues): Promise<KbUpdateOutcome> {
    return this.locked(async (tx) => {
      const [before] = await tx.select().from(kbArticles).where(eq(kbArticles.id, id)).for('update');
      if (!before) return { status: 'not_found' };
      if (Math.floor(before.updatedAt.getTime()) !== expectedUpdatedAt.getTime())
        return { status: 'changed', current: before };
      if (values.slug !== before.slug || values.language !== before.language) {
        const [twin] = await tx
          .select({ id: kbArticles.id })
          .from(kbArticles)
          .where(and(eq(kbArticles.slug, values.slug), eq(kbArticles.language, values.language)));
        if (twin && twin.id !== id) return { status: 'slug_taken' };
      }
      const [after] = await tx
        .update(kbArticles)
        .set({
          ...values,
          updatedAt: sql`greatest(${NOW_MS}, date_trunc('milliseconds', ${kbArticles.updatedAt}) + interval '1 millisecond')`,
        })
        .where(eq(kbArticles.id, id))
        .returning();
      await this.bump(tx);
      return { status: 'updated', before, after: after! };
    });
  }

  /** Deletes an article and bumps the revision; the row as it was, or undefined when there was none. */
  remove(id: number): Promise<KbArticleRow | undefined> {
    return this.locked(async (tx) => {
      const [row] = await tx.delete(kbArticles).where(eq(kbArticles.id, id)).returning();
      if (row) await this.bump(tx);
      return row;
    });
  }

  /**
   * Writes one imported article: updates the one with its slug and language (title, body, tags;
   * it keeps its `published`), else inserts it. Bumps the revision.
   */
  upsertImported(values: KbArticleValues): Promise<{ status: 'created' | 'updated'; row: KbArticleRow }> {
    return this.locked(async (tx) => {
      const [existing] = await tx
        .select({ id: kbArticles.id })
        .from(kbArticles)
        .where(and(eq(kbArticles.slug, values.slug), eq(kbArticles.language, values.language)))
        .for('update');
      let status: 'created' | 'updated';
      let row: KbArticleRow | undefined;
      if (existing) {
        status = 'updated';
        [row] = await tx
          .update(kbArticles)
          .set({
            title: values.title,
            body: values.body,
            tags: values.tags,
            updatedBy: values.updatedBy,
            updatedAt: sql`greatest(${NOW_MS}, date_trunc('milliseconds', ${kbArticles.updatedAt}) + interval '1 millisecond')`,
          })
          .where(eq(kbArticles.id, existing.id))
          .returning();
      } else {
        status = 'created';
        [row] = await tx
          .insert(kbArticles)
          .values({ ...values, createdAt: NOW_MS, updatedAt: NOW_MS })
          .returning();
      }
      await this.bump(tx);
      return { status, row: row! };
    });
  }

  /**
   * The shipped articles on a knowledge base never touched (no article and revision 0): inserts
   * `articles` and bumps the revision, in one transaction under the write lock, so instances
   * starting together seed once. An admin who deleted every article does not get them back.
   * @returns how many were inserted (0 when the knowledge base already had content or a history).
   */
  seedIfEmpty(articles: readonly KbArticleValues[]): Promise<number> {
    if (articles.length === 0) return Promise.resolve(0);
    return this.locked(async (tx) => {
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(kbArticles);
      const [rev] = await tx.select({ revision: kbRevision.revision }).from(kbRevision).where(eq(kbRevision.id, 1));
      if (Number(n) > 0 || Number(rev?.revision ?? 0) > 0) return 0;
      const inserted = await tx
        .insert(kbArticles)
        .values(articles.map((a) => ({ ...a, createdAt: NOW_MS, updatedAt: NOW_MS })))
        .onConflictDoNothing({ target: [kbArticles.slug, kbArticles.language] })
        .returning({ id: kbArticles.id });
      if (inserted.length > 0) await this.bump(tx);
      return inserted.length;
    });
  }

  /**
   * Seeds the knowledge base on the store's first start: when it has
   * never been touched (no article, revision 0), inserts the shipped articles of
   * `apps/api/content/knowledge-base/{language}/{slug}.md` (`loadSeedArticles`) as published, by
   * `seed`. Works with whatever is there: a file that cannot be read, or whose title, body or slug
   * break the admin's rules (the contract's schemas), is reported to `onSkip` and left out; a tag
   * that breaks them (1-40 characters, at most 20) is reported and dropped, the article kept.
   * Idempotent, and safe when instances start together (see {@link seedIfEmpty}).
   * @returns how many articles were inserted (0 when the knowledge base already had content or a history).
   */
  async ensureSeeded(options: { dir?: string; onSkip?: (file: string, reason: string) => void } = {}): Promise<number> {
    if ((await this.count()) > 0 || (await this.revision()) > 0) return 0;
    const skip = options.onSkip ?? (() => {});
    const values: KbArticleValues[] = [];
    for (const article of loadSeedArticles(options.dir ?? SEED_CONTENT_DIR, { onError: skip })) {
      const file = `${article.language}/${article.slug}.md`;
      // A tag that breaks the rules is dropped (and reported); the article stays.
      const tags = article.tags.filter((tag) => {
        const ok = kbTagSchema.safeParse(tag).success;
        if (!ok) skip(file, `tag "${tag}" left out: tags are 1-${KB_TAG_MAX_LENGTH} characters on one line`);
        return ok;
      });
      if (tags.length > KB_MAX_TAGS) skip(file, `tags after the first ${KB_MAX_TAGS} left out`);
      tags.splice(KB_MAX_TAGS);
      const checks = [
        ['slug', kbSlugSchema.safeParse(article.slug)],
        ['title', kbTitleSchema.safeParse(article.title)],
        ['body', kbBodySchema.safeParse(article.body)],
        ['tags', kbTagsSchema.safeParse(tags)],
      ] as const;
      const bad = checks.find(([, result]) => !result.success);
      if (bad) {
        skip(file, `${bad[0]}: ${bad[1].error?.issues[0]?.message ?? 'invalid'}`);
        continue;
      }
      values.push({
        slug: article.slug,
        language: article.language,
        title: kbTitleSchema.parse(article.title),
        body: kbBodySchema.parse(article.body),
        tags: kbTagsSchema.parse(tags),
        published: true,
        updatedBy: 'seed',
      });
    }
    return this.seedIfEmpty(values);
  }

  /**
   * Every article, published or not, with what the AnythingLLM document sync compares
   * (`KnowledgeChangeHook`): its text and its remote copy's location and hash. By id.
   */
  async forRemoteSync(): Promise<KbRemoteSyncRow[]> {
    const rows = await this.db
      .select({
        id: kbArticles.id,
        published: kbArticles.published,
        slug: kbArticles.slug,
        language: kbArticles.language,
        title: kbArticles.title,
        body: kbArticles.body,
        tags: kbArticles.tags,
        updatedAt: kbArticles.updatedAt,
        remoteLocation: kbArticles.remoteLocation,
        remoteHash: kbArticles.remoteHash,
      })
      .from(kbArticles)
      .orderBy(kbArticles.id);
    return rows.map((row) => ({ ...row, language: row.language as Language }));
  }

  /**
   * Records an article's remote copy after a sync attempt: its `location` in AnythingLLM (null
   * when removed) and the `hash` of the text pushed, with `error` null on success (then
   * `remote_synced_at` is now) or the failure's text (the last success time stays). Not a change
   * of the article: neither `updated_at` nor the revision moves. Nothing happens for a deleted id.
   */
  async markRemote(
    id: number,
    remote: { location: string | null; hash: string | null; error: string | null },
  ): Promise<void> {
    await this.db
      .update(kbArticles)
      .set({
        remoteLocation: remote.location,
        remoteHash: remote.hash,
        remoteError: remote.error,
        ...(remote.error === null ? { remoteSyncedAt: sql`now()` } : {}),
      })
      .where(eq(kbArticles.id, id));
  }
}
