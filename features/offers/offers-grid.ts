import type { GridRecord } from '@/lib/library/grid-conversation';
import { type GridConversation, rowScope } from '@/lib/library/grid-conversation';
import type { RowOfTable } from '@/lib/library/library-table';
import type { ScopedRow } from '@/lib/library/scoped-grid';
import { flatGrid } from '@/lib/library/scoped-grid';
import { searchTextOf } from '@/lib/library/searchable-rows';
import type { OffersConversation } from './offer-record';
import { OFFERS_TABLE } from './offers-table';

/** One offer of a product the conversation showed: its row of the offers table. */
export type OfferGridRow = RowOfTable<typeof OFFERS_TABLE> & {
  key: string;
  /** The conversation's creation: an offer names no turn. */
  at: number | null;
};

/** The conversation's offers in their order; the text filter reads product, brand and merchant. */
export function offerRows(
  record: OffersConversation,
  conversation: GridConversation,
): ScopedRow<OfferGridRow>[] {
  const scope = rowScope(conversation, undefined);
  return Array.from(OFFERS_TABLE.rowsOf(record), (offer, place) => ({
    row: { ...offer, key: `${conversation.id}/offer/${place}`, at: scope.at },
    scope,
    text: searchTextOf([offer.product, offer.brand, offer.merchant]),
  }));
}

/** The offers' grid of the library page. */
export const OFFERS_GRIDS = {
  offers: (records: readonly GridRecord<OffersConversation>[]) =>
    flatGrid(records.flatMap(({ record, conversation }) => offerRows(record, conversation))),
};
