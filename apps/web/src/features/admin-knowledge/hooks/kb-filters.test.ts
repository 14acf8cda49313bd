import { describe, expect, it } from 'vitest';
import { DEFAULT_KB_FILTERS, isKbFiltered, readKbFilters, writeKbFilters } from './kb-filters.ts';

describe('knowledge-base view in the address', () => {
  it('round-trips a view and leaves defaults out', () => {
    const view = { tab: 'try' as const, q: 'hotspot', language: 'tr' as const, published: 'false' as const };
    expect(readKbFilters(writeKbFilters(view))).toEqual(view);
    expect(writeKbFilters(DEFAULT_KB_FILTERS)).toBe('');
    expect(isKbFiltered(DEFAULT_KB_FILTERS)).toBe(false);
    expect(isKbFiltered({ ...DEFAULT_KB_FILTERS, tab: 'import' })).toBe(false);
    expect(isKbFiltered({ ...DEFAULT_KB_FILTERS, language: 'de' })).toBe(true);
  });

  it('drops what the API would refuse', () => {
    expect(readKbFilters('?tab=nope&language=it&published=maybe&q=a%0Ab')).toEqual({
      tab: 'articles',
      q: 'a b',
      language: '',
      published: '',
    });
    expect(readKbFilters(`?q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });
});
