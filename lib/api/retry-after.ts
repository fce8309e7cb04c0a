/**
 * site-interface 7: Retry-After as delta-seconds ("120") or an HTTP-date ("Wed, 21 Oct 2026 07:28:00 GMT").
 * Returns the wait in milliseconds from `now`, 0 for a date already past, null when absent or unreadable
 * (delta-seconds too long for a number are: an infinite wait could be neither stored nor counted down).
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) {
    const wait = Number(value) * 1000;
    return Number.isFinite(wait) ? wait : null;
  }
  if (!/[a-z]/i.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
