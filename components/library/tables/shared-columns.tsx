import { ConversationLink, DayCell, TextCell } from '@/components/library/shared/TableCells';
import type { GridColumn } from '@/components/library/shared/VirtualTable';
import type { ConversationColumns } from '@/lens/library/grids';

/** The members of a row whose value is text, or nothing. */
type TextKey<Row> = { [Key in keyof Row & string]: Row[Key] extends string | null ? Key : never }[keyof Row &
  string];

/** A column of a row's text, sorted by it. */
export function textColumn<Row>(
  key: TextKey<Row>,
  label: string,
  width: string,
  id: string = key,
): GridColumn<Row> {
  return { id, label, width, cell: (row) => <TextCell text={row[key] as string | null} />, sortBy: key };
}

/** The conversation a row comes from, as a link back to it on chatgpt.com. */
export function conversationColumn<Row extends ConversationColumns>(
  width = 'minmax(9rem, 1.5fr)',
): GridColumn<Row> {
  return {
    id: 'conversation',
    label: 'Conversation',
    width,
    cell: (row) => <ConversationLink url={row.conversation_url} title={row.conversation_title} />,
    sortBy: 'conversation_title',
  };
}

/** The day a row's turn was asked, newest first on the first click. */
export function dayColumn<Row extends { at: number | null }>(): GridColumn<Row> {
  return {
    id: 'at',
    label: 'Date',
    width: '6.5rem',
    cell: (row) => <DayCell at={row.at} />,
    sortBy: 'at',
    numeric: true,
  };
}
