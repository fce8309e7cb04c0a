import type { LibraryConversation, LibraryOffer } from './library-record';
import { type ConversationColumns, rowScope, type TableConversation } from './page-tables-conversation';
import type { ScopedRow } from './scoped-table';
import { searchTextOf } from './searchable-rows';

/** One offer of a product the conversation showed, as the library keeps it. */
export interface OfferTableRow extends ConversationColumns, LibraryOffer {
  key: string;
  /** The conversation's creation: an offer names no turn. */
  at: number | null;
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
      ...conversation.columns,
      at: scope.at,
      ...offer,
    },
    scope,
    text: searchTextOf([offer.product, offer.brand, offer.merchant]),
  }));
}
