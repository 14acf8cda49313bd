import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `docs/deployment.md`'s environment reference stays true to `apps/api/src/config.ts` (the only
 * reader of `process.env`): every variable of the config's schema has a row, no row names a
 * variable the config does not read, and where the schema has a literal `.default(...)` the row's
 * Default column shows it. The variables are read from config.ts at test time, so a variable
 * added to the config without its row fails here.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const configSource = readFileSync(path.join(REPO_ROOT, 'apps/api/src/config.ts'), 'utf8');
const doc = readFileSync(path.join(REPO_ROOT, 'docs/deployment.md'), 'utf8');

/** Variable name → the literal default of its schema (`'6h'` → `6h`, `45_000` → `45000`), or null. */
function configVariables(): Map<string, string | null> {
  const start = configSource.indexOf('const envSchema = z.object({');
  const end = configSource.indexOf('\n});', start);
  expect(start, 'envSchema in config.ts').toBeGreaterThan(-1);
  const lines = configSource.slice(start, end).split('\n').slice(1);
  const variables = new Map<string, string | null>();
  let current: { name: string; text: string } | undefined;
  const finish = () => {
    if (!current) return;
    const literal = /\.default\(\s*(?:'([^']*)'|(-?[\d_]+(?:\.\d+)?))\s*\)/.exec(current.text);
    variables.set(current.name, literal ? (literal[1] ?? literal[2]!.replaceAll('_', '')) : null);
  };
  for (const line of lines) {
    const name = /^ {2}([A-Z][A-Z0-9_]*):/.exec(line)?.[1];
    if (name) {
      finish();
      current = { name, text: '' };
    }
    // Comments belong to the next variable; only code lines can hold the default.
    if (current && !/^\s*(\/\*\*|\*)/.test(line)) current.text += `${line}\n`;
  }
  finish();
  return variables;
}

/** Rows of the doc's environment tables: `| \`NAME\` | default | meaning |` → default cell. */
function documentedVariables(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|\n]*) \|/gm)) rows.set(match[1]!, match[2]!.trim());
  return rows;
}

describe('docs/deployment.md environment reference', () => {
  const variables = configVariables();
  const rows = documentedVariables();

  it('reads a plausible number of variables from config.ts', () => {
    expect(variables.size).toBeGreaterThan(50);
    expect(variables.get('PORT')).toBe('5000');
    expect(variables.get('ESIMGO_TIMEOUT_MS')).toBe('45000');
    expect(variables.get('CATALOGUE_SYNC_INTERVAL')).toBe('6h');
    expect(variables.get('DATABASE_URL')).toBeNull();
  });

  it('documents every variable of config.ts', () => {
    const missing = [...variables.keys()].filter((name) => !rows.has(name));
    expect(missing, 'variables of config.ts without a row in docs/deployment.md').toEqual([]);
  });

  it('documents no variable config.ts does not read', () => {
    const stale = [...rows.keys()].filter((name) => !variables.has(name));
    expect(stale, 'rows of docs/deployment.md naming no variable of config.ts').toEqual([]);
  });

  it("shows each literal default in the row's Default column", () => {
    const wrong: string[] = [];
    for (const [name, literal] of variables) {
      const cell = rows.get(name);
      if (literal === null || cell === undefined) continue;
      const shown = literal === '' ? /empty/i.test(cell) : cell.includes(`\`${literal}\``);
      if (!shown) wrong.push(`${name}: default ${JSON.stringify(literal)}, doc says "${cell}"`);
    }
    expect(wrong).toEqual([]);
  });
});
