import { z } from 'zod';
import { limitSchema, searchSchema } from './admin.ts';
import { CHAT_MESSAGE_MAX_LENGTH, chatResponseSchema } from './chat.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * The knowledge base in the admin area (`/admin/knowledge-base`;
 * `docs/product-rules.md#chat-assistant-and-knowledge-base`): the articles the chat assistant answers from,
 * their list with search and filters, create / edit (compare-and-set) / delete, the Markdown
 * import and the "try a question" box. The same schemas validate the requests on the server and
 * type the answers in the admin web app. Times are ISO 8601 strings (UTC, millisecond precision);
 * lists are newest updated first with keyset pagination (`cursor` is the `nextCursor` of the
 * previous page, an opaque string).
 */

// ---------------------------------------------------------------------------------------------
// Limits

/** Longest title, characters (one line). */
export const KB_TITLE_MAX_LENGTH = 200;
/** Longest body, characters of Markdown. */
export const KB_BODY_MAX_LENGTH = 50_000;
/** Most tags of an article. */
export const KB_MAX_TAGS = 20;
/** Longest tag, characters. */
export const KB_TAG_MAX_LENGTH = 40;
/** Longest slug, characters. */
export const KB_SLUG_MAX_LENGTH = 80;
/** Most files of one Markdown import. */
export const KB_IMPORT_MAX_FILES = 50;
/** Largest file of a Markdown import, characters (about 100 KB). */
export const KB_IMPORT_MAX_FILE_LENGTH = 100_000;
/** Longest file name of a Markdown import, characters. */
export const KB_IMPORT_MAX_NAME_LENGTH = 200;
/** Default page size of the article list. */
export const KB_LIST_DEFAULT_LIMIT = 25;
/** Most articles the "try a question" box lists. */
export const KB_TRY_HITS = 5;

/**
 * A slug: lower-case letters a-z, digits and single hyphens, at most 80 characters. The slug
 * names an article's topic and is shared by its translations (`refunds` in every language); it
 * is unique per language.
 */
export const KB_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The article languages: the store's five. */
export const kbLanguageSchema = z.enum(LANGUAGE_CODES, {
  error: `must be one of ${LANGUAGE_CODES.join(', ')}`,
});

/** A slug (see {@link KB_SLUG_PATTERN}). */
export const kbSlugSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(KB_SLUG_MAX_LENGTH, `must be at most ${KB_SLUG_MAX_LENGTH} characters`)
  .regex(KB_SLUG_PATTERN, 'must be lower-case letters a-z, digits and single hyphens, e.g. refund-policy');

/** An article's title: one line, 1-200 characters after trimming. */
export const kbTitleSchema = singleLineText()
  .min(1, 'required')
  .max(KB_TITLE_MAX_LENGTH, `must be at most ${KB_TITLE_MAX_LENGTH} characters`);

/** An article's body: Markdown, several lines, 1-50,000 characters after trimming. Raw HTML is never rendered. */
export const kbBodySchema = multiLineText()
  .min(1, 'required')
  .max(KB_BODY_MAX_LENGTH, `must be at most ${KB_BODY_MAX_LENGTH} characters`);

/** One tag: one line, 1-40 characters after trimming; stored lower-case. */
export const kbTagSchema = singleLineText()
  .min(1, 'required')
  .max(KB_TAG_MAX_LENGTH, `must be at most ${KB_TAG_MAX_LENGTH} characters`);

/** An article's tags: at most 20, lower-cased and without repeats (in the order first given). */
export const kbTagsSchema = z
  .array(kbTagSchema)
  .max(KB_MAX_TAGS, `must be at most ${KB_MAX_TAGS} tags`)
  .transform((tags) => normaliseTags(tags));

/** Tags as stored: trimmed, lower-case (locale-independent), empty ones dropped, first occurrence kept. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

/**
 * A slug made from a title: accents and the Turkish dotless ı, ß, æ, ø, œ folded to ASCII, every
 * other run of non-alphanumerics a hyphen, at most 80 characters (cut at a hyphen when it can).
 * Empty when the title has no Latin letter or digit.
 */
export function slugFromTitle(title: string): string {
  const folded = title
    .replace(/[ıİ]/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= KB_SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, KB_SLUG_MAX_LENGTH);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > 20 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '');
}

