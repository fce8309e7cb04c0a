import { type JSX, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import { ofText } from '@/components/library/shared/number-text';
import type { TableSort } from '@/components/library/shared/table-sort';
import { type GridColumn, VirtualTable } from '@/components/library/shared/VirtualTable';
import { type LibraryFilter, type LibraryGrids, NO_FILTER, sortRows } from '@/lens/library/grids';
import { TableFilters } from './TableFilters';
import type { TableChoice, TableChoiceProps } from './table-choices';

/** What a table tab is given: the tables of the records read, and its choice. */
interface TablePanelProps extends TableChoiceProps {
  tables: LibraryGrids;
}

/** A tab of one table: its id, its label, and its panel, told once what it shows. */
export interface TableTabEntry<Id extends string> {
  id: Id;
  label: string;
  Panel: (props: TablePanelProps) => JSX.Element;
}

/**
 * A tab of one table. Its `rowsOf` is made here, once, so a table's rows are worked out again only when the
 * filter or the records change.
 */
export function tableTab<const Id extends string, Row extends { key: string }>(
  spec: Omit<TableTabProps<Row>, keyof TablePanelProps | 'table'> & { table: Id },
): TableTabEntry<Id> {
  return { id: spec.table, label: spec.label, Panel: (props) => <TableTab {...props} {...spec} /> };
}

export interface TableTabProps<Row> extends TableChoiceProps {
  /** Its id, which the tab and its choice go by. */
  table: string;
  /** The table's name for screen readers: "Queries". */
  label: string;
  columns: readonly GridColumn<Row>[];
  rowsOf: (tables: LibraryGrids, filter: LibraryFilter) => Row[];
  tables: LibraryGrids;
  textHint: string;
  /** What the rows are, counted: ["query", "queries"]. */
  noun: readonly [one: string, many: string];
  /** What an empty library table says. */
  empty: string;
  minWidth: string;
  /** What the rows the filters keep add up to, under them; a table without it has none. */
  Summary?: (props: { rows: readonly Row[] }) => JSX.Element;
}

/** The rows a filter keeps, in the order chosen (the table's own when none is). */
export function shownRows<Row>(
  rows: Row[],
  columns: readonly GridColumn<Row>[],
  sort: { column: string; direction: 'ascending' | 'descending' } | null,
): Row[] {
  const by = sort === null ? undefined : columns.find((column) => column.id === sort.column)?.sortBy;
  return sort === null || by === undefined ? rows : sortRows(rows, by, sort.direction);
}

/**
 * One table of the library (Queries, Pages, Ads, Offers): its filters, how many rows they keep, and the
 * rows, sorted by a header's button. The filter is read deferred, so typing stays quick over 100,000 rows:
 * a keystroke renders the filters at once and the rows once they are filtered, the rows' table being given
 * the same callbacks throughout, so only their change renders it again.
 */
export function TableTab<Row extends { key: string }>({
  table,
  label,
  columns,
  rowsOf,
  tables,
  textHint,
  noun,
  empty,
  minWidth,
  Summary,
  choice,
  onChoice,
}: TableTabProps<Row>): JSX.Element {
  const filter = useDeferredValue(choice.filter);
  const total = useMemo(() => rowsOf(tables, NO_FILTER).length, [rowsOf, tables]);
  const kept = useMemo(
    () => rowsOf(tables, { ...filter, text: filter.text.trim() }),
    [rowsOf, tables, filter],
  );
  const rows = useMemo(() => shownRows(kept, columns, choice.sort), [kept, columns, choice.sort]);
  // A header's press changes the order of the choice as it is when pressed.
  const latest = useRef<{ choice: TableChoice; onChoice: (choice: TableChoice) => void }>({
    choice,
    onChoice,
  });
  useLayoutEffect(() => {
    latest.current = { choice, onChoice };
  });
  const onSort = useCallback(
    (sort: TableSort) => latest.current.onChoice({ ...latest.current.choice, sort }),
    [],
  );
  if (total === 0) return <p className="library-section__empty">{empty}</p>;
  return (
    <div className="table-tab" data-table={table}>
      <TableFilters
        filter={choice.filter}
        onChange={(patch) => onChoice({ ...choice, filter: { ...choice.filter, ...patch } })}
        tables={tables}
        textHint={textHint}
      />
      <p className="table-tab__count">
        <output aria-live="polite" data-testid={`${table}-count`}>
          {ofText(rows.length, total)} {total === 1 ? noun[0] : noun[1]}
        </output>
      </p>
      {rows.length === 0 ? (
        <p className="library-section__empty">No {noun[0]} matches these filters.</p>
      ) : (
        <>
          <VirtualTable
            label={label}
            columns={columns}
            rows={rows}
            sort={choice.sort}
            onSort={onSort}
            minWidth={minWidth}
          />
          {Summary !== undefined && <Summary rows={kept} />}
        </>
      )}
    </div>
  );
}
