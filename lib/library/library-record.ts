import type { QueryKind } from '@/lib/insights/queries';
import type { Transport } from '@/lib/insights/transport';

/**
 * What the library keeps of one conversation (architecture "The library"): what an analyst reads across
 * conversations, and nothing that names a secret. Every link is clean (trackers removed where the
 * inspection read it), an ad keeps no tracking value and an offer no token-bearing member.
 * Times are epoch milliseconds, null when unknown.
 */
export interface LibraryConversation {
  id: string;
  title: string | null;
  /** The models that answered, in order of first appearance, else the conversation's default model. */
  models: string[];
  createdAt: number | null;
  updatedAt: number | null;
  /** When Chat Lens last wrote it: automatic deletion counts from here. */
  savedAt: number;
  transport: Transport;
  /** Answers keep their text ("keep answer text" was on when it was written). */
  answerTextKept: boolean;
  turns: LibraryTurn[];
  ads: LibraryAd[];
  offers: LibraryOffer[];
}

export interface LibraryTurn {
  /** The turn's place in the conversation (turn 0 is usually the system context, with no prompt). */
  index: number;
  prompt: string | null;
  /** The answer's visible text; null unless answer text is kept. */
  answer: string | null;
  /** When the prompt was sent. */
  at: number | null;
  model: string | null;
  /** Whether a search ran; null when nothing can tell (lib/insights/turn-facts.ts). */
  searched: boolean | null;
  /** How the answer streamed while Chat Lens watched; null when it was only loaded. */
  transport: 'sse' | 'websocket' | null;
  queries: LibraryQuery[];
  pages: LibraryPage[];
}

export interface LibraryQuery {
  text: string;
  kind: QueryKind;
  /** Its place among the turn's queries, from 0. */
  order: number;
}

export interface LibraryPage {
  url: string;
  title: string | null;
  domain: string | null;
  retrieved: boolean;
  cited: boolean;
  /** How often the answer cites it: its citation markers, at least 1 for a cited page. */
  citations: number;
  /** Its place, from 1, in the results of the search that returned it; null when only cited. */
  rank: number | null;
  /**
   * The queries of the search call that returned it. A call that ran several queries returns one list of
   * results, so each of them may have found it; empty for a page only cited.
   */
  foundBy: string[];
}

export interface LibraryAdCard {
  title: string | null;
  url: string | null;
}

export interface LibraryAd {
  turnIndex: number | null;
  advertiser: string | null;
  advertiserUrl: string | null;
  unitType: string | null;
  format: string | null;
  title: string | null;
  /** Where it leads, clean. */
  link: string | null;
  cards: LibraryAdCard[];
  /** Served inside an answer stream. */
  streamed: boolean;
}

export interface LibraryOffer {
  productId: string | null;
  product: string | null;
  brand: string | null;
  merchant: string | null;
  currency: string | null;
  base: number | null;
  shipping: number | null;
  tax: number | null;
  total: number | null;
  /** The price as the service displays it, where it sends one as text. */
  priceText: string | null;
  bestPriceTag: string | null;
  availability: string | null;
  url: string | null;
}
