import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkGroup, chunkGroups } from './vite-chunks.ts';
import { lucideIconFiles, rewriteLucideImports } from './vite-lucide-imports.ts';

const require = createRequire(import.meta.url);
const barrel = fs.readFileSync(
  path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist', 'esm', 'lucide-react.mjs'),
  'utf8',
);
const files = lucideIconFiles(barrel);

describe('lucide icon imports (issue 13: icons grouped by the area that uses them)', () => {
  it('reads every icon name of the installed lucide-react, aliases included, each to a module that exists', () => {
    expect(files.size).toBeGreaterThan(1000);
    expect(files.get('Check')).toBe('check');
    expect(files.get('CheckIcon')).toBe('check');
    expect(files.get('CheckCircle2')).toBe('circle-check');
    expect(files.get('CircleCheck')).toBe('circle-check');
    for (const file of new Set(files.values())) expect(require.resolve(`lucide-react/icons/${file}`)).toBeTruthy();
  });

  it('rewrites an import of icons into one import per icon, keeping local names', () => {
    const code = "import { Check, ArrowLeft as Back } from 'lucide-react';\nimport { x } from './y.ts';\n";
    expect(rewriteLucideImports(code, files)).toBe(
      "import Check from 'lucide-react/icons/check';import Back from 'lucide-react/icons/arrow-left';\nimport { x } from './y.ts';\n",
    );
    expect(rewriteLucideImports('import {\n  Globe,\n  Wifi,\n} from "lucide-react"', files)).toBe(
      "import Globe from 'lucide-react/icons/globe';import Wifi from 'lucide-react/icons/wifi';",
    );
  });

  it('leaves an import that names anything but icons, and code without lucide imports', () => {
    const code = "import { createLucideIcon, Check } from 'lucide-react';";
    expect(rewriteLucideImports(code, files)).toBeUndefined();
    expect(rewriteLucideImports("import { Check } from 'lucide-react-native';", files)).toBeUndefined();
  });
});

