import { describe, expect, it } from 'vitest';
import { diffValues, flatten } from './json-diff.ts';

describe('audit diff', () => {
  it('flattens nested objects and arrays to dotted paths', () => {
    expect([...flatten({ a: 1, b: { c: 'x', d: [1, { e: null }] }, f: [], g: {} })]).toEqual([
      ['a', '1'],
      ['b.c', '"x"'],
      ['b.d[0]', '1'],
      ['b.d[1].e', 'null'],
      ['f', '[]'],
      ['g', '{}'],
    ]);
  });

  it('marks changed, added and removed fields', () => {
    const rows = diffValues(
      { status: 'failed', attempts: 10, runAt: null },
      { status: 'queued', attempts: 0, runAt: '2026-01-01', note: 'x' },
    );
    expect(rows).toEqual([
      { path: 'status', before: '"failed"', after: '"queued"', changed: true },
      { path: 'attempts', before: '10', after: '0', changed: true },
      { path: 'runAt', before: 'null', after: '"2026-01-01"', changed: true },
      { path: 'note', before: undefined, after: '"x"', changed: true },
    ]);
    expect(diffValues({ a: 1 }, { a: 1 })).toEqual([{ path: 'a', before: '1', after: '1', changed: false }]);
    expect(diffValues(null, null)).toEqual([]);
  });
});
