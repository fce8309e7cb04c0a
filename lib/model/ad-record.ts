import { readArray, readBoolean, readNumber, readText } from '@/lib/model/ad-and-product-fields';
import { stripTrackingParams } from '@/lib/model/ad-tracking';
import { isRecord, type JsonRecord, readIdentifier } from '@/lib/model/json-read';
import { fail, ok, type Result } from '@/lib/model/result';

/**
 * The ads served into a conversation (interface 4.3), parsed at the boundary: every URL has lost its tracking
 * parameters and only their names remain, so nothing downstream (storage, UI, exports) can leak them.
 */
export interface AdAdvertiser {
  name: string | null;
  url: string | null;
  id: string | null;
}

export interface AdCard {
  title: string | null;
  url: string | null;
}

export interface AdTarget {
  url: string;
}

export interface AdEntry {
  turnId: string | null;
  advertiser: AdAdvertiser;
  unitType: string | null;
  /** `image_card_v2` or `product_card_v2` as seen; other values are kept as they come. */
  format: string | null;
  headerLabel: string | null;
  cards: AdCard[];
  targetHosts: string[];
  faviconUrl: string | null;
  logoUrl: string | null;
  targets: AdTarget[];
  /** Names of the tracking parameters removed from this entry's URLs. */
  removedTrackingParams: string[];
}

export interface AdTurn {
  turnId: string | null;
  entries: AdEntry[];
}

export interface AdsReport {
  requested: number | null;
  delivered: number | null;
  segmentId: string | null;
  optOut: boolean | null;
  account: string | null;
  country: string | null;
  /** False when `entries_by_turn_id` is empty: no ad was shown in the conversation (interface 4.3). */
  shownAny: boolean;
  /** In order of first appearance. */
  turns: AdTurn[];
  /** Names removed from any URL of the report. */
  removedTrackingParams: string[];
}

function readStrings(value: unknown): string[] {
  return readArray(value).filter((item): item is string => typeof item === 'string' && item !== '');
}

/**
 * The record's content may sit on the entry itself (`{turn_id, ...record}`) or one level down; members are
 * looked up on the entry first, then in `content` or `ad` (the full shape is not shown, interface 4.3).
 */
function recordParts(entry: JsonRecord): JsonRecord[] {
  const parts = [entry];
  for (const nested of [entry.content, entry.ad]) if (isRecord(nested)) parts.push(nested);
  return parts;
}

function member(parts: readonly JsonRecord[], name: string): unknown {
  for (const part of parts) {
    const value = part[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

class UrlCleaner {
  readonly removed: string[] = [];

  clean(value: unknown): string | null {
    const text = readText(value);
    if (text === null) return null;
    const stripped = stripTrackingParams(text);
    for (const name of stripped.removed) if (!this.removed.includes(name)) this.removed.push(name);
    return stripped.url;
  }
}

function parseCard(card: unknown, urls: UrlCleaner): AdCard | null {
  if (!isRecord(card)) return null;
  const title = readText(card.title) ?? readStrings(card.titles)[0] ?? null;
  return { title, url: urls.clean(card.url) };
}

function parseTarget(target: unknown, urls: UrlCleaner): AdTarget | null {
  const url = urls.clean(isRecord(target) ? (target.value ?? target.url) : target);
  return url === null ? null : { url };
}

function parseEntry(entry: JsonRecord, fallbackTurnId: string | null): AdEntry {
  const parts = recordParts(entry);
  const urls = new UrlCleaner();
  const brandValue = member(parts, 'advertiser_brand');
  const brand = isRecord(brandValue) ? brandValue : {};
  const brandParts = [brand, ...parts];
  const cards = readArray(member(parts, 'ad_cards') ?? member(parts, 'cards'))
    .map((card) => parseCard(card, urls))
    .filter((card): card is AdCard => card !== null);
  const targets = readArray(member(parts, 'targets'))
    .map((target) => parseTarget(target, urls))
    .filter((target): target is AdTarget => target !== null);
  return {
    turnId: readIdentifier(entry.turn_id) ?? fallbackTurnId,
    advertiser: {
      name: readText(member(brandParts, 'advertiser')) ?? readText(brand.name),
      url: urls.clean(member(brandParts, 'advertiser_url')),
      id: readIdentifier(member(brandParts, 'advertiser_id')),
    },
    unitType: readText(member(parts, 'unit_type')),
    format: readText(member(parts, 'format')),
    headerLabel: readText(member(parts, 'header_label')),
    cards,
    targetHosts: readStrings(member(parts, 'target_hosts')),
    faviconUrl: urls.clean(member(brandParts, 'favicon_url')),
    logoUrl: urls.clean(member(brandParts, 'logo_url')),
    targets,
    removedTrackingParams: urls.removed,
  };
}

/** Raw entries with the turn they belong to: `entries`, or else the values of `entries_by_turn_id`. */
function rawEntries(body: JsonRecord, byTurn: JsonRecord): Array<[unknown, string | null]> {
  const listed = readArray(body.entries);
  if (listed.length > 0) return listed.map((entry) => [entry, null]);
  const found: Array<[unknown, string | null]> = [];
  for (const [turnId, value] of Object.entries(byTurn)) {
    for (const entry of Array.isArray(value) ? value : [value]) found.push([entry, turnId]);
  }
  return found;
}

function groupByTurn(entries: readonly AdEntry[]): AdTurn[] {
  const turns: AdTurn[] = [];
  const byId = new Map<string | null, AdTurn>();
  for (const entry of entries) {
    let turn = byId.get(entry.turnId);
    if (turn === undefined) {
      turn = { turnId: entry.turnId, entries: [] };
      byId.set(entry.turnId, turn);
      turns.push(turn);
    }
    turn.entries.push(entry);
  }
  return turns;
}

/** Parses the body of GET /backend-api/bazaar/conversation/{id}/ads (interface 4.3). Never throws. */
export function parseAdsResponse(body: unknown): Result<AdsReport> {
  if (!isRecord(body)) return fail('unexpected-shape', 'The ads response is not a JSON object.');
  const warnings: string[] = [];
  const byTurn = isRecord(body.entries_by_turn_id) ? body.entries_by_turn_id : null;
  const entries: AdEntry[] = [];
  rawEntries(body, byTurn ?? {}).forEach(([raw, turnId], index) => {
    if (isRecord(raw)) entries.push(parseEntry(raw, turnId));
    else warnings.push(`Ad entry ${index + 1} is not an object and was skipped.`);
  });
  if (byTurn !== null && Object.keys(byTurn).length === 0 && entries.length > 0) {
    warnings.push(
      'The ads response lists entries although entries_by_turn_id is empty; shown as not displayed.',
    );
  }
  const removed: string[] = [];
  for (const entry of entries) {
    for (const name of entry.removedTrackingParams) if (!removed.includes(name)) removed.push(name);
  }
  return ok(
    {
      requested: readNumber(body.requested),
      delivered: readNumber(body.delivered),
      segmentId: readIdentifier(body.segment_id),
      optOut: readBoolean(body.opt_out),
      account: readIdentifier(body.account),
      country: readText(body.country),
      // interface 4.3: an empty entries_by_turn_id means no ad was shown; without the map, the entries decide.
      shownAny: byTurn === null ? entries.length > 0 : Object.keys(byTurn).length > 0,
      turns: groupByTurn(entries),
      removedTrackingParams: removed,
    },
    warnings,
  );
}
