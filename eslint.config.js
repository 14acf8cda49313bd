import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint rules, including the layering of ARCHITECTURE.md: contract imports nothing of ours,
 * web and api never import each other, web features do not import each other, and only
 * repositories (and the db module) touch the database schema.
 */
const restrict = (patterns) => ['error', { patterns }];

const API = 'apps/api/src';
/** The API's layers: an element type (a folder) or a file category (a file at the top of `src/`). */
const API_LAYERS = {
  'api-config': [{ file: { categories: 'api-config' } }],
  'api-db': [{ element: { type: 'api-db' } }],
  'api-lib': [{ element: { type: 'api-lib' } }],
  'api-providers': [{ element: { type: 'api-providers' } }],
  'api-module-context': [{ file: { categories: 'api-module-context' } }],
  'api-module': [{ element: { type: 'api-module' } }],
  'api-app': [{ file: { categories: 'api-app' } }, { element: { type: 'api-plugins' } }],
  'api-entry': [{ file: { categories: 'api-entry' } }],
};
/** `from` may import the layers `to`. */
const layer = (from, to) => ({ from: API_LAYERS[from], allow: { to: to.flatMap((name) => API_LAYERS[name]) } });
/** A module's own files. */
const sameModule = {
  from: { element: { type: 'api-module' } },
  allow: { to: { element: { type: 'api-module', captured: { module: '{{ from.captured.module }}' } } } },
};
/**
 * A module's tables may reference another module's tables (foreign keys): one `*.schema.ts` may
 * import another's; no other file may import another module's schema.
 */
const foreignKeys = {
  from: { element: { type: 'api-module', fileInternalPath: '*.schema.ts' } },
  allow: { to: { element: { type: 'api-module', fileInternalPath: '*.schema.ts' } } },
};
/** Another module's entry, and nothing else of it. */
const moduleEntry = (from) => ({
  from: API_LAYERS[from],
  allow: { to: { element: { type: 'api-module', internalPath: '*.module.ts' } } },
});

