import { type CSSProperties, type JSX, memo, type ReactNode } from 'react';
import { useFixedVirtualWindow } from '@/components/views/use-virtual-window';
import { ariaSortOf, nextSort, type TableSort } from './table-sort';
import './virtual-table.css';

export interface GridColumn<Row> {
  id: string;
  label: string;
  /** Its CSS grid track: "minmax(12rem, 2fr)", "6rem". */
  width: string;
  cell: (row: Row) => ReactNode;
  /** The row member it sorts by; a column without one is not sortable. */
  sortBy?: keyof Row & string;
  /** Sorts largest first on the first click (numbers, dates). */
  numeric?: boolean;
}

/** Every row is one line: a fixed height, so no row is measured. */
const ROW_PX = 36;

const SORT_MARK = { ascending: '▲', descending: '▼' } as const;

function HeaderCell<Row>({
  column,
  sort,
  onSort,
}: {
  column: GridColumn<Row>;
  sort: TableSort | null;
  onSort: (sort: TableSort) => void;
}): JSX.Element {
  const direction = ariaSortOf(sort, column.id);
  return (
    <th
      scope="col"
      className={`vtable__cell vtable__cell--head${column.numeric ? ' vtable__cell--numeric' : ''}`}
      aria-sort={direction}
    >
      {column.sortBy === undefined ? (
        column.label
      ) : (
        <button
          type="button"
          className="vtable__sort"
          onClick={() => onSort(nextSort(sort, column.id, column.numeric ?? false))}
        >
          {column.label}
          <span className="vtable__sort-mark" aria-hidden="true">
            {direction === undefined ? '' : SORT_MARK[direction]}
          </span>
        </button>
      )}
    </th>
  );
}

/**
 * A table of any length that renders only the rows on screen (components/views/use-virtual-window.ts): the
 * header stays on top and sorts by its buttons, every row says its place in the whole table for screen
 * readers, which see only the rendered ones. Rows are laid out as grids, absolutely placed, since a table's
 * own layout cannot leave out rows; the elements stay a table's, so its semantics hold. The frame scrolls
 * both ways, so narrow windows keep every column.
 *
 * A row's elements are kept by its place in the table, not by what it shows: rows hold nothing of their own
 * (text and links), so a filter or an order that changes the rows updates the text of the few dozen shown
 * rather than making them all again. Memoized: given the same rows and callbacks (TableTab keeps them), a
 * keystroke in a filter does not render the rows until the filter's rows change.
 */
export const VirtualTable = memo(VirtualTableOf) as typeof VirtualTableOf;

function VirtualTableOf<Row>({
  label,
  columns,
  rows,
  sort,
  onSort,
  minWidth,
}: {
  label: string;
  columns: readonly GridColumn<Row>[];
  rows: readonly Row[];
  sort: TableSort | null;
  onSort: (sort: TableSort) => void;
  /** Below this width the frame scrolls sideways rather than squeeze the columns. */
  minWidth: string;
}): JSX.Element {
  const { frame, total, start, end, onScroll } = useFixedVirtualWindow<HTMLElement>(rows.length, ROW_PX);
  const grid: CSSProperties = { gridTemplateColumns: columns.map((column) => column.width).join(' ') };
  const shown: JSX.Element[] = [];
  for (let index = start; index < end; index += 1) {
    const row = rows[index] as Row;
    shown.push(
      <tr
        key={index}
        className="vtable__row"
        aria-rowindex={index + 2}
        style={{ ...grid, top: index * ROW_PX, height: ROW_PX }}
      >
        {columns.map((column) => (
          <td key={column.id} className={`vtable__cell${column.numeric ? ' vtable__cell--numeric' : ''}`}>
            {column.cell(row)}
          </td>
        ))}
      </tr>,
    );
  }
  return (
    <section
      ref={frame}
      className="vtable"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      onScroll={onScroll}
    >
      <table aria-label={label} aria-rowcount={rows.length + 1} style={{ minWidth }}>
        <thead className="vtable__head">
          <tr className="vtable__row vtable__row--head" aria-rowindex={1} style={grid}>
            {columns.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody className="vtable__body" style={{ height: total }}>
          {shown}
        </tbody>
      </table>
    </section>
  );
}
