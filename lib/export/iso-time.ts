/**
 * An epoch-milliseconds time as ISO 8601 (UTC), or null when there is none or it lies outside the range a
 * Date can hold: `toISOString()` throws there, and an exporter must not.
 */
export function isoTime(timeMs: number | null): string | null {
  if (timeMs === null || !Number.isFinite(timeMs)) return null;
  const date = new Date(timeMs);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * When a prompt was sent, as a line under its heading (export-format "Options"): `_2026-11-20 09:30 UTC_`,
 * the day and minute in UTC, so every reader reads the same time; null for a message without a time.
 */
export function promptTimeLine(timeMs: number | null): string | null {
  const iso = isoTime(timeMs);
  return iso === null ? null : `_${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC_`;
}
