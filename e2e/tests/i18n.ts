import fs from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/**
 * The text a user sees for a translation key, read from the app's own locale files so the tests
 * assert what a visitor in that language reads, e.g. `text('tr', 'catalog', 'hero.countryTitle', { country: 'Türkiye' })`.
 */
export function text(lang: string, ns: string, key: string, values: Record<string, string | number> = {}): string {
  const tree = JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No translation ${lang}/${ns}:${key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
}
