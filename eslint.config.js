import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint rules, including the layering of ARCHITECTURE.md: contract imports nothing of ours,
 * web and api never import each other, web features do not import each other, and only
 * repositories (and the db module) touch the database schema.
 */
const restrict = (patterns) => ['error', { patterns }];
const FEATURES = ['catalog', 'cart', 'checkout', 'orders', 'portal', 'auth', 'admin', 'chat', 'content'];

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
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', 'apps/api/src/**/*.test.ts', 'apps/api/test/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@esim/web', '@esim/web/*', '**/apps/web/**'], message: 'The api never imports the web app.' },
        {
          group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema.ts'],
          message: 'Only repositories touch Drizzle and the schema.',
        },
      ]),
    },
  },
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
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@esim/api', '@esim/api/*', '**/apps/api/**'], message: 'The web app never imports the api.' },
        {
          regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== feature).join('|')}|app)(/|$)`,
          message: 'Features do not import each other or the app layer; compose them in app/routes.',
        },
      ]),
    },
  })),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/features/**', '**/app/**'], message: 'Shared code knows nothing of features or the app.' },
      ]),
    },
  },
);
