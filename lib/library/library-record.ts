import * as v from 'valibot';
import type { AdListing } from '@/features/ads/ads';
import type { Transport } from '@/features/details/transport';
import { OFFER_SEEN_IN, type OfferRow } from '@/features/offers/offers';
import type { QueryKind } from '@/features/queries/queries';
import { cleanSourceUrl } from '@/lib/insights/source-url';
import { isRecord } from '@/lib/model/json-read';
import type { StreamTransport } from '@/lib/model/streamed-turn';
import type { UnreadKind } from '@/lib/model/unread';

/*
 * What the library keeps of one conversation (architecture "The library"), declared once as schemas: the
 * types below are derived from them, and so is the reader of a library file. Each member is read tolerantly
 * (architecture "Tolerant reader"): one of the wrong type, or missing, reads as null, empty or false, an
 * unknown member is dropped, and every link goes through the cleaner of page links again, so an edited file
 * brings back no tracking value (architecture "Secrets"). Times are epoch milliseconds, null when unknown.
 */

const text = v.fallback(v.nullable(v.string()), null);
const finite = v.fallback(v.nullable(v.pipe(v.number(), v.finite())), null);
const whole = v.fallback(v.nullable(v.pipe(v.number(), v.safeInteger())), null);
const flag = v.fallback(v.boolean(), false);
const knownFlag = v.fallback(v.nullable(v.boolean()), null);
const texts = v.fallback(
  v.pipe(
    v.array(v.unknown()),
    v.transform((items) => items.filter((item): item is string => typeof item === 'string')),
  ),
  [],
);
/** A link, clean; null when it is not text or nothing is left of it. */
const link = v.fallback(
  v.nullable(
    v.pipe(
      v.string(),
      v.transform((url) => cleanSourceUrl(url)),
    ),
  ),
  null,
);

/**
 * A list whose readable items are kept: what is not an object is passed over, and an object that does not
 * read (it lacks what it cannot do without) is dropped, not the list. `read` is given the item's place
 * among the objects.
 */
function listOf<Item>(read: (stored: unknown, place: number) => Item | null) {
  return v.fallback(
    v.pipe(
      v.array(v.unknown()),
      v.transform((items) => items.filter(isRecord).flatMap((item, place) => read(item, place) ?? [])),
    ),
    [],
  );
}

/** An item of a list read with `schema`, or null when it does not read. */
const itemOf =
  <Schema extends v.GenericSchema>(schema: Schema) =>
  (stored: unknown): v.InferOutput<Schema> | null => {
    const read = v.safeParse(schema, stored);
    return read.success ? read.output : null;
  };

/** Typed as records so that a kind or transport added to the model does not compile until it is read. */
const QUERY_KINDS: Record<QueryKind, true> = { search: true, open: true, product: true };
const TRANSPORTS: Record<Transport, true> = { websocket: true, sse: true, html: true, unknown: true };
const TURN_TRANSPORTS: Record<StreamTransport, true> = { sse: true, websocket: true, html: true };
const UNREAD_KINDS: Record<UnreadKind, true> = {
  'content-type': true,
  'reference-type': true,
  tool: true,
  'stream-record': true,
  'delta-op': true,
  'ui-program': true,
  contradiction: true,
};
const namesOf = <Name extends string>(names: Record<Name, true>): Name[] => Object.keys(names) as Name[];

/** A query without its text or of an unknown kind says nothing an analyst can count: it is dropped. */
const QUERY = v.object({
  text: v.string(),
  kind: v.picklist(namesOf(QUERY_KINDS)),
  /** Its place among the turn's queries, from 0; its place in the stored list when missing. */
  order: whole,
});

