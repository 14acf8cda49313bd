import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n-namespaces.ts';

/**
 * The storefront's and the admin area's texts in the five languages (`docs/product-rules.md#languages`):
 * every namespace file exists in every
 * language with exactly English's keys, none empty, and the same `{{placeholders}}`.
 */

const dir = path.dirname(new URL(import.meta.url).pathname);

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}[${i}]`));
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

function read(lang: string, ns: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('locales: %s', (ns) => {
  const english = new Map(leaves(read('en', ns)));
  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))(
    '%s has every key of English and no other, none empty, same placeholders',
    (lang) => {
      const texts = leaves(read(lang, ns));
      expect(texts.map(([k]) => k).sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), `${lang}/${ns} ${key}`).not.toBe('');
        expect(placeholders(text), `${lang}/${ns} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
      }
    },
  );
});
