import type { QueryKind } from '@/lib/insights/queries';
import { cleanSourceUrl } from '@/lib/insights/source-url';
import type { Transport } from '@/lib/insights/transport';
import { isRecord, type JsonRecord, ownMember } from '@/lib/model/json-read';
import type {
  LibraryAd,
  LibraryAdCard,
  LibraryConversation,
  LibraryOffer,
  LibraryPage,
  LibraryQuery,
  LibraryTurn,
} from './library-record';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const flag = (value: unknown): boolean => value === true;
const knownFlag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const texts = (value: unknown): string[] => list(value).flatMap((item) => text(item) ?? []);
const link = (value: unknown): string | null => (typeof value === 'string' ? cleanSourceUrl(value) : null);
const records = (value: unknown): JsonRecord[] => list(value).filter(isRecord);

/** Typed as records so that a kind or transport added to the model does not compile until it is read. */
const QUERY_KINDS: Record<QueryKind, true> = { search: true, open: true, product: true };
const TRANSPORTS: Record<Transport, true> = { websocket: true, sse: true, unknown: true };
const TURN_TRANSPORTS: Record<NonNullable<LibraryTurn['transport']>, true> = { sse: true, websocket: true };

const oneOf = <Name extends string>(value: unknown, names: Record<Name, true>): Name | null =>
  typeof value === 'string' && Object.hasOwn(names, value) ? (value as Name) : null;

/** A query without its text or of an unknown kind says nothing an analyst can count: it is dropped. */
function readQuery(stored: JsonRecord, place: number): LibraryQuery | null {
  const queryText = text(ownMember(stored, 'text'));
  const kind = oneOf(ownMember(stored, 'kind'), QUERY_KINDS);
  if (queryText === null || kind === null) return null;
  return { text: queryText, kind, order: whole(ownMember(stored, 'order')) ?? place };
}

/** A page without a link is no page: it is dropped. */
function readPage(stored: JsonRecord): LibraryPage | null {
  const url = link(ownMember(stored, 'url'));
  if (url === null) return null;
  const rank = whole(ownMember(stored, 'rank'));
  return {
    url,
    title: text(ownMember(stored, 'title')),
    domain: text(ownMember(stored, 'domain')),
    retrieved: flag(ownMember(stored, 'retrieved')),
    cited: flag(ownMember(stored, 'cited')),
    citations: Math.max(0, whole(ownMember(stored, 'citations')) ?? 0),
    rank: rank !== null && rank >= 1 ? rank : null,
    foundBy: texts(ownMember(stored, 'foundBy')),
  };
}

function readTurn(stored: JsonRecord, place: number): LibraryTurn {
  return {
    index: whole(ownMember(stored, 'index')) ?? place,
    prompt: text(ownMember(stored, 'prompt')),
    answer: text(ownMember(stored, 'answer')),
    at: finite(ownMember(stored, 'at')),
    model: text(ownMember(stored, 'model')),
    searched: knownFlag(ownMember(stored, 'searched')),
    transport: oneOf(ownMember(stored, 'transport'), TURN_TRANSPORTS),
    queries: records(ownMember(stored, 'queries')).flatMap((query, order) => readQuery(query, order) ?? []),
    pages: records(ownMember(stored, 'pages')).flatMap((page) => readPage(page) ?? []),
  };
}

const readCard = (stored: JsonRecord): LibraryAdCard => ({
  title: text(ownMember(stored, 'title')),
  url: link(ownMember(stored, 'url')),
});

const readAd = (stored: JsonRecord): LibraryAd => ({
  turnIndex: whole(ownMember(stored, 'turnIndex')),
  advertiser: text(ownMember(stored, 'advertiser')),
  advertiserUrl: link(ownMember(stored, 'advertiserUrl')),
  unitType: text(ownMember(stored, 'unitType')),
  format: text(ownMember(stored, 'format')),
  title: text(ownMember(stored, 'title')),
  link: link(ownMember(stored, 'link')),
  cards: records(ownMember(stored, 'cards')).map(readCard),
  streamed: flag(ownMember(stored, 'streamed')),
});

const readOffer = (stored: JsonRecord): LibraryOffer => ({
  productId: text(ownMember(stored, 'productId')),
  product: text(ownMember(stored, 'product')),
  brand: text(ownMember(stored, 'brand')),
  merchant: text(ownMember(stored, 'merchant')),
  currency: text(ownMember(stored, 'currency')),
  base: finite(ownMember(stored, 'base')),
  shipping: finite(ownMember(stored, 'shipping')),
  tax: finite(ownMember(stored, 'tax')),
  total: finite(ownMember(stored, 'total')),
  priceText: text(ownMember(stored, 'priceText')),
  bestPriceTag: text(ownMember(stored, 'bestPriceTag')),
  availability: text(ownMember(stored, 'availability')),
  url: link(ownMember(stored, 'url')),
});

/**
 * A conversation of a library file, read member by member (architecture "Tolerant reader"): a member of
 * the wrong type reads as null, empty or false, an unknown member is dropped, and every link goes through
 * the cleaner of page links again, so an edited file brings back no tracking value (architecture
 * "Secrets"). null for a conversation without an id, which no record could be kept under.
 * `savedAt` stands in for a missing time of writing: the file's own time, when the conversation was kept
 * at the latest.
 */
export function readLibraryConversation(stored: unknown, savedAt: number): LibraryConversation | null {
  if (!isRecord(stored)) return null;
  const id = text(ownMember(stored, 'id'));
  if (id === null || id === '') return null;
  return {
    id,
    title: text(ownMember(stored, 'title')),
    models: texts(ownMember(stored, 'models')),
    createdAt: finite(ownMember(stored, 'createdAt')),
    updatedAt: finite(ownMember(stored, 'updatedAt')),
    savedAt: finite(ownMember(stored, 'savedAt')) ?? savedAt,
    transport: oneOf(ownMember(stored, 'transport'), TRANSPORTS) ?? 'unknown',
    answerTextKept: flag(ownMember(stored, 'answerTextKept')),
    turns: records(ownMember(stored, 'turns')).map(readTurn),
    ads: records(ownMember(stored, 'ads')).map(readAd),
    offers: records(ownMember(stored, 'offers')).map(readOffer),
  };
}
