import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's boundaries are lint rules (`eslint.config.js`, "Web boundaries"): each case lints
 * a file that would break one, at a real path of the tree, and expects the rule to refuse it; the
 * allowed imports must pass.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids of the errors ESLint reports for `code` written at `file` (relative to the repository). */
async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? 'fatal');
}

describe('web boundaries', { timeout: 60_000 }, () => {
  it.each([
    [
      'a feature imports another feature',
      'apps/web/src/features/admin-knowledge/violation.ts',
      "import { useOrders } from '../admin-orders/api/get-orders.ts';\nexport const x = useOrders;\n",
    ],
    [
      'a feature imports the app layer',
      'apps/web/src/features/catalog/violation.ts',
      "import { AdminRoute } from '../../app/routes/admin.tsx';\nexport const x = AdminRoute;\n",
    ],
    [
      'the admin kit imports a feature',
      'apps/web/src/admin-kit/violation.ts',
      "import { emails } from '../features/admin/api/emails.ts';\nexport const x = emails;\n",
    ],
    [
      'shared components import the admin kit',
      'apps/web/src/components/violation.ts',
      "import { Badge } from '../admin-kit/components/badge.tsx';\nexport const x = Badge;\n",
    ],
    [
      'lib imports a feature',
      'apps/web/src/lib/violation.ts',
      "import { useCart } from '../features/cart/hooks/use-cart.ts';\nexport const x = useCart;\n",
    ],
  ])('refuses: %s', async (_name, file, code) => {
    expect(await errorsOf(file, code)).toContain('boundaries/dependencies');
  });

  it.each([
    [
      'a feature imports its own files, the admin kit, components, lib and the contract',
      'apps/web/src/features/admin-orders/allowed.ts',
      [
        "import { LANGUAGES } from '@esim/contract/languages';",
        "import { Badge } from '../../admin-kit/components/badge.tsx';",
        "import { Button } from '../../components/ui/button.tsx';",
        "import { cn } from '../../lib/cn.ts';",
        "import { useOrders } from './api/get-orders.ts';",
        'export const x = [LANGUAGES, Badge, Button, cn, useOrders];',
        '',
      ].join('\n'),
    ],
    [
      'the app composes features and the admin kit',
      'apps/web/src/app/routes/allowed.ts',
      [
        "import { QueryError } from '../../admin-kit/components/query-state.tsx';",
        "import { useAdminPing } from '../../features/admin/api/get-admin-ping.ts';",
        'export const x = [QueryError, useAdminPing];',
        '',
      ].join('\n'),
    ],
  ])('allows: %s', async (_name, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});
