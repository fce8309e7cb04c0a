const DAY_MS = 86_400_000;

/**
 * The week a moment falls in, named by its Monday in UTC ("2026-11-23"): weeks by ISO 8601's rule, in UTC
 * so that one library reads the same in every time zone. null for an unknown moment.
 */
export function weekOf(ms: number | null): string | null {
  if (ms === null || !Number.isFinite(ms)) return null;
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}
