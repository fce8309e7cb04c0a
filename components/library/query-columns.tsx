import type { QueryTableRow } from '@/lib/library/page-tables';
import { ConversationLink, DayCell, TextCell } from './TableCells';
import type { TableColumn } from './VirtualTable';

/** The Queries tab's columns: what was searched, for which prompt, where and when. */
export const QUERY_COLUMNS: readonly TableColumn<QueryTableRow>[] = [
  {
    id: 'query',
    label: 'Query',
    width: 'minmax(12rem, 3fr)',
    cell: (row) => <TextCell text={row.query} />,
    sortBy: 'query',
  },
  { id: 'kind', label: 'Kind', width: '5.5rem', cell: (row) => row.kind, sortBy: 'kind' },
  {
    id: 'prompt',
    label: 'Prompt',
    width: 'minmax(10rem, 2fr)',
    cell: (row) => <TextCell text={row.prompt} />,
    sortBy: 'prompt',
  },
  {
    id: 'conversation',
    label: 'Conversation',
    width: 'minmax(9rem, 2fr)',
    cell: (row) => <ConversationLink url={row.conversationUrl} title={row.conversationTitle} />,
    sortBy: 'conversationTitle',
  },
  {
    id: 'turn',
    label: 'Turn',
    width: '4rem',
    cell: (row) => row.turnIndex,
    sortBy: 'turnIndex',
    numeric: true,
  },
  {
    id: 'at',
    label: 'Date',
    width: '6.5rem',
    cell: (row) => <DayCell at={row.at} />,
    sortBy: 'at',
    numeric: true,
  },
  {
    id: 'model',
    label: 'Model',
    width: 'minmax(6rem, 1fr)',
    cell: (row) => <TextCell text={row.model} />,
    sortBy: 'model',
  },
];
