import { describe, expect, it } from 'vitest';
import { addDays, dateIn, lastDays, startOfDay } from './zoned-days.ts';

describe('zoned days', () => {
  it('finds local midnight in zones east and west of UTC', () => {
    expect(new Date(startOfDay('UTC', { year: 2026, month: 3, day: 10 })).toISOString()).toBe(
      '2026-03-10T00:00:00.000Z',
    );
    expect(new Date(startOfDay('Europe/Istanbul', { year: 2026, month: 3, day: 10 })).toISOString()).toBe(
      '2026-03-09T21:00:00.000Z',
    );
    expect(new Date(startOfDay('America/Los_Angeles', { year: 2026, month: 1, day: 1 })).toISOString()).toBe(
      '2026-01-01T08:00:00.000Z',
    );
    expect(new Date(startOfDay('Asia/Kathmandu', { year: 2026, month: 6, day: 1 })).toISOString()).toBe(
      '2026-05-31T18:15:00.000Z',
    );
  });

  it('handles daylight-saving days of 23 and 25 hours', () => {
    // Europe/Berlin: clocks go forward on 2026-03-29 and back on 2026-10-25.
    const march29 = startOfDay('Europe/Berlin', { year: 2026, month: 3, day: 29 });
    const march30 = startOfDay('Europe/Berlin', { year: 2026, month: 3, day: 30 });
    expect((march30 - march29) / 3_600_000).toBe(23);
    const oct25 = startOfDay('Europe/Berlin', { year: 2026, month: 10, day: 25 });
    const oct26 = startOfDay('Europe/Berlin', { year: 2026, month: 10, day: 26 });
    expect((oct26 - oct25) / 3_600_000).toBe(25);
  });

  it('starts a day whose midnight is skipped at the jump', () => {
    // America/Santiago moved its clocks from 24:00 to 01:00 on 2024-09-08 (no local midnight).
    const start = startOfDay('America/Santiago', { year: 2024, month: 9, day: 8 });
    expect(dateIn('America/Santiago', start)).toEqual({ year: 2024, month: 9, day: 8 });
    expect(dateIn('America/Santiago', start - 1000)).toEqual({ year: 2024, month: 9, day: 7 });
  });

  it('lists the last days with their bounds, oldest first', () => {
    const now = Date.parse('2026-03-10T22:30:00Z'); // already 11 March in Istanbul (UTC+3)
    const { days, bounds } = lastDays('Europe/Istanbul', now, 3);
    expect(days).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(bounds.map((b) => new Date(b).toISOString())).toEqual([
      '2026-03-08T21:00:00.000Z',
      '2026-03-09T21:00:00.000Z',
      '2026-03-10T21:00:00.000Z',
      '2026-03-11T21:00:00.000Z',
    ]);
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });
});
