import { countText } from '@/components/library/shared/number-text';
import { DayCell, UrlCell } from '@/components/library/shared/TableCells';
import type { GridColumn } from '@/components/library/shared/VirtualTable';
import { textColumn } from '@/components/library/tables/shared-columns';
import { tableTab } from '@/components/library/tables/TableTab';
import { ExternalLink } from '@/components/views/ExternalLink';
import type { PageGridRow } from './pages-grid';

/** The Pages tab's columns: each page, how often answers retrieved and cited it, and where it was last. */
export const PAGE_COLUMNS: readonly GridColumn<PageGridRow>[] = [
  {
    id: 'page',
    label: 'Page',
    width: 'minmax(14rem, 3fr)',
    cell: (row) => <UrlCell url={row.url} text={row.title} />,
    sortBy: 'title',
  },
  textColumn<PageGridRow>('domain', 'Domain', 'minmax(8rem, 1.2fr)'),
  {
    id: 'cited',
    label: 'Cited',
    width: '5rem',
    cell: (row) => countText(row.cited),
    sortBy: 'cited',
    numeric: true,
  },
  {
    id: 'retrieved',
    label: 'Retrieved',
    width: '6.5rem',
    cell: (row) => countText(row.retrieved),
    sortBy: 'retrieved',
    numeric: true,
  },
  {
    id: 'citations',
    label: 'Citations',
    width: '6.5rem',
    cell: (row) => countText(row.citations),
    sortBy: 'citations',
    numeric: true,
  },
  {
    id: 'conversations',
    label: 'Conversations',
    width: '8rem',
    cell: (row) => countText(row.conversations),
    sortBy: 'conversations',
    numeric: true,
  },
  {
    id: 'first-seen',
    label: 'First seen',
    width: '6.5rem',
    cell: (row) => <DayCell at={row.firstSeen} />,
    sortBy: 'firstSeen',
    numeric: true,
  },
  {
    id: 'last-seen',
    label: 'Last seen',
    width: '6.5rem',
    cell: (row) => <DayCell at={row.lastSeen} />,
    sortBy: 'lastSeen',
    numeric: true,
  },
  {
    id: 'last-conversation',
    label: 'Last seen in',
    width: '7rem',
    cell: (row) => (
      <ExternalLink href={row.lastConversationUrl}>
        Conversation<span className="visually-hidden"> that last showed {row.title ?? row.url}</span>
      </ExternalLink>
    ),
  },
];

/** The library page's Pages tab: every page the searches retrieved or the answers cited, added up over the turns. */
export const PAGES_TAB = tableTab({
  table: 'pages',
  label: 'Pages',
  columns: PAGE_COLUMNS,
  rowsOf: (tables, filter) => tables.pages(filter),
  textHint: "Words in a page's title, address or domain",
  noun: ['page', 'pages'],
  empty: 'No search in the library returned a page yet.',
  minWidth: '70rem',
});