// ---------------------------------------------------------------------------------------------
// Articles

/**
 * An article as the admin reads it. `updatedAt` is what `PUT` compares (compare-and-set);
 * `remote*` describe its copy in AnythingLLM when `CHAT_ENGINE=anythingllm` (null otherwise).
 */
export const kbArticleSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  language: kbLanguageSchema,
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The admin's username who changed it last, or `seed` / `import`. */
  updatedBy: z.string(),
  remoteSyncedAt: z.string().nullable(),
  remoteError: z.string().nullable(),
});
export type KbArticle = z.infer<typeof kbArticleSchema>;

/** A row of the article list: the article without its body, with the first 200 characters of its text. */
export const kbArticleSummarySchema = kbArticleSchema.omit({ body: true }).extend({
  excerpt: z.string(),
  /** Characters of the Markdown body. */
  bodyLength: z.number().int().nonnegative(),
});
export type KbArticleSummary = z.infer<typeof kbArticleSummarySchema>;

/** `{ article }`: the answer of get, create, update and delete (delete: the article as it was). */
export const kbArticleResponseSchema = z.object({ article: kbArticleSchema });
export type KbArticleResponse = z.infer<typeof kbArticleResponseSchema>;

/** `published` in a query: `true` (published only) or `false` (drafts only). */
const booleanQuery = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/**
 * `GET /api/admin/knowledge-base/articles` query, every field optional: `q` (one line, at most 200
 * characters: in the title, the body, a tag or the slug, case-insensitive), `language`,
 * `published` (`true`/`false`), `cursor` (the previous page's `nextCursor`, same filters),
 * `limit` (1-100, default 25). Bad values are answered 400 `validation_error` naming the field.
 */
export const kbListQuerySchema = z.object({
  q: searchSchema,
  language: kbLanguageSchema.optional(),
  published: booleanQuery.optional(),
  cursor: z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be the nextCursor of the previous page')
    .optional(),
  limit: limitSchema(KB_LIST_DEFAULT_LIMIT),
});
export type KbListQuery = z.input<typeof kbListQuerySchema>;

/**
 * `GET /api/admin/knowledge-base/articles` answer: one page, newest updated first; `total` the
 * matches of the filters; `nextCursor` null on the last page.
 */
export const kbListResponseSchema = z.object({
  articles: z.array(kbArticleSummarySchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
});
export type KbListResponse = z.infer<typeof kbListResponseSchema>;

/**
 * `POST /api/admin/knowledge-base/articles` body: `title` (one line, 1-200), `body` (Markdown,
 * 1-50,000), `language` (one of the five), `slug` (optional: made from the title when left out,
 * with `-2`, `-3`... if that one is taken; a given slug already used in that language is 409
 * `slug_taken`), `tags` (at most 20 of 1-40 characters; default none), `published` (default true).
 */
export const kbCreateArticleSchema = z.strictObject({
  title: kbTitleSchema,
  body: kbBodySchema,
  language: kbLanguageSchema,
  slug: kbSlugSchema.optional(),
  tags: kbTagsSchema.optional().transform((tags) => tags ?? []),
  published: z
    .boolean()
    .optional()
    .transform((p) => p ?? true),
});
export type KbCreateArticleBody = z.input<typeof kbCreateArticleSchema>;

/**
 * `PUT /api/admin/knowledge-base/articles/{id}` body: the article as the admin saves it (fields as
 * for create; `slug` left out keeps the current one) and `updatedAt`, the article's `updatedAt` as
 * the admin loaded it: when the article changed since, the answer is 409 `article_changed` and
 * nothing is saved.
 */
export const kbUpdateArticleSchema = z.strictObject({
  title: kbTitleSchema,
  body: kbBodySchema,
  language: kbLanguageSchema,
  slug: kbSlugSchema.optional(),
  tags: kbTagsSchema,
  published: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true, error: 'must be the updatedAt of the article as loaded' }),
});
export type KbUpdateArticleBody = z.input<typeof kbUpdateArticleSchema>;

// ---------------------------------------------------------------------------------------------
// Markdown import

