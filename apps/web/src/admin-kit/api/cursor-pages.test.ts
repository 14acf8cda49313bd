import { describe, expect, it } from 'vitest';
import { pagePath } from './cursor-pages.ts';

describe('pagePath', () => {
  it('keeps the parameters that are set, in order, and leaves out the empty ones', () => {
    expect(pagePath('/api/admin/emails', { q: 'ORD-1', template: '', status: null, cursor: '42' })).toBe(
      '/api/admin/emails?q=ORD-1&cursor=42',
    );
    expect(pagePath('/api/admin/audit', { q: undefined, changes: true })).toBe('/api/admin/audit?changes=true');
    expect(pagePath('/api/admin/audit', { changes: false })).toBe('/api/admin/audit');
  });
});
