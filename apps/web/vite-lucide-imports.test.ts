import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkGroup } from './vite-chunks.ts';
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

  it('puts the icons of the app shell and the home page in icons-first, following static imports only', () => {
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
    expect(chunkGroup(icon, graphCtx)).toBe('icons-first');
    expect(chunkGroup(iconAt('menu.mjs'), graphCtx)).toBe('icons-first');
    expect(chunkGroup(iconAt('log-out.mjs'), graphCtx)).toBe('icons-layout');
    expect(chunkGroup(iconAt('qr-code.mjs'), graphCtx)).toBe('icons-portal');
  });
});
