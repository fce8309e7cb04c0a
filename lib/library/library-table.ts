import type { BrandSettings } from './brand-settings';
import type { LibraryAccount, LibraryConversation } from './library-record';
import type { RowOf, TableColumn, TableRow } from './table-column';

/** What rows are worked out from beside the conversations: the user's brands, where the library has them. */
export interface TableContext {
  brands: BrandSettings | null;
}

/**
 * A table's rows as the conversations are read one at a time (a writer holds one conversation at once): the
 * rows of each, then those that close the table, once every conversation was given.
 */
export interface TableRun {
  rowsOf(conversation: LibraryConversation): Iterable<TableRow>;
  closingRows(account: LibraryAccount | null): Iterable<TableRow>;
}

/**
 * How a table lies in the team dataset (export-format "Team dataset"): the version of its columns, raised
 * whenever columns are added at their end, and the time columns a row's month is read from, the first that
 * is not null.
 */
export interface TableDataset<TimeColumn extends string = string> {
  readonly version: number;
  readonly monthFrom: readonly TimeColumn[];
}

/** The names of a table's time columns: what a row's month can be read from. */
type TimeColumnOf<Columns extends readonly TableColumn[]> = Extract<
  Columns[number],
  { type: 'timestamp' }
>['name'];

/**
 * One table of the library: its columns, declared once, and how its rows come. Its name is kept as written,
 * so the names of the tables are read from `LIBRARY_TABLES` (library-tables.ts) and nowhere listed again.
 */
export interface LibraryTable<Name extends string = string> {
  readonly name: Name;
  /** What one row is. */
  readonly grain: string;
  readonly columns: readonly TableColumn[];
  readonly dataset: TableDataset;
  /**
   * Its rows sum up conversations, so a run holds what it gathered of each until the last: a writer that
   * promises to hold one conversation at a time (an archive) leaves it out.
   */
  readonly sumsUp: boolean;
  run(context: TableContext): TableRun;
}

/** A table whose rows each come from one conversation, or from the account's record. */
export interface ConversationTable<Columns extends readonly TableColumn[], Name extends string = string> {
  readonly name: Name;
  readonly grain: string;
  readonly columns: Columns;
  readonly dataset: TableDataset<TimeColumnOf<Columns>>;
  rowsOf(conversation: LibraryConversation): Iterable<RowOf<Columns>>;
  /** The rows of what a data export says of the account, in no conversation; a table without them has none. */
  accountRowsOf?(account: LibraryAccount): Iterable<RowOf<Columns>>;
}

/** A table of one conversation's rows, so a row missing a column, or of another type, does not compile. */
export type TypedLibraryTable<
  Columns extends readonly TableColumn[],
  Name extends string = string,
> = ConversationTable<Columns, Name> & LibraryTable<Name>;

export const libraryTable = <const Columns extends readonly TableColumn[], const Name extends string>(
  table: ConversationTable<Columns, Name>,
): TypedLibraryTable<Columns, Name> => ({
  ...table,
  sumsUp: false,
  run: () => ({
    rowsOf: (conversation) => table.rowsOf(conversation),
    closingRows: (account) =>
      account === null || table.accountRowsOf === undefined ? [] : table.accountRowsOf(account),
  }),
});

/** What a table across conversations gathers from each, and its rows once all were given. */
export interface Gathering<Columns extends readonly TableColumn[]> {
  add(conversation: LibraryConversation): void;
  /** Its rows, given the account's record where the library has one (its ad history). */
  rows(account: LibraryAccount | null): Iterable<RowOf<Columns>>;
}

/** A table whose rows each sum up several conversations: they all come at the end. */
export const summaryTable = <const Columns extends readonly TableColumn[], const Name extends string>(table: {
  readonly name: Name;
  readonly grain: string;
  readonly columns: Columns;
  readonly dataset: TableDataset<TimeColumnOf<Columns>>;
  gather(context: TableContext): Gathering<Columns>;
}): LibraryTable<Name> & { readonly columns: Columns } => ({
  name: table.name,
  grain: table.grain,
  columns: table.columns,
  dataset: table.dataset,
  sumsUp: true,
  run: (context) => {
    const gathering = table.gather(context);
    return {
      rowsOf: (conversation) => {
        gathering.add(conversation);
        return [];
      },
      closingRows: (account) => gathering.rows(account),
    };
  },
});

/** A row of a typed table: what its file holds, and what the library page's tab of it shows. */
export type RowOfTable<Table> = Table extends {
  readonly columns: infer Columns extends readonly TableColumn[];
}
  ? RowOf<Columns>
  : never;

/** Every row of a table over conversations held at once, then its closing rows. */
export function* tableRows(
  table: LibraryTable,
  conversations: Iterable<LibraryConversation>,
  account: LibraryAccount | null,
  context: TableContext,
): Generator<TableRow> {
  const run = table.run(context);
  for (const conversation of conversations) yield* run.rowsOf(conversation);
  yield* run.closingRows(account);
}
