import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { KB_SLUG_PATTERN } from '@esim/contract/knowledge-base';
import { isLanguage, type Language } from '@esim/contract/languages';
import frontMatter from 'front-matter';

/**
 * The knowledge base the store ships with: Markdown files
 * `apps/api/content/knowledge-base/{language}/{slug}.md`, each with a front matter of `title`
 * and `tags`:
 *
 * ```md
 * ---
 * title: How do refunds work?
 * tags: [refund, cancel, money back]
 * ---
 * Body in Markdown...
 * ```
 *
 * The file name (without `.md`) is the article's `slug`, shared by its translations.
 */

/** The folder of the shipped articles. */
export const SEED_CONTENT_DIR = path.resolve(import.meta.dirname, '../../../../content/knowledge-base');

/** An article read from a Markdown file, before it has an id. */
export interface SeedArticle {
  slug: string;
  language: Language;
  title: string;
  body: string;
  tags: string[];
}

/** A slug: lower-case letters, digits and single hyphens, 1-80 characters (the contract's `KB_SLUG_PATTERN`). */
export const SLUG_PATTERN = KB_SLUG_PATTERN;

/**
 * Reads one Markdown article: the front matter's `title` (else the first `# heading`, which is
 * then dropped from the body) and `tags` (a list or a comma-separated string).
 * @throws Error naming the problem when there is no title or the front matter is not YAML.
 */
export function parseArticleMarkdown(text: string): { title: string; body: string; tags: string[] } {
  const parsed = frontMatter<{ title?: unknown; tags?: unknown }>(text.replace(/^\uFEFF/, ''));
  let body = parsed.body.replace(/\r\n?/g, '\n').trim();
  let title = typeof parsed.attributes.title === 'string' ? parsed.attributes.title.trim() : '';
  if (!title) {
    const heading = /^#\s+(.+)\n?/.exec(body);
    if (heading) {
      title = heading[1]!.trim();
      body = body.slice(heading[0].length).trim();
    }
  }
  if (!title) throw new Error('no title: add "title:" to the front matter or start with a "# heading"');
  const rawTags = parsed.attributes.tags;
  const tags = (Array.isArray(rawTags) ? rawTags.map(String) : typeof rawTags === 'string' ? rawTags.split(',') : [])
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);
  return { title, body, tags: [...new Set(tags)] };
}

/**
 * Every shipped article, by language folder then file name. A missing folder is an empty one.
 * @param options.onError when given, a bad file is reported to it (`en/x.md`, the problem) and
 *   skipped instead of thrown (the store's start-up seed, which must work with whatever is there).
 * @throws Error naming the file of a bad article (without `onError`).
 */
export function loadSeedArticles(
  dir: string = SEED_CONTENT_DIR,
  options: { onError?: (file: string, message: string) => void } = {},
): SeedArticle[] {
  const articles: SeedArticle[] = [];
  const fail = (file: string, message: string) => {
    if (!options.onError) throw new Error(`${file}: ${message}`);
    options.onError(file, message);
  };
  if (!existsSync(dir)) return articles;
  for (const language of readdirSync(dir).sort()) {
    if (!isLanguage(language)) continue;
    for (const file of readdirSync(path.join(dir, language)).sort()) {
      if (!file.endsWith('.md')) continue;
      const slug = file.slice(0, -3);
      if (!SLUG_PATTERN.test(slug)) {
        fail(`${language}/${file}`, 'the file name must be a slug (a-z, 0-9, -)');
        continue;
      }
      try {
        articles.push({
          slug,
          language,
          ...parseArticleMarkdown(readFileSync(path.join(dir, language, file), 'utf8')),
        });
      } catch (error) {
        fail(`${language}/${file}`, (error as Error).message);
      }
    }
  }
  return articles;
}