describe('chunkGroup', () => {
  const icon = '/repo/node_modules/lucide-react/dist/esm/icons/check.mjs';
  const ctx = (importers: string[]) => ({ getModuleInfo: () => ({ importers }) });
  const src = (file: string) => `/repo/apps/web/src/${file}`;

  it('puts React in a chunk of its own, the other libraries and lucide’s own code in the framework chunk', () => {
    expect(chunkGroup('/repo/node_modules/react-dom/cjs/react-dom-client.production.js', ctx([]))).toBe('react');
    expect(chunkGroup('/repo/node_modules/scheduler/index.js', ctx([]))).toBe('react');
    expect(chunkGroup('/repo/node_modules/react-i18next/dist/es/index.js', ctx([]))).toBe('framework');
    expect(chunkGroup('/repo/node_modules/@tanstack/query-core/build/modern/index.js', ctx([]))).toBe('framework');
    // <Trans> and its HTML parser go with the screens that use them.
    expect(chunkGroup('/repo/node_modules/react-i18next/dist/es/Trans.js', ctx([]))).toBeNull();
    expect(chunkGroup('/repo/node_modules/react-i18next/dist/es/TransWithoutContext.js', ctx([]))).toBeNull();
    expect(
      chunkGroup('/repo/node_modules/html-parse-stringify/dist/html-parse-stringify.module.js', ctx([])),
    ).toBeNull();
    // So do TanStack Query's infinite lists (the admin area's); the behaviour QueryClient imports stays.
    const tanstack = (file: string) => `/repo/node_modules/@tanstack/${file}`;
    expect(chunkGroup(tanstack('react-query/build/modern/useInfiniteQuery.js'), ctx([]))).toBeNull();
    expect(chunkGroup(tanstack('query-core/build/modern/infiniteQueryObserver.js'), ctx([]))).toBeNull();
    expect(chunkGroup(tanstack('query-core/build/modern/infiniteQueryBehavior.js'), ctx([]))).toBe('framework');
    expect(chunkGroup('/repo/node_modules/lucide-react/dist/esm/createLucideIcon.mjs', ctx([]))).toBe('framework');
    expect(chunkGroup(src('app/app.tsx'), ctx([]))).toBeNull();
  });

  it('groups an icon by the storefront areas that use it, the admin area apart', () => {
    expect(chunkGroup(icon, ctx([src('features/catalog/components/plan-card.tsx')]))).toBe('icons-catalog');
    expect(
      chunkGroup(
        icon,
        ctx([src('features/admin-orders/pages/x.tsx'), src('features/catalog/components/plan-card.tsx')]),
      ),
    ).toBe('icons-catalog');
    expect(chunkGroup(icon, ctx([src('features/admin-orders/pages/x.tsx'), src('features/admin/pages/y.tsx')]))).toBe(
      'icons-admin',
    );
    expect(chunkGroup(icon, ctx([src('features/cart/components/a.tsx'), src('app/layout/header.tsx')]))).toBe(
      'icons-shared',
    );
  });

  it('puts the icons of the app shell and the home page in the shell, following static imports only', () => {
    const iconAt = (file: string) => `/repo/node_modules/lucide-react/dist/esm/icons/${file}`;
    const graph: Record<string, string[]> = {
      [icon]: [src('features/catalog/components/countries-view.tsx')],
      [src('features/catalog/components/countries-view.tsx')]: [src('features/catalog/components/countries-page.tsx')],
      [src('features/catalog/components/countries-page.tsx')]: [src('app/routes/products.tsx')],
      [src('app/routes/products.tsx')]: [],
      [iconAt('menu.mjs')]: [src('app/layout/header.tsx')],
      [src('app/layout/header.tsx')]: [src('app/layout/layout.tsx')],
      [src('app/layout/layout.tsx')]: [src('app/app.tsx')],
      [src('app/app.tsx')]: [src('boot.tsx')],
      // A menu the header imports lazily: its icons are not the first page's.
      [iconAt('log-out.mjs')]: [src('app/layout/account-menu.tsx')],
      [src('app/layout/account-menu.tsx')]: [],
      // An import cycle ends the walk.
      [iconAt('qr-code.mjs')]: [src('features/portal/a.tsx')],
      [src('features/portal/a.tsx')]: [src('features/portal/b.tsx')],
      [src('features/portal/b.tsx')]: [src('features/portal/a.tsx')],
    };
    const graphCtx = { getModuleInfo: (id: string) => ({ importers: graph[id] ?? [] }) };
    expect(chunkGroup(icon, graphCtx)).toBe('shell');
    expect(chunkGroup(iconAt('menu.mjs'), graphCtx)).toBe('shell');
    expect(chunkGroup(iconAt('log-out.mjs'), graphCtx)).toBe('icons-layout');
    expect(chunkGroup(iconAt('qr-code.mjs'), graphCtx)).toBe('icons-portal');
  });

  it('puts what the app shell imports, and what the home screen shares with other screens, in one shell chunk', () => {
    const graph: Record<string, string[]> = {
      [src('main.tsx')]: [],
      [src('boot.tsx')]: [],
      [src('app/app.tsx')]: [src('boot.tsx')],
      [src('app/layout/header.tsx')]: [src('app/app.tsx')],
      // Both the entry and the shell import it: apart, so that the entry does not load the shell.
      [src('ssr-state.ts')]: [src('main.tsx'), src('boot.tsx')],
      ['\0vite/preload-helper.js']: [src('main.tsx'), src('app/router.tsx')],
      [src('app/router.tsx')]: [src('app/app.tsx')],
      [src('lib/csp.ts')]: [src('main.tsx')],
      // The home screen's own modules stay with it; what it shares with a lazy screen is the shell's.
      [src('app/routes/products.tsx')]: [],
      [src('features/catalog/components/countries-page.tsx')]: [src('app/routes/products.tsx')],
      [src('features/catalog/components/countries-view.tsx')]: [src('features/catalog/components/countries-page.tsx')],
      [src('app/page-meta.tsx')]: [src('features/catalog/components/countries-page.tsx'), src('app/routes/faq.tsx')],
      [src('app/routes/faq.tsx')]: [],
      // A lazy screen's own module, and one the chat panel alone imports.
      [src('features/portal/pages/usage.tsx')]: [src('app/routes/portal.tsx')],
      [src('app/routes/portal.tsx')]: [],
      [`/repo/packages/contract/src/format.ts`]: [src('app/layout/header.tsx')],
      ['/repo/node_modules/sonner/dist/index.mjs']: [src('app/layout/header.tsx')],
    };
    const graphCtx = { getModuleInfo: (id: string) => ({ importers: graph[id] ?? [] }) };
    const group = (id: string) => chunkGroup(id, graphCtx);
    expect(group(src('app/app.tsx'))).toBe('shell');
    expect(group(src('app/layout/header.tsx'))).toBe('shell');
    expect(group(src('app/router.tsx'))).toBe('shell');
    expect(group('/repo/packages/contract/src/format.ts')).toBe('shell');
    expect(group(src('app/page-meta.tsx'))).toBe('shell');
    // The entry and the app's start (which awaits the screen's chunk at its top level) stay apart.
    expect(group(src('main.tsx'))).toBeNull();
    expect(group(src('boot.tsx'))).toBeNull();
    expect(group(src('ssr-state.ts'))).toBe('entry-shared');
    expect(group('\0vite/preload-helper.js')).toBe('entry-shared');
    expect(group(src('lib/csp.ts'))).toBeNull();
    expect(group(src('app/routes/products.tsx'))).toBeNull();
    expect(group(src('features/catalog/components/countries-page.tsx'))).toBeNull();
    expect(group(src('features/catalog/components/countries-view.tsx'))).toBeNull();
    expect(group(src('features/portal/pages/usage.tsx'))).toBeNull();
    // Libraries other than the framework go where the bundler puts them (with what uses them).
    expect(group('/repo/node_modules/sonner/dist/index.mjs')).toBeNull();
    // The language detector is loaded only where the browser chooses the language itself.
    expect(
      group('/repo/node_modules/i18next-browser-languagedetector/dist/esm/i18nextBrowserLanguageDetector.js'),
    ).toBeNull();
  });

  it('lets the libraries be claimed first: React, the framework, then the entry’s and the shell’s modules', () => {
    expect(chunkGroups.map((group) => (typeof group.name === 'string' ? group.name : 'by module'))).toEqual([
      'react',
      'framework',
      'by module',
      'by module',
      'by module',
    ]);
    const priorities = chunkGroups.map((group) => group.priority);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
  });
});
