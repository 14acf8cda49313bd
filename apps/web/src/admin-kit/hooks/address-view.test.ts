import { describe, expect, it } from 'vitest';
import { readChoice, readQuery, readRecordId } from './use-address-view.ts';

const params = (search: string) => new URLSearchParams(search);

describe('reading a list view from the address', () => {
  it('keeps at most 200 characters of the search', () => {
    expect(readQuery(params(''))).toBe('');
    expect(readQuery(params(`q=${'a'.repeat(250)}`))).toHaveLength(200);
  });

  it('accepts only the known choices of a filter', () => {
    expect(readChoice(params('status=open'), 'status', ['open', 'answered'])).toBe('open');
    expect(readChoice(params('status=closed'), 'status', ['open', 'answered'])).toBe('');
  });

  it('reads the open record as a positive whole number of at most 10 digits', () => {
    expect(readRecordId(params('id=12'))).toBe(12);
    for (const id of ['0', '-1', '1.5', 'x', '12345678901', '']) expect(readRecordId(params(`id=${id}`))).toBeNull();
  });
});
