import { describe, expect, it } from 'vitest';
import { waitOf } from './retry-after.ts';

describe('waitOf', () => {
  it('says seconds under a minute, rounding up and never below one', () => {
    expect(waitOf(0)).toEqual({ unit: 'second', count: 1 });
    expect(waitOf(0.2)).toEqual({ unit: 'second', count: 1 });
    expect(waitOf(45)).toEqual({ unit: 'second', count: 45 });
    expect(waitOf(59)).toEqual({ unit: 'second', count: 59 });
  });

  it('says minutes up to an hour and a half, rounded up', () => {
    expect(waitOf(60)).toEqual({ unit: 'minute', count: 1 });
    expect(waitOf(61)).toEqual({ unit: 'minute', count: 2 });
    expect(waitOf(600)).toEqual({ unit: 'minute', count: 10 });
    expect(waitOf(3_540)).toEqual({ unit: 'minute', count: 59 });
    expect(waitOf(5_400)).toEqual({ unit: 'minute', count: 90 });
  });

  it('says hours beyond that, rounded up', () => {
    expect(waitOf(5_401)).toEqual({ unit: 'hour', count: 2 });
    expect(waitOf(86_400)).toEqual({ unit: 'hour', count: 24 });
  });

  it('treats a missing or nonsensical value as a short wait', () => {
    expect(waitOf(Number.NaN)).toEqual({ unit: 'second', count: 1 });
    expect(waitOf(-5)).toEqual({ unit: 'second', count: 1 });
  });
});
