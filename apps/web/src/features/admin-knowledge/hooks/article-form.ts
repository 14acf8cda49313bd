import {
  KB_BODY_MAX_LENGTH,
  KB_MAX_TAGS,
  KB_SLUG_MAX_LENGTH,
  KB_SLUG_PATTERN,
  KB_TAG_MAX_LENGTH,
  KB_TITLE_MAX_LENGTH,
  type KbArticle,
  type KbCreateArticleBody,
  type KbUpdateArticleBody,
  normaliseTags,
} from '@esim/contract/knowledge-base';
import { type Language, LANGUAGE_CODES } from '@esim/contract/languages';
import { isMultiLineText, isSingleLineText } from '@esim/contract/text';
import { z } from 'zod';

/**
 * The article editor's form: what the admin types, checked in the browser with the
 * API's rules (contract `kbCreateArticleSchema`: title one line of 1-200 characters, body
 * 1-50,000, slug pattern or empty to make one from the title, at most 20 tags of 1-40
 * characters, comma-separated here). Messages are keys of `admin-knowledge:editor.errors.*`.
 */
export interface ArticleFormValues {
  title: string;
  language: Language;
  slug: string;
  /** Comma-separated. */
  tags: string;
  published: boolean;
  body: string;
}

/** The tags of the form's text: split at commas, trimmed, lower-cased, without repeats. */
export function splitTags(text: string): string[] {
  return normaliseTags(text.split(','));
}

export const articleFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'titleRequired')
    .max(KB_TITLE_MAX_LENGTH, 'titleTooLong')
    .refine(isSingleLineText, 'titleOneLine'),
  language: z.enum(LANGUAGE_CODES, { error: 'language' }),
  slug: z
    .string()
    .trim()
    .max(KB_SLUG_MAX_LENGTH, 'slugTooLong')
    .refine((slug) => slug === '' || KB_SLUG_PATTERN.test(slug), 'slugPattern'),
  tags: z
    .string()
    .refine((text) => splitTags(text).length <= KB_MAX_TAGS, 'tooManyTags')
    .refine(
      (text) => splitTags(text).every((tag) => tag.length <= KB_TAG_MAX_LENGTH && isSingleLineText(tag)),
      'tagTooLong',
    ),
  published: z.boolean(),
  body: z
    .string()
    .trim()
    .min(1, 'bodyRequired')
    .max(KB_BODY_MAX_LENGTH, 'bodyTooLong')
    .refine(isMultiLineText, 'bodyCharacters'),
}) satisfies z.ZodType<ArticleFormValues, ArticleFormValues>;

/** The form's starting values: an article's, or a new one's in `language`. */
export function initialArticleValues(article: KbArticle | null, language: Language): ArticleFormValues {
  if (!article) return { title: '', language, slug: '', tags: '', published: true, body: '' };
  return {
    title: article.title,
    language: article.language,
    slug: article.slug,
    tags: article.tags.join(', '),
    published: article.published,
    body: article.body,
  };
}

/** The body of `POST .../articles`: trimmed, the slug left out when empty (the server makes one). */
export function toCreateBody(values: ArticleFormValues): KbCreateArticleBody {
  const slug = values.slug.trim();
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    language: values.language,
    ...(slug ? { slug } : {}),
    tags: splitTags(values.tags),
    published: values.published,
  };
}

/** The body of `PUT .../articles/{id}`, with the `updatedAt` the article was loaded with. */
export function toUpdateBody(values: ArticleFormValues, updatedAt: string): KbUpdateArticleBody {
  return { ...toCreateBody(values), tags: splitTags(values.tags), published: values.published, updatedAt };
}

/** The form's field names, in the order they are shown (focus goes to the first in error). */
export const ARTICLE_FIELDS = ['title', 'language', 'slug', 'tags', 'published', 'body'] as const;
export type ArticleField = (typeof ARTICLE_FIELDS)[number];

/** The form field an API error names (`tags.3` → `tags`, `updatedAt` → none). */
export function formFieldOf(apiField: string | undefined): ArticleField | undefined {
  const head = apiField?.split('.')[0];
  return (ARTICLE_FIELDS as readonly string[]).includes(head ?? '') ? (head as ArticleField) : undefined;
}
