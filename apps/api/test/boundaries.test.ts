import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's boundaries are lint rules (`eslint.config.js`, decision record 0026): each case lints a
 * file that would break one, at a real path of the tree, and expects the rule to refuse it; the
 * allowed forms must pass.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids of the errors ESLint reports for `code` written at `file` (relative to the repository). */
async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? 'fatal');
}

describe('API boundaries', () => {
  it.each([
    [
      'lib imports a module (upward)',
      'apps/api/src/lib/violation.ts',
      "import { OrdersService } from '../modules/orders/orders.module.ts';\nexport type X = OrdersService;\n",
      'boundaries/dependencies',
    ],
    [
      'db imports lib beyond its errors (upward)',
      'apps/api/src/db/violation.ts',
      "import { JobQueue } from '../lib/jobs.ts';\nexport const x = JobQueue;\n",
      'boundaries/dependencies',
    ],
    [
      "a module imports another module's repository",
      'apps/api/src/modules/chat/violation.ts',
      "import { OrdersRepository } from '../orders/orders.repository.ts';\nexport const x = OrdersRepository;\n",
      'boundaries/dependencies',
    ],
    [
      "a module imports another module's internal file",
      'apps/api/src/modules/support/violation.ts',
      "import { CatalogService } from '../catalog/catalog.service.ts';\nexport const x = CatalogService;\n",
      'boundaries/dependencies',
    ],
    [
      "a module's repository reads another module's table",
      'apps/api/src/modules/chat/chat.repository.ts',
      "import { orders } from '../orders/orders.schema.ts';\nexport const x = orders;\n",
      'boundaries/dependencies',
    ],
    [
      "a module's service imports its own schema (only repositories touch tables)",
      'apps/api/src/modules/orders/orders.service.ts',
      "import { orders } from './orders.schema.ts';\nexport const x = orders;\n",
      'no-restricted-imports',
    ],
    [
      "an adapter's tables reference a module's table (upward)",
      'apps/api/src/providers/payment/sandbox-payments.schema.ts',
      "import { orders } from '../../modules/orders/orders.schema.ts';\nexport const x = orders;\n",
      'boundaries/dependencies',
    ],
    [
      'an adapter imports a module',
      'apps/api/src/providers/violation.ts',
      "import { ordersModule } from '../modules/orders/orders.module.ts';\nexport const x = ordersModule;\n",
      'boundaries/dependencies',
    ],
    [
      'an adapter serves routes',
      'apps/api/src/providers/esim/violation.ts',
      "import type { FastifyInstance } from 'fastify';\nexport type X = FastifyInstance;\n",
      'no-restricted-imports',
    ],
    [
      'app.ts imports a module past its entry',
      'apps/api/src/app.ts',
      "import { CatalogService } from './modules/catalog/catalog.service.ts';\nexport const x = CatalogService;\n",
      'boundaries/dependencies',
    ],
    [
      'an import cycle (errors.ts importing idempotency.ts, which imports errors.ts)',
      'apps/api/src/lib/errors.ts',
      "import { Idempotency } from './idempotency.ts';\nexport const x = Idempotency;\n",
      'import-x/no-cycle',
    ],
    [
      'app.ts grows past 120 lines',
      'apps/api/src/app.ts',
      `export const x = 1;\n${'// a line\n'.repeat(120)}`,
      'max-lines',
    ],
  ])('refuses: %s', async (_name, file, code, rule) => {
    expect(await errorsOf(file, code)).toContain(rule);
  });

  it.each([
    [
      "a module imports another module's entry",
      'apps/api/src/modules/support/allowed.ts',
      "import type { CatalogService } from '../catalog/catalog.module.ts';\nexport type X = CatalogService;\n",
    ],
    [
      'a module imports its own files and the layers below',
      'apps/api/src/modules/orders/allowed.ts',
      [
        "import { OrdersRepository } from './orders.repository.ts';",
        "import { JobQueue } from '../../lib/jobs.ts';",
        "import type { EsimProvider } from '../../providers/esim/esim-provider.ts';",
        'export const x = [OrdersRepository, JobQueue];',
        'export type Y = EsimProvider;',
        '',
      ].join('\n'),
    ],
    [
      "a module's tables reference another module's table (a foreign key)",
      'apps/api/src/modules/support/support.schema.ts',
      "import { users } from '../auth/auth.schema.ts';\nexport const x = users;\n",
    ],
    [
      'db throws the store errors',
      'apps/api/src/db/allowed.ts',
      "import { AppError } from '../lib/errors.ts';\nexport const x = AppError;\n",
    ],
  ])('allows: %s', async (_name, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});
