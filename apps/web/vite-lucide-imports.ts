import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `import { A, B as C } from 'lucide-react'` (after TypeScript is stripped: no `type` specifiers left). */
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])lucide-react\2;?/g;

/** One line of lucide-react's barrel: `export { default as Check, default as CheckIcon } from './icons/check.mjs';` */
const BARREL_EXPORT = /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([a-z0-9-]+)\.mjs';/g;

/**
 * Every icon name lucide-react exports (aliases included: `CheckCircle2`, `CircleCheckIcon`...),
 * with the file of the icon (`circle-check`), read from the package's ESM barrel.
 */
export function lucideIconFiles(barrelSource: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, specifiers = '', file = ''] of barrelSource.matchAll(BARREL_EXPORT)) {
    for (const specifier of specifiers.split(',')) {
      const name = /^\s*default\s+as\s+(\w+)\s*$/.exec(specifier)?.[1];
      if (name) files.set(name, file);
    }
  }
  return files;
}

/**
 * `code` with each `import { ... } from 'lucide-react'` whose names are all icons rewritten to one
 * import per icon (`import Check from 'lucide-react/icons/check'`), or `undefined` when nothing
 * changed. An import naming anything else (`createLucideIcon`, `LucideProvider`) is left whole.
 */
export function rewriteLucideImports(code: string, files: ReadonlyMap<string, string>): string | undefined {
  let changed = false;
  const rewritten = code.replace(BARREL_IMPORT, (whole, specifiers: string) => {
    const imports: string[] = [];
    for (const specifier of specifiers
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
      const file = files.get(imported);
      if (!file || !/^\w+$/.test(local)) return whole;
      imports.push(`import ${local} from 'lucide-react/icons/${file}';`);
    }
    changed = true;
    return imports.join('');
  });
  return changed ? rewritten : undefined;
}

/**
 * Makes the browser build import each lucide icon from its own module, as if the source said
 * `import Check from 'lucide-react/icons/check'`. Through the package's barrel
 * (`import { Check } from 'lucide-react'`), the barrel is every icon's importer: the app shell's
 * chunk group (`vite.config.ts`), which takes what its modules import, took every icon the app
 * uses, the admin area's too (6.8 kB more gzipped on every page). With one import per icon, the
 * shell takes only the icons of the header and the home screen, and the other icons go with the
 * screens that use them. Build only; the source keeps the barrel imports the lucide documentation
 * shows (decision record 0027).
 */
export function lucideIconImports(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'lucide-icon-imports',
    apply: 'build',
    buildStart() {
      const require = createRequire(import.meta.url);
      const packageJson = require.resolve('lucide-react/package.json');
      const barrel = path.join(path.dirname(packageJson), 'dist', 'esm', 'lucide-react.mjs');
      files = lucideIconFiles(fs.readFileSync(barrel, 'utf8'));
      if (files.size < 1000) this.error(`lucide-icon-imports: read only ${files.size} icon names from ${barrel}`);
    },
    transform(code, id) {
      if (!files || id.includes('/node_modules/') || !code.includes('lucide-react')) return null;
      const rewritten = rewriteLucideImports(code, files);
      return rewritten === undefined ? null : { code: rewritten, map: null };
    },
  };
}