/** A page without a link is no page: it is dropped. */
const PAGE = v.object({
  url: v.pipe(
    v.string(),
    v.transform((url) => cleanSourceUrl(url)),
    v.string(),
  ),
  title: text,
  domain: text,
  retrieved: flag,
  cited: flag,
  /** How often the answer cites it: its citation markers, at least 1 for a cited page. */
  citations: v.pipe(
    whole,
    v.transform((count) => Math.max(0, count ?? 0)),
  ),
  /** Its place, from 1, in the results of the search that returned it; null when only cited. */
  rank: v.pipe(
    whole,
    v.transform((rank) => (rank !== null && rank >= 1 ? rank : null)),
  ),
  /**
   * The queries of the search call that returned it. A call that ran several queries returns one list of
   * results, so each of them may have found it; empty for a page only cited.
   */
  foundBy: texts,
});

const TURN = v.object({
  /** The turn's place in the conversation (turn 0 is usually the system context, with no prompt). */
  index: whole,
  prompt: text,
  /** The answer's visible text; null unless answer text is kept. */
  answer: text,
  /** When the prompt was sent. */
  at: finite,
  model: text,
  /** Whether a search ran; null when nothing can tell (features/queries/turn-facts.ts). */
  searched: knownFlag,
  /** How the answer streamed while Chat Lens watched; null when it was only loaded. */
  transport: v.fallback(v.nullable(v.picklist(namesOf(TURN_TRANSPORTS))), null),
  queries: listOf((stored, place) => {
    const query = itemOf(QUERY)(stored);
    return query === null ? null : { ...query, order: query.order ?? place };
  }),
  pages: listOf(itemOf(PAGE)),
});

/**
 * A turn of a branch the site no longer shows (a regenerated answer, an edited prompt, or what followed
 * them), read from the tree where it was loaded: a version of a prompt (architecture "Versions of a prompt").
 */
const VERSION = v.object({
  ...TURN.entries,
  /** The index of the shown turn it answers again, when it is the branch's first turn; else null. */
  versionOf: whole,
});

const AD_CARD = v.object({ title: text, url: link });

/** An ad with clean links: a conversation's, or one of the account's ad history (ACCOUNT below). */
const AD = v.object({
  turnIndex: whole,
  advertiser: text,
  advertiserUrl: link,
  unitType: text,
  format: text,
  title: text,
  /** Where it leads, clean. */
  link,
  cards: listOf(itemOf(AD_CARD)),
  /** Served inside an answer stream. */
  streamed: flag,
  /** When it was shown, as a data export's ad history dates it (site-interface 10.8). */
  shownAt: finite,
});

const OFFER = v.object({
  /** Where it was seen (OfferSeenIn); a record kept before answers' offers were read holds refreshes only. */
  seenIn: v.fallback(v.picklist(OFFER_SEEN_IN), 'refresh'),
  productId: text,
  product: text,
  brand: text,
  merchant: text,
  currency: text,
  base: finite,
  shipping: finite,
  tax: finite,
  total: finite,
  /** The price as the service displays it, where it sends one as text. */
  priceText: text,
  bestPriceTag: text,
  availability: text,
  url: link,
});

/** A shape not read (export-format "`unread`"), by name: never a value, nor the key paths. */
const UNREAD = v.object({
  kind: v.picklist(namesOf(UNREAD_KINDS)),
  name: v.string(),
  count: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
});

/**
 * What Chat Lens reads into a record (record-of-inspection.ts), as a number raised whenever it learns to read
 * more that a record keeps: a record kept by an earlier reader lacks that, and is read again when its
 * conversation comes again (data-export-merge.ts, the whole-account run). See architecture
 * "Records kept by an earlier version".
 */
export const LIBRARY_READER = 2;

