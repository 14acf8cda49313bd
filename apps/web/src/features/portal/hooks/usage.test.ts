import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB, formatBytes, usageFigures } from './usage.ts';

const GB = 1024 * BYTES_PER_MB;

describe('formatBytes', () => {
  it('converts bytes to the binary MB and GB of the display', () => {
    expect(formatBytes(0)).toBe('0MB');
    expect(formatBytes(500 * BYTES_PER_MB)).toBe('500MB');
    expect(formatBytes(GB)).toBe('1GB');
    expect(formatBytes(1.5 * GB)).toBe('1.5GB');
    expect(formatBytes(20 * GB + 10 * BYTES_PER_MB)).toBe('20GB');
  });

  it('never shows a negative amount', () => {
    expect(formatBytes(-5)).toBe('0MB');
  });
});

describe('usageFigures', () => {
  it('gives percent, used, remaining and total of a fixed allowance', () => {
    const figures = usageFigures({
      unlimited: false,
      totalBytes: GB,
      usedBytes: 400 * BYTES_PER_MB,
      remainingBytes: 624 * BYTES_PER_MB,
      percentUsed: 39,
    });
    expect(figures).toEqual({
      unlimited: false,
      percent: 39,
      used: '400MB',
      remaining: '624MB',
      total: '1GB',
      level: 'ok',
    });
  });

  it('computes what the server left out and stays within 0-100', () => {
    const figures = usageFigures({
      unlimited: false,
      totalBytes: GB,
      usedBytes: 2 * GB,
      remainingBytes: null,
      percentUsed: null,
    });
    expect(figures.percent).toBe(100);
    expect(figures.remaining).toBe('0MB');
    expect(figures.level).toBe('critical');
  });

  it('warns from 75 % and alarms from 90 %', () => {
    const at = (percentUsed: number) =>
      usageFigures({ unlimited: false, totalBytes: GB, usedBytes: 0, remainingBytes: GB, percentUsed }).level;
    expect(at(74)).toBe('ok');
    expect(at(75)).toBe('low');
    expect(at(90)).toBe('critical');
  });

  it('shows only the used amount of an unlimited plan', () => {
    const figures = usageFigures({
      unlimited: true,
      totalBytes: null,
      usedBytes: 3 * GB,
      remainingBytes: null,
      percentUsed: null,
    });
    expect(figures).toEqual({ unlimited: true, percent: null, used: '3GB', remaining: null, total: null, level: 'ok' });
  });
});
