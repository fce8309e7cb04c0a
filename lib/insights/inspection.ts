import { type AdsOverview, summarizeAds } from '@/features/ads/ads';
import { withStreamedAds } from '@/features/ads/streamed-ads';
import type { FormatComparison } from '@/features/details/format-comparison';
import {
  detectTransport,
  NOTHING_OBSERVED,
  type Transport,
  type TransportObservation,
} from '@/features/details/transport';
import { type OfferRow, offersTable } from '@/features/offers/offers';
import { extractQueries, type QueryReport } from '@/features/queries/queries';
import { type TurnFact, turnFacts } from '@/features/queries/turn-facts';
import { type CitedMessage, extractSources, type WebSource } from '@/features/sources/sources';
import type { AdAccount } from '@/lib/model/ad-account';
import type { AdsReport } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';
import type { Product } from '@/lib/model/product-entity';
import type { StreamedTurn } from '@/lib/model/streamed-turn';

/**
 * Everything Chat Lens knows about one conversation, in one bundle: the exporters, the popup, the side panel
 * and the CLI all read this, so they can never disagree about what was found.
 */
export interface Inspection {
  conversation: Conversation;
  queries: QueryReport;
  /** Per turn: whether a search ran, what says so, the model, whether it streamed. */
  turnFacts: TurnFact[];
  /** The pages each turn's search returned and its answer cited, one row per page and turn. */
  sources: WebSource[];
  /** The messages whose text holds citation markers, the markers resolved (the Markdown reads them). */
  citedMessages: CitedMessage[];
  /** null when no ads response (site-interface 4.3) was seen for the conversation. */
  ads: AdsOverview | null;
  products: Product[];
  offers: OfferRow[];
  transport: Transport;
  /** null unless both formats were loaded and compared (site-interface 2.4, site-interface 4.2). */
  formats: FormatComparison | null;
  /** The account the ads were targeted at (site-interface 4.6); null when /me was not seen. */
  account: AdAccount | null;
}

export interface InspectionInput {
  conversation: Conversation;
  adsReport?: AdsReport | null;
  /** What the answer streams assembled (site-interface 10.6): their ads join the ads response's. */
  streamedTurns?: readonly StreamedTurn[];
  account?: AdAccount | null;
  products?: readonly Product[];
  transportObservation?: TransportObservation | null;
  formats?: FormatComparison | null;
}

export function inspect(input: InspectionInput): Inspection {
  const { conversation } = input;
  const account = input.account ?? null;
  const streamedTurns = input.streamedTurns ?? [];
  const adsReport = withStreamedAds(input.adsReport ?? null, streamedTurns);
  const products = [...(input.products ?? [])];
  const queries = extractQueries(conversation);
  return {
    conversation,
    queries,
    turnFacts: turnFacts(conversation, queries, streamedTurns),
    ...extractSources(conversation),
    // "No ads response seen" (null) and "the service showed no ads" (shownAny false) are different answers.
    ads: adsReport === null ? null : summarizeAds(adsReport, account, conversation),
    products,
    offers: offersTable(products),
    transport: detectTransport(input.transportObservation ?? NOTHING_OBSERVED),
    formats: input.formats ?? null,
    account,
  };
}
