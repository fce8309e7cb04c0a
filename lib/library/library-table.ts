import type { LibraryAccount, LibraryConversation } from './library-record';

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

export type LibraryTableName = 'joined' | 'ads' | 'offers';

/** One table of the library: its columns, declared once, and the rows one conversation gives. */
export interface LibraryTable {
  readonly name: LibraryTableName;
  /** What one row is. */
  readonly grain: string;
  readonly columns: readonly TableColumn[];
  rowsOf(conversation: LibraryConversation): Iterable<TableRow>;
  /** The rows of what a data export says of the account, in no conversation; a table without them has none. */
  accountRowsOf?(account: LibraryAccount): Iterable<TableRow>;
}

/** A table whose rows are typed by its columns, so a row missing a column, or of another type, does not compile. */
export interface TypedLibraryTable<Columns extends readonly TableColumn[]> extends LibraryTable {
  readonly columns: Columns;
  rowsOf(conversation: LibraryConversation): Iterable<RowOf<Columns>>;
  accountRowsOf?(account: LibraryAccount): Iterable<RowOf<Columns>>;
}

export const libraryTable = <const Columns extends readonly TableColumn[]>(
  table: TypedLibraryTable<Columns>,
): TypedLibraryTable<Columns> => table;

/** A row of a typed table: what its file holds, and what the library page's tab of it shows. */
export type RowOfTable<Table> = Table extends TypedLibraryTable<infer Columns> ? RowOf<Columns> : never;
