/**
 * One date format for every screen. Ghana is on GMT all year, so dates are
 * shown in UTC with an en-GH style day-month-year order.
 */
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 Nov 2026"; an empty string for missing or invalid input. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? DATE.format(date) : '';
}

/** "21 Nov 2026, 14:05"; an empty string for missing or invalid input. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? DATE_TIME.format(date) : '';
}
