import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The texts: `src/locales/{language}/{namespace}.json`. */
const LOCALES = fileURLToPath(new URL('./src/locales', import.meta.url));

/**
 * The storefront's texts as static JSON files, which `src/lib/i18n.ts` fetches by
 * language and namespace from `import.meta.env.LOCALES_URL`. The build copies every
 * `src/locales/{language}/{namespace}.json`, minified, to
 * `assets/locales-{hash}/{language}/{namespace}.json`, the hash of all the texts in the folder
 * name: the URLs change whenever a text does, so the server can let browsers keep them for a year
 * (`immutable`, like the other assets), and the app carries one URL rather than one per language
 * and namespace (5 languages x 17 namespaces): a module loader each (`import()`, i18next's
 * resources-to-backend) cost 1.3 kB of gzipped JavaScript on every page, a URL each
 * (`import.meta.glob` with `?url`) 1.7 kB, either of which puts the home page over its 130 kB
 * (decision record 0027). The dev server serves the source files themselves (`/src/locales`).
 */
export function localeFiles(): Plugin {
  const files = (fs.readdirSync(LOCALES, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /^[a-z]{2}\/[a-z-]+\.json$/.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0${fs.readFileSync(path.join(LOCALES, file), 'utf8')}\0`);
  const folder = `assets/locales-${hash.digest('hex').slice(0, 10)}`;
  return {
    name: 'locale-files',
    config: (_config, { command }) => ({
      define: { 'import.meta.env.LOCALES_URL': JSON.stringify(command === 'build' ? `/${folder}` : '/src/locales') },
    }),
    generateBundle() {
      for (const file of files) {
        const texts: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8'));
        this.emitFile({ type: 'asset', fileName: `${folder}/${file}`, source: JSON.stringify(texts) });
      }
    },
  };
}
