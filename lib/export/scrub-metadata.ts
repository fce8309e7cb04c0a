import { stripTrackingParams } from '@/lib/model/ad-tracking';
import { isSecretMember, REMOVED_VALUE } from '@/lib/model/secret-members';

/** Deeper than any metadata seen; bounds the work and the stack on hostile input. */
const MAX_DEPTH = 32;
export const TOO_DEEP_VALUE = '[nested too deep]';

function scrubString(text: string): string {
  return text.includes('=') ? stripTrackingParams(text).url : text;
}

/** A JSON value: objects keep their own members (`__proto__` included, as data), non-JSON values go. */
function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return TOO_DEEP_VALUE;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return scrubMetadata(value as Record<string, unknown>, depth + 1);
}

/**
 * A message's raw metadata as the JSON export passes it on. The site's interface names no secret in
 * message metadata (site-interface 2.4), but it does not give the full list of members, so the export does
 * not rely on that: a member named like a token-bearing one (site-interface 2.5), an access token
 * (site-interface 5) or a tracking parameter (site-interface 4.3) keeps only its presence, and every string
 * loses its tracking parameters, before anything is written.
 */
export function scrubMetadata(metadata: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(metadata)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    entries.push([name, isSecretMember(name) ? REMOVED_VALUE : scrubValue(value, depth)]);
  }
  // fromEntries defines own members, so a "__proto__" key stays data instead of changing the prototype.
  return Object.fromEntries(entries);
}
