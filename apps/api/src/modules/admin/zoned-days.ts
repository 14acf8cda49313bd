/**
 * Calendar days in an IANA time zone, computed with `Intl` (no time-zone data needed in the
 * database: PGlite and PostgreSQL only compare instants). The dashboard counts sales per day of
 * the admin's own zone, so "today" starts at the admin's midnight, daylight-saving
 * changes included (a day may last 23 or 25 hours).
 */

/** A calendar date. `month` is 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter of wall-clock parts in `zone`, cached (building one costs ~50 µs). */
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size > 200) formatters.clear();
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at instant `ms`, as if it were UTC (ms since the epoch, whole seconds). */
function wallClockMs(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The calendar date in `zone` at instant `ms`. */
export function dateIn(zone: string, ms: number): CalendarDate {
  const wall = new Date(wallClockMs(zone, ms));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** `YYYY-MM-DD`. */
export function isoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The date `days` days after `date` (negative: before). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The instant (ms since the epoch) at which `date` begins in `zone`: its local midnight, or, where
 * the clocks jump over midnight (a daylight-saving start at 00:00), the first instant of the day.
 */
export function startOfDay(zone: string, date: CalendarDate): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  // Two rounds settle the offset across a daylight-saving change between `wall` and the answer.
  let guess = wall - (wallClockMs(zone, wall) - wall);
  guess = wall - (wallClockMs(zone, guess) - guess);
  const key = isoDate(date);
  // Midnight skipped: the guess fell on the evening before; the day starts at the jump.
  for (let i = 0; i < 16 && isoDate(dateIn(zone, guess)) < key; i++) guess += 15 * 60_000;
  // Midnight repeated or the guess landed after it: step back while still inside the day.
  for (let i = 0; i < 16 && isoDate(dateIn(zone, guess - 15 * 60_000)) === key; i++) guess -= 15 * 60_000;
  return guess;
}

/**
 * The last `count` days in `zone` up to and including the day of `nowMs`, oldest first, and the
 * `count + 1` instants that bound them (`bounds[i]` starts `days[i]`, `bounds[count]` is the
 * start of tomorrow).
 */
export function lastDays(zone: string, nowMs: number, count: number): { days: string[]; bounds: number[] } {
  const today = dateIn(zone, nowMs);
  const dates = Array.from({ length: count + 1 }, (_, i) => addDays(today, i - count + 1));
  return { days: dates.slice(0, count).map(isoDate), bounds: dates.map((d) => startOfDay(zone, d)) };
}
