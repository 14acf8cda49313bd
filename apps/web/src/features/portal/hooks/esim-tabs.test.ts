import { describe, expect, it } from 'vitest';
import { initialEsimTab, splitEsimsByTab } from './esim-tabs.ts';

const esim = (iccid: string, archived: boolean) => ({ iccid, archived });

describe('splitEsimsByTab', () => {
  it('puts archived eSIMs under Archived and keeps the server order', () => {
    const split = splitEsimsByTab([esim('1', false), esim('2', true), esim('3', false), esim('4', true)]);
    expect(split.current.map((e) => e.iccid)).toEqual(['1', '3']);
    expect(split.archived.map((e) => e.iccid)).toEqual(['2', '4']);
  });

  it('gives two empty tabs for no eSIMs', () => {
    expect(splitEsimsByTab([])).toEqual({ current: [], archived: [] });
  });
});

describe('initialEsimTab', () => {
  it('opens Active & Pending unless only archived eSIMs exist', () => {
    expect(initialEsimTab({ current: [1], archived: [2] })).toBe('current');
    expect(initialEsimTab({ current: [], archived: [] })).toBe('current');
    expect(initialEsimTab({ current: [], archived: [2] })).toBe('archived');
  });
});
