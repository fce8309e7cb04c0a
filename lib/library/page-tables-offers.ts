import type { LibraryConversation } from './library-record';
import { rowScope, type TableConversation } from './page-tables-conversation';
import type { ScopedRow } from './scoped-table';
import { searchTextOf } from './searchable-rows';

/** One offer of a product the conversation showed. */
export interface OfferTableRow {
  key: string;
  conversationId: string;
  conversationTitle: string | null;
  conversationUrl: string;
  /** The conversation's creation: an offer names no turn. */
  at: number | null;
  product: string | null;
  brand: string | null;
  merchant: string | null;
  currency: string | null;
  base: number | null;
  shipping: number | null;
  tax: number | null;
  total: number | null;
  priceText: string | null;
  bestPriceTag: string | null;
  availability: string | null;
  url: string | null;
}

/** The conversation's offers in their order; the text filter reads product, brand and merchant. */
export function offerRows(
  record: LibraryConversation,
  conversation: TableConversation,
): ScopedRow<OfferTableRow>[] {
  const scope = rowScope(conversation, undefined);
  return record.offers.map((offer, place) => ({
    row: {
      key: `${conversation.id}/offer/${place}`,
      conversationId: conversation.id,
      conversationTitle: conversation.title,
      conversationUrl: conversation.url,
      at: scope.at,
      product: offer.product,
      brand: offer.brand,
      merchant: offer.merchant,
      currency: offer.currency,
      base: offer.base,
      shipping: offer.shipping,
      tax: offer.tax,
      total: offer.total,
      priceText: offer.priceText,
      bestPriceTag: offer.bestPriceTag,
      availability: offer.availability,
      url: offer.url,
    },
    scope,
    text: searchTextOf([offer.product, offer.brand, offer.merchant]),
  }));
}
