/**
 * An epoch-milliseconds time as ISO 8601 (UTC), or null when there is none or it lies outside the range a
 * Date can hold: `toISOString()` throws there, and an exporter must not.
 */
export function isoTime(timeMs: number | null): string | null {
  if (timeMs === null || !Number.isFinite(timeMs)) return null;
  const date = new Date(timeMs);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
