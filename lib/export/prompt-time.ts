import { isoTime } from './iso-time';

/**
 * When a prompt was sent, as a line under its heading (export-format "Options"): `_2026-11-20 09:30 UTC_`,
 * the day and minute in UTC, so every reader reads the same time; null for a message without a time.
 */
export function promptTimeLine(timeMs: number | null): string | null {
  const iso = isoTime(timeMs);
  return iso === null ? null : `_${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC_`;
}
