/*
 * A library table's columns and rows (export-format "Library tables"), apart from the tables themselves so
 * that a feature declares its columns (features/feature.ts) without reaching the kept record.
 */

/**
 * A column's type, as every file format of the tables writes it (export-format "Library tables"): text,
 * a whole number, a number, true or false, or a time (epoch milliseconds here, ISO 8601 or a Parquet
 * timestamp in the files).
 */
export type ColumnType = 'string' | 'integer' | 'number' | 'boolean' | 'timestamp';

export interface TableColumn {
  /** snake_case, as SQL and data frames read it without quoting. */
  name: string;
  type: ColumnType;
  /** What it holds, in the words of export-format "Library tables". */
  meaning: string;
}

/** One value of a row: null where it is unknown or does not apply (an empty field of a CSV). */
export type Cell = string | number | boolean | null;

/** One row, keyed by column name. */
export type TableRow = Readonly<Record<string, Cell>>;

/** The cell a column of a type holds. */
export type CellOf<Type extends ColumnType> = Type extends 'string'
  ? string | null
  : Type extends 'boolean'
    ? boolean | null
    : number | null;

/** A row of exactly the given columns, each of its type. */
export type RowOf<Columns extends readonly TableColumn[]> = {
  readonly [Column in Columns[number] as Column['name']]: CellOf<Column['type']>;
};

/** How a list is written into one text cell of a table file (export-format "Library tables"). */
export const LIST_SEPARATOR = ' | ';

/** A list as one text cell: its items joined with LIST_SEPARATOR; null for none. */
export const listCell = (items: readonly string[]): string | null =>
  items.length === 0 ? null : items.join(LIST_SEPARATOR);
