/**
 * Tolerant readers over parsed JSON. Most types are not given (site-interface 2), so every field is read by a
 * guard that accepts the forms seen in the wild and answers null for anything else instead of throwing
 * (architecture "Tolerant reader"). Hand-written rather than a schema library because they run once per
 * message and must stay far below JSON.parse time.
 */
export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own member only: a key such as "__proto__" or "constructor" must not reach the prototype. */
export function ownMember(record: JsonRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function readString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A non-empty string, or a finite number written as a string (identifiers and cursors drift). */
export function readIdentifier(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 ? value : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** true/false, also when written as "true"/"false" or 1/0; null when absent or anything else. */
export function readFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  return null;
}

/** Epoch seconds and epoch milliseconds below this are told apart by size (year 5138 in seconds). */
const LARGEST_EPOCH_SECONDS = 1e11;

/**
 * A time as epoch milliseconds. Message times are epoch seconds with a fraction; conversation times
 * appear both as epoch seconds and as ISO strings.
 */
export function readTimeMs(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return value < LARGEST_EPOCH_SECONDS ? value * 1000 : value;
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const asNumber = Number(value);
  if (Number.isFinite(asNumber)) return readTimeMs(asNumber);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Compact JSON of a value for a readable fallback; never throws (deep or cyclic values included). */
export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
