import { readArray, readBoolean, readNumber, readText } from './ad-and-product-fields';
import { findAdMember, holdsMemberAnywhere, readOwnMember } from './ad-member-search';
import { stripTrackingParams } from './ad-tracking';
import { isRecord, type JsonRecord, readIdentifier } from './json-read';
import { fail, ok, type Result } from './result';

/**
 * The ads served into a conversation (site-interface 4.3), parsed at the boundary: every URL has lost its
 * tracking parameters and only their names remain, so nothing downstream (storage, UI, exports) can leak
 * them. Both forms are read: the document's plain records (`advertiser_brand`, `ad_cards`, `targets`) and
 * the live site's (`{ads_response: {content: {type, advertiser_brand {name, url, id}, carousel_cards}}}`,
 * site-interface 10.4), wherever their members sit (see lib/model/ad-member-search.ts).
 */
export interface AdAdvertiser {
  name: string | null;
  url: string | null;
  id: string | null;
}

export interface AdCard {
  title: string | null;
  /** The card's own url, else its target's value (a live carousel card links only through its target). */
  url: string | null;
  /** The card's text under the title (live carousel cards). */
  body: string | null;
  imageUrl: string | null;
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
  /**
   * Names of the tracking parameters removed from this entry's URLs, and `ad_data_token` when the record or a
   * card carried that token as a member (its value is never read).
   */
  removedTrackingParams: string[];
  /** Served inside an answer stream (site-interface 10.6) rather than listed by the ads endpoint alone. */
  streamed: boolean;
  /** When it was shown, where its record says (a data export's ad history); null otherwise. */
  shownAt: number | null;
}

export interface AdsReport {
  requested: number | null;
  delivered: number | null;
  segmentId: string | null;
  optOut: boolean | null;
  account: string | null;
  country: string | null;
  /** False when `entries_by_turn_id` is empty: no ad was shown in the conversation (site-interface 4.3). */
  shownAny: boolean;
  /** Every ad, in the order the response lists them; each names its turn (`turnId`). */
  entries: AdEntry[];
  /** Names removed from any URL of the report. */
  removedTrackingParams: string[];
}

/**
 * The service's "none for this conversation": its ads endpoint answered 404 or 403 (site-interface 4.7),
 * which reads as an ads response that showed nothing and says nothing else.
 */
export function noAdsListed(): AdsReport {
  return {
    requested: null,
    delivered: null,
    segmentId: null,
    optOut: null,
    account: null,
    country: null,
    shownAny: false,
    entries: [],
    removedTrackingParams: [],
  };
}

function readStrings(value: unknown): string[] {
  return readArray(value).filter((item): item is string => typeof item === 'string' && item !== '');
}

const readList = (value: unknown): readonly unknown[] | null => (Array.isArray(value) ? value : null);
const readRecord = (value: unknown): JsonRecord | null => (isRecord(value) ? value : null);
/** The ads of a multi-advertiser unit: a list holding at least one record. */
const readSeveralAds = (value: unknown): readonly unknown[] | null =>
  Array.isArray(value) && value.some(isRecord) ? value : null;
/**
 * The live site's `content.type` (`single_advertiser_ad_unit`, `multi_advertiser_ad_unit`); another `type`
 * (`ads` of the wrapper, `url` of a target) is not the unit's.
 */
function readUnitKind(value: unknown): string | null {
  const text = readText(value);
  return text?.endsWith('_ad_unit') ? text : null;
}

const CARD_LISTS = ['ad_cards', 'carousel_cards', 'cards'] as const;
/** A tracking token the live site sends as a member (of the record, a card, ...), beside the URL parameter. */
const TRACKING_MEMBER = 'ad_data_token';
const NOTHING_SKIPPED: ReadonlySet<string> = new Set();
const OTHER_ADS: ReadonlySet<string> = new Set(['ads']);

class UrlCleaner {
  readonly removed: string[] = [];

  clean(value: unknown): string | null {
    const text = readText(value);
    if (text === null) return null;
    const stripped = stripTrackingParams(text);
    for (const name of stripped.removed) this.note(name);
    return stripped.url;
  }

  /** Only the name is kept, never the value (architecture "Secrets"). */
  note(name: string): void {
    if (!this.removed.includes(name)) this.removed.push(name);
  }
}

/** A target is `{type, value}` (a URL in value, or in url) or the URL itself. */
function targetValue(target: unknown): unknown {
  return isRecord(target) ? (target.value ?? target.url) : target;
}

function parseCard(card: unknown, urls: UrlCleaner): AdCard | null {
  if (!isRecord(card)) return null;
  const title = readText(card.title) ?? readStrings(card.titles)[0] ?? null;
  // A carousel card of the live site has no url of its own: its link is target.value.
  const url = urls.clean(card.url) ?? urls.clean(targetValue(card.target));
  const imageUrl = urls.clean(card.image_url);
  return { title, url, body: readText(card.body), imageUrl };
}

