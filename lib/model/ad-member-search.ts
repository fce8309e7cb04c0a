import { hasContent } from './ad-and-product-fields';
import { isRecord, type JsonRecord, ownMember } from './json-read';

/**
 * Finds a named member of a raw ad record wherever it sits. site-interface 4.3 does not give the full shape
 * of a record; the document's form keeps the members on the record itself (or one level down in `content`),
 * the live site's form two or three records down (`ads_response.content.advertiser_brand`,
 * site-interface 10.4). The search goes level by level, so the member nearest to the record wins.
 *
 * It never follows into another part of the ad: a list (the members of a card, or of one ad among several,
 * are not the unit's own) or a sub-record named in OTHER_AD_PARTS. So a card's `url` is never taken for the
 * advertiser's, nor a target's `type` for the unit's.
 */

/** A member at most this many keys below the record is found; deeper ones are not looked for. */
export const AD_MEMBER_MAX_DEPTH = 6;

/** Sub-records that are a part of their own: the brand, cards, targets, the ads of a multi-advertiser unit. */
const OTHER_AD_PARTS: ReadonlySet<string> = new Set([
  'advertiser_brand',
  'advertiser',
  'ad_cards',
  'carousel_cards',
  'cards',
  'targets',
  'target',
  'ads',
]);

/**
 * The first value among `names` that `read` accepts (answers non-null for), searched in each scope in turn.
 * A value of the wrong type reads as absent and the search goes on (architecture "Tolerant reader").
 */
export function findAdMember<T>(
  scopes: readonly JsonRecord[],
  names: readonly string[],
  read: (value: unknown) => T | null,
): T | null {
  for (const scope of scopes) {
    const found = searchRecord(scope, names, read);
    if (found !== null) return found;
  }
  return null;
}

function searchRecord<T>(
  record: JsonRecord,
  names: readonly string[],
  read: (value: unknown) => T | null,
): T | null {
  let level: JsonRecord[] = [record];
  for (let depth = 1; depth <= AD_MEMBER_MAX_DEPTH && level.length > 0; depth += 1) {
    const next: JsonRecord[] = [];
    for (const holder of level) {
      const found = readOwnMember(holder, names, read);
      if (found !== null) return found;
      if (depth === AD_MEMBER_MAX_DEPTH) continue;
      for (const [key, child] of Object.entries(holder)) {
        if (isRecord(child) && !OTHER_AD_PARTS.has(key)) next.push(child);
      }
    }
    level = next;
  }
  return null;
}

/** The first of `names` that `read` accepts among the record's own members, without looking deeper. */
export function readOwnMember<T>(
  record: JsonRecord,
  names: readonly string[],
  read: (value: unknown) => T | null,
): T | null {
  for (const name of names) {
    const found = read(ownMember(record, name));
    if (found !== null) return found;
  }
  return null;
}

/**
 * Whether a member named `name` with content sits anywhere in `value`: in lists and every part of the ad
 * too (a tracking token is one wherever it sits, site-interface 10.4), at most twice AD_MEMBER_MAX_DEPTH
 * records and lists down; members named in `skip` are not entered.
 */
export function holdsMemberAnywhere(value: unknown, name: string, skip: ReadonlySet<string>): boolean {
  const holds = (node: unknown, depthLeft: number): boolean => {
    if (depthLeft <= 0) return false;
    if (Array.isArray(node)) return node.some((item) => holds(item, depthLeft - 1));
    if (!isRecord(node)) return false;
    if (hasContent(ownMember(node, name))) return true;
    return Object.entries(node).some(([key, child]) => !skip.has(key) && holds(child, depthLeft - 1));
  };
  return holds(value, AD_MEMBER_MAX_DEPTH * 2);
}
