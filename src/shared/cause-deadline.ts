/**
 * Cause end dates. An end date is a calendar day (YYYY-MM-DD) in UTC, Ghana's clock all year: the
 * cause takes donations through that whole day and the sweeper closes it once the day is over.
 * Cards, the cause page and the server's first-paint snapshot all read it with deadlineOf().
 */
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at 00:00 UTC of a YYYY-MM-DD day; null when it is not a real calendar day (2026-02-30). */
export function isoDayStart(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms : null;
}

/** The UTC day of a moment as YYYY-MM-DD. */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/** YYYY-MM-DD moved by whole days (negative: back). */
export function addDays(day: string, days: number): string {
  const start = isoDayStart(day);
  if (start === null) throw new RangeError(`Not a calendar day: ${day}`);
  return utcDay(new Date(start + days * DAY_MS));
}

/** The same day a year later (29 February → 1 March). */
export function addOneYear(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return utcDay(new Date(Date.UTC(year + 1, month - 1, date)));
}

/** Whole days from today (UTC) to the end date: 0 on the last day, negative once it is over; null without a valid date. */
export function daysLeft(endDate: string | null | undefined, now: Date = new Date()): number | null {
  const end = endDate ? isoDayStart(endDate) : null;
  if (end === null) return null;
  return Math.round((end - (isoDayStart(utcDay(now)) as number)) / DAY_MS);
}

/** Where a cause stands against its end date, for the screens to word in the reader's language. */
export type Deadline = { kind: 'ended' } | { kind: 'lastDay' } | { kind: 'daysLeft'; days: number };

/**
 * Ended, the last day, or the days left; null when there is nothing to say (no end date, or a cause already
 * closed or completed before its date: its status says more).
 */
export function deadlineOf(cause: { end_date?: string | null; status: string }, now: Date = new Date()): Deadline | null {
  const left = daysLeft(cause.end_date, now);
  if (left === null) return null;
  if (left < 0) return { kind: 'ended' };
  if (cause.status === 'closed' || cause.status === 'completed') return null;
  if (left === 0) return { kind: 'lastDay' };
  return { kind: 'daysLeft', days: left };
}

/**
 * "12 days left", "1 day left", "Last day" or "Ended" in English (logs and tests); the screens word
 * deadlineOf() from their catalogs (`causes.deadline.*`).
 */
export function deadlineLabel(cause: { end_date?: string | null; status: string }, now: Date = new Date()): string | null {
  const deadline = deadlineOf(cause, now);
  if (!deadline) return null;
  if (deadline.kind === 'ended') return 'Ended';
  if (deadline.kind === 'lastDay') return 'Last day';
  return deadline.days === 1 ? '1 day left' : `${deadline.days} days left`;
}
