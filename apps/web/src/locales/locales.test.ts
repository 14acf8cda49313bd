import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.dirname(new URL(import.meta.url).pathname);
const languages = ['en', 'tr', 'es', 'fr', 'de'];
const namespaces = fs.readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const load = (lang: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(root, lang, ns), 'utf8')) as Tree);
/** Plural suffixes differ by language (Turkish and others); compare keys without them. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

describe.each(namespaces)('translations of %s', (ns) => {
  const english = load('en', ns);
  it.each(languages.filter((l) => l !== 'en'))('%s has every key, the same placeholders, and is translated', (lang) => {
    const other = load(lang, ns);
    const otherBases = new Set([...other.keys()].map(base));
    const missing = [...english.keys()].filter((k) => !otherBases.has(base(k)));
    expect(missing, `${lang}/${ns} is missing keys`).toEqual([]);
    const extra = [...other.keys()].filter((k) => ![...english.keys()].some((e) => base(e) === base(k)));
    expect(extra, `${lang}/${ns} has keys English does not`).toEqual([]);
    for (const [key, value] of other) {
      const en = english.get(key) ?? english.get(`${base(key)}_other`) ?? english.get(base(key));
      if (en === undefined) continue;
      expect(placeholders(value), `${lang}/${ns}:${key} placeholders`).toEqual(placeholders(en));
    }
    // Not English copies: most sentences (longer than three words) must differ from English.
    const sentences = [...english].filter(([, v]) => v.split(' ').length > 3);
    const copied = sentences.filter(([k, v]) => other.get(k) === v).map(([k]) => k);
    expect(copied.length, `${lang}/${ns} copies English in ${copied.join(', ')}`).toBeLessThanOrEqual(
      Math.floor(sentences.length * 0.05),
    );
  });
});
