import type { AdTableRow } from '@/lib/library/page-tables';
import { countText } from './number-text';
import { ConversationLink, DayCell, NO_VALUE, TextCell, UrlCell } from './TableCells';
import type { TableColumn } from './VirtualTable';

/** The Ads tab's columns: who advertised what, in which form, in which conversation and when. */
export const AD_COLUMNS: readonly TableColumn<AdTableRow>[] = [
  {
    id: 'advertiser',
    label: 'Advertiser',
    width: 'minmax(9rem, 1.5fr)',
    cell: (row) => <TextCell text={row.advertiser} />,
    sortBy: 'advertiser',
  },
  {
    id: 'title',
    label: 'Title',
    width: 'minmax(10rem, 2fr)',
    cell: (row) => <TextCell text={row.title} />,
    sortBy: 'title',
  },
  {
    id: 'link',
    label: 'Link',
    width: 'minmax(9rem, 1.5fr)',
    cell: (row) => <UrlCell url={row.link} />,
    sortBy: 'link',
  },
  {
    id: 'format',
    label: 'Format',
    width: 'minmax(7rem, 1fr)',
    cell: (row) => <TextCell text={row.format} />,
    sortBy: 'format',
  },
  {
    id: 'unit-type',
    label: 'Unit type',
    width: 'minmax(6rem, 1fr)',
    cell: (row) => <TextCell text={row.unitType} />,
    sortBy: 'unitType',
  },
  {
    id: 'cards',
    label: 'Cards',
    width: '4.5rem',
    cell: (row) => countText(row.cardCount),
    sortBy: 'cardCount',
    numeric: true,
  },
  {
    id: 'streamed',
    label: 'Streamed',
    width: '5.5rem',
    cell: (row) => (row.streamed ? 'Yes' : 'No'),
    sortBy: 'streamed',
  },
  {
    id: 'conversation',
    label: 'Conversation',
    width: 'minmax(9rem, 1.5fr)',
    cell: (row) => <ConversationLink url={row.conversationUrl} title={row.conversationTitle} />,
    sortBy: 'conversationTitle',
  },
  {
    id: 'turn',
    label: 'Turn',
    width: '4rem',
    cell: (row) => row.turnIndex ?? NO_VALUE,
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
