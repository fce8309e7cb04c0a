import type { GridRecord } from '@/lib/library/grid-conversation';
import { type ConversationColumns, type GridConversation, rowScope } from '@/lib/library/grid-conversation';
import type { ScopedRow } from '@/lib/library/scoped-grid';
import { flatGrid } from '@/lib/library/scoped-grid';
import { searchTextOf } from '@/lib/library/searchable-rows';
import type { QueryKind } from './queries';
import type { QueriesConversation } from './query-record';

/** One query a turn ran. */
export interface QueryGridRow extends ConversationColumns {
  key: string;
  turnIndex: number;
  prompt: string | null;
  query: string;
  kind: QueryKind;
  /** The turn's time, else the conversation's creation. */
  at: number | null;
  model: string | null;
}

/** The conversation's queries, turn by turn in their order; the text filter reads prompt, query and title. */
export function queryTableRows(
  record: QueriesConversation,
  conversation: GridConversation,
): ScopedRow<QueryGridRow>[] {
  return record.turns.flatMap((turn, turnPlace) => {
    const scope = rowScope(conversation, turn);
    return turn.queries.map((query, queryPlace) => ({
      row: {
        key: `${conversation.id}/${turnPlace}/${queryPlace}`,
        ...conversation.columns,
        turnIndex: turn.index,
        prompt: turn.prompt,
        query: query.text,
        kind: query.kind,
        at: scope.at,
        model: turn.model,
      },
      scope,
      text: searchTextOf([turn.prompt, query.text, conversation.title]),
    }));
  });
}

/** The queries' grid of the library page. */
export const QUERIES_GRIDS = {
  queries: (records: readonly GridRecord<QueriesConversation>[]) =>
    flatGrid(records.flatMap(({ record, conversation }) => queryTableRows(record, conversation))),
};