/** null for a conversation without an id, which no record could be kept under. */
const CONVERSATION = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  title: text,
  /** The models that answered, in order of first appearance, else the conversation's default model. */
  models: texts,
  createdAt: finite,
  updatedAt: finite,
  /** When Chat Lens last wrote it: automatic deletion counts from here. */
  savedAt: finite,
  transport: v.fallback(v.picklist(namesOf(TRANSPORTS)), 'unknown'),
  /** Answers keep their text ("keep answer text" was on when it was written). */
  answerTextKept: flag,
  turns: listOf((stored, place) => {
    const turn = itemOf(TURN)(stored);
    return turn === null ? null : { ...turn, index: turn.index ?? place };
  }),
  /** The turns of the branches the site does not show; empty where the tree was never loaded. */
  versions: listOf((stored, place) => {
    const version = itemOf(VERSION)(stored);
    return version === null ? null : { ...version, index: version.index ?? place };
  }),
  ads: listOf(itemOf(AD)),
  offers: listOf(itemOf(OFFER)),
  /** What was met and not read; null for a record kept before Chat Lens counted it. */
  unread: v.fallback(v.nullable(listOf(itemOf(UNREAD))), null),
  /** The LIBRARY_READER that kept it; 0 for a record kept before records said. */
  reader: v.fallback(v.pipe(v.number(), v.safeInteger(), v.minValue(0)), 0),
});

/**
 * What a data export says of the account rather than of a conversation (site-interface 10.8), one record
 * for the library (library-account.ts merges an import into it).
 */
const ACCOUNT = v.object({
  /** The interests ChatGPT's ads inferred, in their profile's order. */
  interests: texts,
  /** That profile's `profile_version`; null when it names none. */
  profileVersion: finite,
  /** The ads of the ad history that name no conversation, dated; `turnIndex` null. */
  ads: listOf(itemOf(AD)),
  /** When an import last wrote it: automatic deletion counts from here, as a conversation's. */
  savedAt: finite,
});

export type LibraryConversation = Omit<v.InferOutput<typeof CONVERSATION>, 'savedAt'> & { savedAt: number };
export type LibraryTurn = LibraryConversation['turns'][number];
export type LibraryQuery = LibraryTurn['queries'][number];
export type LibraryVersion = LibraryConversation['versions'][number];
export type LibraryPage = v.InferOutput<typeof PAGE>;
export type LibraryAd = v.InferOutput<typeof AD>;
export type LibraryAdCard = v.InferOutput<typeof AD_CARD>;
export type LibraryOffer = v.InferOutput<typeof OFFER>;
export type LibraryAccount = Omit<v.InferOutput<typeof ACCOUNT>, 'savedAt'> & { savedAt: number };

/**
 * A conversation of a library file, read by the schemas above; null for one without an id. `savedAt`
 * stands in for a missing time of writing: the file's own time, when the conversation was kept at the
 * latest.
 */
export function readLibraryConversation(stored: unknown, savedAt: number): LibraryConversation | null {
  const read = v.safeParse(CONVERSATION, stored);
  if (!read.success) return null;
  return { ...read.output, savedAt: read.output.savedAt ?? savedAt };
}

/**
 * The account's record of a library file, read by ACCOUNT; null when it is no object. `savedAt` stands in
 * for a missing time of writing, as for a conversation.
 */
export function readLibraryAccount(stored: unknown, savedAt: number): LibraryAccount | null {
  const read = v.safeParse(ACCOUNT, stored);
  if (!read.success) return null;
  return { ...read.output, savedAt: read.output.savedAt ?? savedAt };
}

/**
 * An offer of the inspection as the library keeps it: the members OFFER declares, read from the row of the
 * same names (the product's title is `product` here), and nothing else of it.
 */
export const libraryOfferOf = (offer: OfferRow): LibraryOffer =>
  v.parse(OFFER, { ...offer, product: offer.productTitle });

/** An ad of the inspection as the library keeps it: the members AD declares, its cards' titles and links. */
export const libraryAdOf = (ad: AdListing): LibraryAd => ({
  turnIndex: ad.turnIndex,
  advertiser: ad.advertiser,
  advertiserUrl: ad.advertiserUrl,
  unitType: ad.unitType,
  format: ad.format,
  title: ad.title,
  link: ad.link,
  cards: ad.cards.map((card) => ({ title: card.title, url: card.url })),
  streamed: ad.streamed,
  shownAt: ad.shownAt,
});
