import { summaryTable } from '@/lib/library/library-table';
import { listCell, type RowOf } from '@/lib/library/table-column';
import { type QueryFanout, QueryFanouts } from './fanout';
import type { QueriesConversation } from './query-record';

const COLUMNS = [
  { name: 'query', type: 'string', meaning: 'the search query, as first met' },
  {
    name: 'searches',
    type: 'integer',
    meaning:
      'how often an answer ran it: the same query (trimmed, spaces collapsed, case ignored) in any turn, conversation or branch',
  },
  { name: 'prompts', type: 'integer', meaning: 'the distinct prompts whose answers ran it' },
  { name: 'conversations', type: 'integer', meaning: 'the conversations those answers are in' },
  {
    name: 'models',
    type: 'string',
    meaning: 'the models whose answers ran it, in text order, joined with " | "; null when none is named',
  },
  {
    name: 'first_searched',
    type: 'timestamp',
    meaning: 'when the first answer that ran it was asked; null when none is dated',
  },
  { name: 'last_searched', type: 'timestamp', meaning: 'when the last answer that ran it was asked' },
  {
    name: 'pages_cited',
    type: 'string',
    meaning:
      'the pages the answers that ran it cite, the most cited first (once per answer), joined with " | "; null for none',
  },
] as const;

export const fanoutCells = (fanout: QueryFanout): RowOf<typeof COLUMNS> => ({
  query: fanout.query,
  searches: fanout.searches,
  prompts: fanout.prompts,
  conversations: fanout.conversations,
  models: listCell(fanout.models),
  first_searched: fanout.firstSearched,
  last_searched: fanout.lastSearched,
  pages_cited: listCell(fanout.pagesCited),
});

/**
 * One row per distinct search query the answers ran, over every version of their prompts (architecture
 * "Versions of a prompt"), the most searched first. Its rows sum up every conversation, so they come once all
 * were read.
 */
export const FANOUT_TABLE = summaryTable({
  name: 'fanout',
  grain: 'one row per distinct search query',
  columns: COLUMNS,
  // A query's row goes with the month it was last searched in, as a prompt's with its newest version.
  dataset: { version: 1, monthFrom: ['last_searched'] },
  gather: () => {
    const fanouts = new QueryFanouts();
    return {
      add: (conversation: QueriesConversation) => fanouts.add(conversation),
      rows: () => fanouts.queries().map(fanoutCells),
    };
  },
});
