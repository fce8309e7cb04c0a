import type { LibraryConversation, LibraryTurn } from './library-record';
import { type ConversationColumns, rowScope, type TableConversation } from './page-tables-conversation';
import type { ScopedRow } from './scoped-table';
import { searchTextOf } from './searchable-rows';

/** One ad the conversation was served. */
export interface AdTableRow extends ConversationColumns {
  key: string;
  turnIndex: number | null;
  /** Its turn's time, else the conversation's creation. */
  at: number | null;
  /** Its turn's model; null when it names no turn. */
  model: string | null;
  advertiser: string | null;
  unitType: string | null;
  format: string | null;
  title: string | null;
  link: string | null;
  cardCount: number;
  streamed: boolean;
}

/** The conversation's ads in their order; the text filter reads advertiser, title and link. */
export function adRows(
  record: LibraryConversation,
  conversation: TableConversation,
): ScopedRow<AdTableRow>[] {
  if (record.ads.length === 0) return [];
  const turns = new Map<number, LibraryTurn>(record.turns.map((turn) => [turn.index, turn]));
  return record.ads.map((ad, place) => {
    const scope = rowScope(conversation, ad.turnIndex === null ? undefined : turns.get(ad.turnIndex));
    return {
      row: {
        key: `${conversation.id}/ad/${place}`,
        ...conversation.columns,
        turnIndex: ad.turnIndex,
        at: scope.at,
        model: scope.model,
        advertiser: ad.advertiser,
        unitType: ad.unitType,
        format: ad.format,
        title: ad.title,
        link: ad.link,
        cardCount: ad.cards.length,
        streamed: ad.streamed,
      },
      scope,
      text: searchTextOf([ad.advertiser, ad.title, ad.link]),
    };
  });
}