function parseTarget(target: unknown, urls: UrlCleaner): AdTarget | null {
  const url = urls.clean(targetValue(target));
  return url === null ? null : { url };
}

/**
 * One ad, its members looked for in `scopes` in turn (the ad, then the unit holding it). The brand's name, url
 * and id are read on the brand record itself only: elsewhere those plain names belong to something else.
 */
function parseUnit(scopes: readonly JsonRecord[], turnId: string | null): AdEntry {
  const urls = new UrlCleaner();
  const brand = findAdMember(scopes, ['advertiser_brand', 'advertiser'], readRecord) ?? {};
  const cards = readArray(findAdMember(scopes, CARD_LISTS, readList))
    .map((card) => parseCard(card, urls))
    .filter((card): card is AdCard => card !== null);
  const targets = readArray(findAdMember(scopes, ['targets'], readList))
    .map((target) => parseTarget(target, urls))
    .filter((target): target is AdTarget => target !== null);
  const advertiser = {
    name:
      readOwnMember(brand, ['advertiser', 'name'], readText) ??
      findAdMember(scopes, ['advertiser'], readText),
    url: urls.clean(
      readOwnMember(brand, ['advertiser_url', 'url'], readText) ??
        findAdMember(scopes, ['advertiser_url'], readText),
    ),
    id:
      readOwnMember(brand, ['advertiser_id', 'id'], readIdentifier) ??
      findAdMember(scopes, ['advertiser_id'], readIdentifier),
  };
  const faviconUrl = urls.clean(
    readOwnMember(brand, ['favicon_url'], readText) ?? findAdMember(scopes, ['favicon_url'], readText),
  );
  const logoUrl = urls.clean(
    readOwnMember(brand, ['logo_url'], readText) ?? findAdMember(scopes, ['logo_url'], readText),
  );
  // The ad's own record whole; a unit holding several ads, except those ads (each has its own entry).
  const [own, ...holders] = scopes;
  if (
    holdsMemberAnywhere(own, TRACKING_MEMBER, NOTHING_SKIPPED) ||
    holders.some((holder) => holdsMemberAnywhere(holder, TRACKING_MEMBER, OTHER_ADS))
  )
    urls.note(TRACKING_MEMBER);
  return {
    turnId,
    advertiser,
    unitType: findAdMember(scopes, ['unit_type'], readText) ?? findAdMember(scopes, ['type'], readUnitKind),
    format: findAdMember(scopes, ['format'], readText),
    headerLabel: findAdMember(scopes, ['header_label'], readText),
    cards,
    targetHosts: readStrings(findAdMember(scopes, ['target_hosts'], readList)),
    faviconUrl,
    logoUrl,
    targets,
    removedTrackingParams: urls.removed,
    streamed: false,
    shownAt: null,
  };
}

/**
 * The ads of one raw record. A `multi_advertiser_ad_unit` (site-interface 10.4) holds several ads in
 * `content.ads`, each like the content of a single unit: one entry per ad, all under the record's turn.
 */
export function parseAdRecord(
  record: JsonRecord,
  fallbackTurnId: string | null,
  warnings: string[],
): AdEntry[] {
  const turnId = readIdentifier(record.turn_id) ?? fallbackTurnId;
  const several = findAdMember([record], ['ads'], readSeveralAds);
  if (several === null) return [parseUnit([record], turnId)];
  const entries: AdEntry[] = [];
  several.forEach((ad, index) => {
    if (isRecord(ad)) entries.push(parseUnit([ad, record], turnId));
    else warnings.push(`Ad ${index + 1} of a multi-advertiser unit is not an object and was skipped.`);
  });
  return entries;
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

/** Parses the body of GET /backend-api/bazaar/conversation/{id}/ads (site-interface 4.3). Never throws. */
export function parseAdsResponse(body: unknown): Result<AdsReport> {
  if (!isRecord(body)) return fail('unexpected-shape', 'The ads response is not a JSON object.');
  const warnings: string[] = [];
  const byTurn = isRecord(body.entries_by_turn_id) ? body.entries_by_turn_id : null;
  const entries: AdEntry[] = [];
  rawEntries(body, byTurn ?? {}).forEach(([raw, turnId], index) => {
    if (isRecord(raw)) entries.push(...parseAdRecord(raw, turnId, warnings));
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
      // site-interface 4.3: an empty entries_by_turn_id means no ad was shown; without the map, the
      // entries decide.
      shownAny: byTurn === null ? entries.length > 0 : Object.keys(byTurn).length > 0,
      entries,
      removedTrackingParams: removed,
    },
    warnings,
  );
}
