import { countText, shareText } from '@/components/library/shared/number-text';
import { DayCell, NO_VALUE } from '@/components/library/shared/TableCells';
import type { GridColumn } from '@/components/library/shared/VirtualTable';
import { textColumn } from '@/components/library/tables/shared-columns';
import type { PromptFanout, QueryFanout } from '@/features/queries/fanout';
import { LIST_SEPARATOR } from '@/lib/library/table-column';

/** A query's row as the Fan-out tab shows and sorts it: its lists as one text each. */
export type QueryFanoutRow = QueryFanout & {
  key: string;
  modelText: string | null;
  pagesText: string | null;
};

/** A prompt's row: its share of branded queries, and its lists of words as one text each. */
export type PromptFanoutRow = PromptFanout & {
  key: string;
  brandShare: number | null;
  addedText: string | null;
  droppedText: string | null;
};

const listed = (items: readonly string[], separator: string): string | null =>
  items.length === 0 ? null : items.join(separator);

export const queryFanoutRows = (fanouts: readonly QueryFanout[]): QueryFanoutRow[] =>
  fanouts.map((fanout) => ({
    ...fanout,
    key: fanout.query,
    modelText: listed(fanout.models, LIST_SEPARATOR),
    pagesText: listed(fanout.pagesCited, LIST_SEPARATOR),
  }));

export const promptFanoutRows = (fanouts: readonly PromptFanout[]): PromptFanoutRow[] =>
  fanouts.map((fanout) => ({
    ...fanout,
    key: fanout.prompt,
    brandShare:
      fanout.brandedSearches === null || fanout.searches === 0
        ? null
        : fanout.brandedSearches / fanout.searches,
    addedText: listed(fanout.addedWords, ', '),
    droppedText: listed(fanout.droppedWords, ', '),
  }));

const MEAN = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A count column, largest first on the first click. */
function countColumn<Row>(
  id: string,
  label: string,
  width: string,
  sortBy: keyof Row & string,
  count: (row: Row) => number,
): GridColumn<Row> {
  return { id, label, width, cell: (row) => countText(count(row)), sortBy, numeric: true };
}

function dayColumnOf<Row>(
  id: string,
  label: string,
  sortBy: keyof Row & string,
  at: (row: Row) => number | null,
): GridColumn<Row> {
  // Wide enough for its label and sort mark, longer than the date beneath.
  return { id, label, width: '8.5rem', cell: (row) => <DayCell at={at(row)} />, sortBy, numeric: true };
}

/** The fanout table's columns (export-format "The fanout table"), as the tab shows them. */
export const QUERY_FANOUT_COLUMNS: readonly GridColumn<QueryFanoutRow>[] = [
  textColumn<QueryFanoutRow>('query', 'Query', 'minmax(12rem, 2fr)'),
  countColumn('searches', 'Searches', '6.5rem', 'searches', (row) => row.searches),
  countColumn('prompts', 'Prompts', '6.5rem', 'prompts', (row) => row.prompts),
  countColumn('conversations', 'Conversations', '9rem', 'conversations', (row) => row.conversations),
  textColumn<QueryFanoutRow>('modelText', 'Models', 'minmax(7rem, 1fr)', 'models'),
  dayColumnOf('first-searched', 'First searched', 'firstSearched', (row) => row.firstSearched),
  dayColumnOf('last-searched', 'Last searched', 'lastSearched', (row) => row.lastSearched),
  textColumn<QueryFanoutRow>('pagesText', 'Pages cited', 'minmax(12rem, 2fr)', 'pages-cited'),
];

/** Each prompt's fan-out: its size, its branded queries, and the words its queries add and drop. */
export const PROMPT_FANOUT_COLUMNS: readonly GridColumn<PromptFanoutRow>[] = [
  textColumn<PromptFanoutRow>('prompt', 'Prompt', 'minmax(12rem, 2fr)'),
  countColumn('searched', 'Searched answers', '10rem', 'searchedAnswers', (row) => row.searchedAnswers),
  {
    id: 'mean-size',
    label: 'Queries per answer',
    width: '10.5rem',
    cell: (row) => (row.meanSize === null ? NO_VALUE : MEAN.format(row.meanSize)),
    sortBy: 'meanSize',
    numeric: true,
  },
  {
    id: 'range',
    label: 'Range',
    width: '6rem',
    cell: (row) => (row.minSize === null ? NO_VALUE : `${row.minSize}–${row.maxSize}`),
    sortBy: 'maxSize',
    numeric: true,
  },
  {
    id: 'brand-share',
    label: 'Naming a brand',
    width: '9rem',
    cell: (row) => (row.brandShare === null ? NO_VALUE : shareText(row.brandShare)),
    sortBy: 'brandShare',
    numeric: true,
  },
  textColumn<PromptFanoutRow>('addedText', 'Words added', 'minmax(10rem, 1.5fr)', 'added'),
  textColumn<PromptFanoutRow>('droppedText', 'Words dropped', 'minmax(9rem, 1fr)', 'dropped'),
];
