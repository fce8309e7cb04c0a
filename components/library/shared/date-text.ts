/**
 * Days as the page's date inputs read and write them ("2026-11-25"), in the user's time zone: a day picked
 * in a filter is the day the user lived.
 */

const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number): string => String(value).padStart(2, '0');

/** A moment's day, "YYYY-MM-DD"; '' for an unknown moment. */
export function dayText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first moment of a day a date input holds; null for an empty or unreadable one. */
export function dayStart(value: string): number | null {
  const match = DAY_VALUE.exec(value);
  if (match === null) return null;
  const ms = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** The last moment of a day a date input holds, so "to 25 November" keeps all of the 25th. */
export function dayEnd(value: string): number | null {
  const start = dayStart(value);
  if (start === null) return null;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime() - 1;
}
