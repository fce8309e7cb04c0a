import * as v from 'valibot';
import type { LibraryAd } from '@/features/ads/ad-record';
import { FEATURE_KEPT, FEATURE_KEPT_TURN, type FeatureKept, type FeatureKeptTurn } from '@/features/index';
import type { LibraryOffer } from '@/features/offers/offer-record';
import type { LibraryPage } from '@/features/sources/page-record';
import { LIBRARY_READER, type LibraryConversation, type LibraryTurn } from '@/lens/library/library-record';
import type { BrandSettings } from '@/lib/library/brand-settings';

/** A page of a turn, retrieved and cited as asked. */
export function page(url: string, marks: Partial<LibraryPage> = {}): LibraryPage {
  return {
    url,
    title: url,
    domain: new URL(url).hostname.replace(/^www\./, ''),
    retrieved: true,
    cited: false,
    citations: 0,
    rank: 1,
    foundBy: [],
    ...marks,
  };
}

/** Your brand and one competitor, on example domains, named as themselves. */
export const LODGE_AND_ACME: BrandSettings = {
  own: { name: 'Lodge', domains: ['lodge.example'], mentions: ['Lodge'] },
  competitors: [{ name: 'Acme', domains: ['acme.example'], mentions: ['Acme'] }],
};

/** A page its turn's answer cites once. */
export const citedPage = (url: string, marks: Partial<LibraryPage> = {}): LibraryPage =>
  page(url, { cited: true, citations: 1, ...marks });

/** 15:00 UTC on a day of 2026: a turn's time well inside its day, whatever the week's edges. */
export const afternoonOf = (month: number, date: number): number => Date.UTC(2026, month - 1, date, 15);

/** An ad served in a turn. */
export function ad(partial: Partial<LibraryAd> = {}): LibraryAd {
  return {
    turnIndex: 1,
    advertiser: 'Acme',
    advertiserUrl: 'https://acme.example/',
    unitType: 'single',
    format: 'card',
    title: 'Acme boots',
    link: 'https://acme.example/boots',
    cards: [],
    streamed: false,
    shownAt: null,
    ...partial,
  };
}

/** An offer of a product. */
export function offer(partial: Partial<LibraryOffer> = {}): LibraryOffer {
  return {
    seenIn: 'refresh',
    productId: 'p1',
    product: 'Trail shoe',
    brand: 'Acme',
    merchant: 'REI',
    currency: 'USD',
    base: 100,
    shipping: 5,
    tax: 8,
    total: 113,
    priceText: '$113.00',
    bestPriceTag: null,
    availability: 'in_stock',
    url: 'https://rei.example/shoe',
    ...partial,
  };
}

/** The features' members of a kept record and turn as a record that never held them reads them. */
export const NO_FEATURE_KEPT = v.getFallbacks(v.object(FEATURE_KEPT)) as FeatureKept;
export const NO_FEATURE_KEPT_TURN = v.getFallbacks(v.object(FEATURE_KEPT_TURN)) as FeatureKeptTurn;

/** A turn with a prompt, asked at `at`. */
export function turn(index: number, partial: Partial<LibraryTurn> = {}): LibraryTurn {
  return {
    index,
    prompt: `prompt ${index}`,
    answer: null,
    at: null,
    model: 'gpt-5',
    searched: null,
    transport: null,
    queries: [],
    pages: [],
    ...NO_FEATURE_KEPT_TURN,
    ...partial,
  };
}

/** A kept conversation of the given turns. */
export function libraryConversation(
  id: string,
  turns: LibraryTurn[] = [turn(1)],
  partial: Partial<LibraryConversation> = {},
): LibraryConversation {
  return {
    id,
    title: `Conversation ${id}`,
    models: ['gpt-5'],
    createdAt: Date.UTC(2026, 10, 2),
    updatedAt: Date.UTC(2026, 10, 3),
    savedAt: Date.UTC(2026, 10, 4),
    transport: 'sse',
    answerTextKept: false,
    turns,
    ...NO_FEATURE_KEPT,
    versions: [],
    unread: [],
    reader: LIBRARY_READER,
    ...partial,
  };
}