// ---- Web boundaries: the layers of the web block below ----------------------------------------
const WEB = 'apps/web/src';
/** The web app's layers: an element type (a folder); the app layer also holds the entry files at the top of `src/`. */
const WEB_LAYERS = {
  app: [{ element: { type: 'app' } }, { file: { categories: 'web-entry' } }],
  feature: [{ element: { type: 'feature' } }],
  'admin-kit': [{ element: { type: 'admin-kit' } }],
  components: [{ element: { type: 'components' } }],
  lib: [{ element: { type: 'lib' } }],
  locales: [{ element: { type: 'locales' } }],
  contract: [{ element: { type: 'contract' } }],
};
/** The web layer `from` may import the layers `to`. */
const webLayer = (from, to) => ({
  from: WEB_LAYERS[from],
  allow: { to: to.flatMap((name) => WEB_LAYERS[name]) },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@esim/*', '**/apps/**'], message: 'contract depends only on zod.' },
        { regex: '^(?!zod$|vitest$|\\.{1,2}/).*', message: 'contract depends only on zod.' },
      ]),
    },
  },
  {
    files: ['apps/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@esim/web', '@esim/web/*', '**/apps/web/**', '**/web/src/**'],
          message: 'The api never imports the web app.',
        },
      ]),
    },
  },
  {
    files: ['apps/api/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/**/*.schema.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/test/**',
    ],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@esim/web', '@esim/web/*', '**/apps/web/**'], message: 'The api never imports the web app.' },
        {
          group: ['drizzle-orm', 'drizzle-orm/*', '**/*.schema.ts'],
          message: 'Only repositories touch Drizzle and the schema.',
        },
      ]),
    },
  },
  // The API's layers and modules (docs/decisions/0026-modules-and-their-boundaries.md):
  // config -> db -> lib -> providers -> modules -> app -> entries, each importing only those to its
  // left; a module imports another module only through its entry (`<name>.module.ts`). Tests may
  // reach anything.
  {
    files: [`${API}/**/*.{ts,tsx}`],
    ignores: [`${API}/**/*.test.ts`, `${API}/**/*.fake.ts`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/api/tsconfig.json' } },
      'boundaries/elements': [
        { type: 'api-db', pattern: `${API}/db` },
        { type: 'api-lib', pattern: `${API}/lib` },
        { type: 'api-providers', pattern: `${API}/providers` },
        { type: 'api-module', pattern: `${API}/modules/*`, capture: ['module'] },
        { type: 'api-plugins', pattern: `${API}/plugins` },
      ],
      // The files at the top of `src/`, by their layer.
      'boundaries/files': [
        { category: 'api-config', pattern: `${API}/{config,local-secrets}.ts` },
        { category: 'api-module-context', pattern: `${API}/modules/module-context.ts` },
        { category: 'api-app', pattern: `${API}/{app,infrastructure}.ts` },
        { category: 'api-entry', pattern: `${API}/{server,db-cli}.ts` },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            // The store's error classes (`lib/errors.ts`) are beneath everything: every layer throws them.
            { allow: { to: { element: { type: 'api-lib', internalPath: 'errors.ts' } } } },
            layer('api-config', ['api-config']),
            layer('api-db', ['api-config']),
            layer('api-lib', ['api-config', 'api-db']),
            layer('api-providers', ['api-config', 'api-db', 'api-lib']),
            layer('api-module-context', ['api-config', 'api-db', 'api-lib', 'api-providers']),
            layer('api-module', ['api-config', 'api-db', 'api-lib', 'api-providers', 'api-module-context']),
            // Its own files, and another module's entry only.
            sameModule,
            moduleEntry('api-module'),
            foreignKeys,
            layer('api-app', ['api-config', 'api-db', 'api-lib', 'api-providers', 'api-module-context', 'api-app']),
            moduleEntry('api-app'),
            layer('api-entry', [
              'api-config',
              'api-db',
              'api-lib',
              'api-providers',
              'api-module-context',
              'api-module',
              'api-app',
            ]),
          ],
        },
      ],
    },
  },
  // `app.ts` only composes.
  { files: [`${API}/app.ts`], rules: { 'max-lines': ['error', { max: 120 }] } },
  // Adapters only adapt: they serve no routes (those live in the module whose data they change).
  ...[false, true].map((repositories) => ({
    files: [`${API}/providers/**/${repositories ? '*.repository.ts' : '*.ts'}`],
    ignores: [`${API}/**/*.test.ts`, ...(repositories ? [] : [`${API}/**/*.repository.ts`, `${API}/**/*.schema.ts`])],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@esim/web', '@esim/web/*', '**/apps/web/**'], message: 'The api never imports the web app.' },
        ...(repositories
          ? []
          : [
              {
                group: ['drizzle-orm', 'drizzle-orm/*', '**/*.schema.ts'],
                message: 'Only repositories touch Drizzle and the schema.',
              },
            ]),
        {
          group: ['fastify', 'fastify-*', '@fastify/*'],
          message: 'Adapters serve no routes: routes live in the modules.',
        },
      ]),
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([
        {
          group: ['@esim/api', '@esim/api/*', '**/apps/api/**', '**/api/src/**'],
          message: 'The web app never imports the api.',
        },
      ]),
    },
  },
  // ---- Web boundaries ------------------------------------------------------------------------
  // The web app's layers (ARCHITECTURE.md, the README.md of each folder of `apps/web/src`):
  // `app/` and the entry files at the top of `src/` compose features; a feature imports only its
  // own files and the shared layers; `admin-kit/` is shared by the admin features; `components/`
  // and `lib/` know no feature, no app and no admin kit; `locales/` is data. Tests may reach
  // anything.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/*.test.ts`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
      'boundaries/elements': [
        { type: 'app', pattern: `${WEB}/app` },
        { type: 'feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
        { type: 'admin-kit', pattern: `${WEB}/admin-kit` },
        { type: 'components', pattern: `${WEB}/components` },
        { type: 'lib', pattern: `${WEB}/lib` },
        { type: 'locales', pattern: `${WEB}/locales` },
        { type: 'contract', pattern: 'packages/contract/src' },
      ],
      // The entry files (`main.tsx`, `entry-server.tsx`, `boot.tsx`...) belong to the app layer.
      'boundaries/files': [{ category: 'web-entry', pattern: `${WEB}/*.{ts,tsx}` }],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            webLayer('app', ['app', 'feature', 'admin-kit', 'components', 'lib', 'locales', 'contract']),
            // A feature's own files, never another feature's.
            {
              from: WEB_LAYERS.feature,
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            webLayer('feature', ['admin-kit', 'components', 'lib', 'locales', 'contract']),
            webLayer('admin-kit', ['admin-kit', 'components', 'lib', 'contract']),
            webLayer('components', ['components', 'lib', 'locales', 'contract']),
            webLayer('lib', ['lib', 'locales', 'contract']),
          ],
        },
      ],
    },
  },
  // ---- End of web boundaries -----------------------------------------------------------------
  // No import cycles anywhere (type-only imports included): a cycle is two modules that cannot be
  // understood, tested or loaded one without the other.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
