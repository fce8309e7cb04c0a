/**
 * Tolerant field readers shared by the ad and product parsers. The full shapes of ad records and product
 * entities are not given (site-interface 2.5, site-interface 4.3), so every member is read defensively: a
 * wrong type reads as absent (null) instead of failing the whole record (architecture "Tolerant reader").
 * They add to the general readers of json-read what ads and products need: amounts as numeric strings,
 * alternative member names and the presence test for token-bearing members.
 */
import { isRecord, type JsonRecord } from './json-read';

/** A non-empty string, else null: an empty title or URL is as good as none. */
export function readText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A finite number, also from a numeric string such as "129.99" (prices arrive both ways). */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function readBoolean(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

export function readArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The first member of `record` among `names` that is neither undefined nor null. */
export function firstMember(record: JsonRecord, names: readonly string[]): unknown {
  for (const name of names) {
    const value = record[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Whether a member carries anything: the only thing recorded about a token-bearing member. */
export function hasContent(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) return Object.keys(value).length > 0;
  return true;
}