/** One Markdown file to import: its file name (the slug is made from it) and its text. */
export const kbImportFileSchema = z.strictObject({
  name: singleLineText()
    .min(1, 'required')
    .max(KB_IMPORT_MAX_NAME_LENGTH, `must be at most ${KB_IMPORT_MAX_NAME_LENGTH} characters`),
  content: z.string().max(KB_IMPORT_MAX_FILE_LENGTH, `must be at most ${KB_IMPORT_MAX_FILE_LENGTH} characters`),
});

/**
 * `POST /api/admin/knowledge-base/import` body: 1-50 Markdown `files`, each with a front matter of
 * `title` (else a first `# heading`), optional `tags` and `language`; `language` here is the
 * language of files whose front matter names none; `published` (default true) applies to the
 * articles the import creates (an updated article keeps its own).
 */
export const kbImportRequestSchema = z.strictObject({
  files: z
    .array(kbImportFileSchema)
    .min(1, 'must hold at least one file')
    .max(KB_IMPORT_MAX_FILES, `must hold at most ${KB_IMPORT_MAX_FILES} files`),
  language: kbLanguageSchema.optional(),
  published: z
    .boolean()
    .optional()
    .transform((p) => p ?? true),
});
export type KbImportRequest = z.input<typeof kbImportRequestSchema>;

/** What the import did with one file. */
export const KB_IMPORT_STATUSES = ['created', 'updated', 'error'] as const;

/**
 * One file's line of the import report: `created` / `updated` (the article with the file's slug
 * and language existed), or `error` with `message` naming the problem (the other files are
 * imported all the same).
 */
export const kbImportResultSchema = z.object({
  name: z.string(),
  status: z.enum(KB_IMPORT_STATUSES),
  id: z.number().int().positive().optional(),
  slug: z.string().optional(),
  language: kbLanguageSchema.optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  /** The field at fault for an error: `title`, `body`, `tags`, `language`, `slug`, `content`. */
  field: z.string().optional(),
});
export type KbImportResult = z.infer<typeof kbImportResultSchema>;

/** `POST /api/admin/knowledge-base/import` answer: one line per file, in the order sent, and the counts. */
export const kbImportResponseSchema = z.object({
  results: z.array(kbImportResultSchema),
  counts: z.object({
    created: z.number().int().nonnegative(),
    updated: z.number().int().nonnegative(),
    error: z.number().int().nonnegative(),
  }),
});
export type KbImportResponse = z.infer<typeof kbImportResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Try a question

/**
 * `POST /api/admin/knowledge-base/try` body: a question as a traveller would type it (1-2,000
 * characters after trimming) and optionally the language to answer in (else told from the
 * question, English when it cannot be). Nothing is stored as a conversation.
 */
export const kbTryRequestSchema = z.strictObject({
  question: multiLineText()
    .min(1, 'required')
    .max(CHAT_MESSAGE_MAX_LENGTH, `must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
  language: kbLanguageSchema.optional(),
});
export type KbTryRequest = z.input<typeof kbTryRequestSchema>;

/** An article the local engine's retrieval found, with its BM25+ `score` and the passage that matched best. */
export const kbRetrievalHitSchema = z.object({
  articleId: z.number().int(),
  slug: z.string(),
  language: kbLanguageSchema,
  title: z.string(),
  score: z.number(),
  passage: z.string(),
});
export type KbRetrievalHit = z.infer<typeof kbRetrievalHitSchema>;

/** How the assistant made its reply (the local engine's answer kinds). */
export const KB_ANSWER_KINDS = [
  'catalogue',
  'device',
  'coverage',
  'policy',
  'knowledge',
  'fallback',
  'remote',
] as const;

/**
 * `POST /api/admin/knowledge-base/try` answer: the language used, the reply the assistant would
 * give (the chat endpoint's shape, plus how it was made) and the articles retrieved with scores,
 * best first (at most 5).
 */
export const kbTryResponseSchema = z.object({
  language: kbLanguageSchema,
  answer: chatResponseSchema.extend({ kind: z.enum(KB_ANSWER_KINDS) }),
  hits: z.array(kbRetrievalHitSchema),
});
export type KbTryResponse = z.infer<typeof kbTryResponseSchema>;
