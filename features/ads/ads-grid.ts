import type { GridRecord } from '@/lib/library/grid-conversation';
import { type GridConversation, rowScope } from '@/lib/library/grid-conversation';
import type { RowOfTable } from '@/lib/library/library-table';
import type { ScopedRow } from '@/lib/library/scoped-grid';
import { flatGrid } from '@/lib/library/scoped-grid';
import { searchTextOf } from '@/lib/library/searchable-rows';
import { type AdAnswer, answersOf, type ShownAd } from './ad-intelligence';
import type { AdsAccount, AdsConversation } from './ad-record';
import { ADS_TABLE, adTurns } from './ads-table';

/** One ad the conversation was served: its row of the ads table, and what the page adds from its turn. */
export type AdGridRow = RowOfTable<typeof ADS_TABLE> & {
  key: string;
  /** Its turn's time, else the conversation's creation. */
  at: number | null;
};

/**
 * The ads of the account's ad history that name no conversation (a data export's `ads.json`), dated by when
 * they were shown: in no conversation's scope, so a conversation filter leaves them out.
 */
export function accountAdRows(account: AdsAccount | null): ScopedRow<AdGridRow>[] {
  if (account === null || !ADS_TABLE.accountRowsOf) return [];
  return Array.from(ADS_TABLE.accountRowsOf(account), (ad, place) => {
    return {
      row: { ...ad, key: `account/ad/${place}`, at: ad.shown_at },
      scope: { conversationId: '', at: ad.shown_at, model: null, conversationModels: [] },
      text: searchTextOf([ad.advertiser, ad.title, ad.link]),
    };
  });
}

/** The conversation's ads in their order; the text filter reads advertiser, title and link. */
export function adRows(record: AdsConversation, conversation: GridConversation): ScopedRow<AdGridRow>[] {
  if (record.ads.length === 0) return [];
  const turnOf = adTurns(record);
  return Array.from(ADS_TABLE.rowsOf(record), (ad, place) => {
    const scope = rowScope(conversation, turnOf(ad.turn_index));
    return {
      row: { ...ad, key: `${conversation.id}/ad/${place}`, at: scope.at },
      scope,
      text: searchTextOf([ad.advertiser, ad.title, ad.link]),
    };
  });
}

/** An ad of the grid as the ad figures read it: dated as the ad history dates it, else as its row. */
export const shownAdOfRow = (row: AdGridRow): ShownAd => ({
  conversationId: row.conversation_id,
  turnIndex: row.turn_index,
  advertiser: row.advertiser,
  title: row.title,
  link: row.link,
  model: row.model,
  at: row.shown_at ?? row.at,
});

/**
 * The conversation's answers (ad-intelligence.ts), each in its turn's scope: what the ad rate counts under
 * the page's filters. No text is searched: the words filter narrows the ads grid, not the answers.
 */
export function answerRows(record: AdsConversation, conversation: GridConversation): ScopedRow<AdAnswer>[] {
  const turnOf = adTurns(record);
  return answersOf(record).map((answer) => ({
    row: answer,
    scope: rowScope(conversation, turnOf(answer.turnIndex)),
    text: '',
  }));
}

/** The ads' grids of the library page (architecture "The library"): the ads, and the answers they were served with. */
export const ADS_GRIDS = {
  ads: (records: readonly GridRecord<AdsConversation>[], account: AdsAccount | null) =>
    flatGrid([
      ...records.flatMap(({ record, conversation }) => adRows(record, conversation)),
      ...accountAdRows(account),
    ]),
  answers: (records: readonly GridRecord<AdsConversation>[]) =>
    flatGrid(records.flatMap(({ record, conversation }) => answerRows(record, conversation))),
};
