import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's, lib's and the adapters' tables (docs/decisions/0026-modules-and-their-boundaries.md).
  schema: './src/**/*.schema.ts',
  out: './drizzle',
});
