import type { BrandSettings } from './brand-settings';
import type { KeptAccount, KeptConversation } from './kept-record';
import type { RowOf, TableColumn, TableRow } from './table-column';

/** What rows are worked out from beside the conversations: the user's brands, where the library has them. */
export interface TableContext {
  brands: BrandSettings | null;
}

/**
 * A table's rows as the conversations are read one at a time (a writer holds one conversation at once): the
 * rows of each, then those that close the table, once every conversation was given.
 */
export interface TableRun<Conversation, Account> {
  rowsOf(conversation: Conversation): Iterable<TableRow>;
  closingRows(account: Account | null): Iterable<TableRow>;
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
 * so the names of the tables are read from `LIBRARY_TABLES` (lens/library/library-tables.ts) and nowhere
 * listed again. `Conversation` and `Account` are as much of the kept records as it reads (kept-record.ts and
 * its feature's members); a table whatever it reads is a `LibraryTable` of `never`, whose rows are not asked.
 */
export interface LibraryTable<Name extends string = string, Conversation = never, Account = never> {
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
  run(context: TableContext): TableRun<Conversation, Account>;
}

/** A table whose rows each come from one conversation, or from the account's record. */
export interface ConversationTable<
  Columns extends readonly TableColumn[],
  Name extends string = string,
  Conversation = KeptConversation,
  Account = KeptAccount,
> {
  readonly name: Name;
  readonly grain: string;
  readonly columns: Columns;
  readonly dataset: TableDataset<TimeColumnOf<Columns>>;
  rowsOf(conversation: Conversation): Iterable<RowOf<Columns>>;
  /** The rows of what a data export says of the account, in no conversation; a table without them has none. */
  accountRowsOf?(account: Account): Iterable<RowOf<Columns>>;
}

/** A table of one conversation's rows, so a row missing a column, or of another type, does not compile. */
export type TypedLibraryTable<
  Columns extends readonly TableColumn[],
  Name extends string = string,
  Conversation = KeptConversation,
  Account = KeptAccount,
> = ConversationTable<Columns, Name, Conversation, Account> & LibraryTable<Name, Conversation, Account>;

export const libraryTable = <
  const Columns extends readonly TableColumn[],
  const Name extends string,
  Conversation = KeptConversation,
  Account = KeptAccount,
>(
  table: ConversationTable<Columns, Name, Conversation, Account>,
): TypedLibraryTable<Columns, Name, Conversation, Account> => ({
  ...table,
  sumsUp: false,
  run: () => ({
    rowsOf: (conversation) => table.rowsOf(conversation),
    closingRows: (account) =>
      account === null || table.accountRowsOf === undefined ? [] : table.accountRowsOf(account),
  }),
});

/** What a table across conversations gathers from each, and its rows once all were given. */
export interface Gathering<Columns extends readonly TableColumn[], Conversation, Account> {
  add(conversation: Conversation): void;
  /** Its rows, given the account's record where the library has one (its ad history). */
  rows(account: Account | null): Iterable<RowOf<Columns>>;
}

/** A table whose rows each sum up several conversations: they all come at the end. */
export const summaryTable = <
  const Columns extends readonly TableColumn[],
  const Name extends string,
  Conversation = KeptConversation,
  Account = KeptAccount,
>(table: {
  readonly name: Name;
  readonly grain: string;
  readonly columns: Columns;
  readonly dataset: TableDataset<TimeColumnOf<Columns>>;
  gather(context: TableContext): Gathering<Columns, Conversation, Account>;
}): LibraryTable<Name, Conversation, Account> & { readonly columns: Columns } => ({
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
export function* tableRows<Conversation, Account>(
  table: LibraryTable<string, Conversation, Account>,
  conversations: Iterable<Conversation>,
  account: Account | null,
  context: TableContext,
): Generator<TableRow> {
  const run = table.run(context);
  for (const conversation of conversations) yield* run.rowsOf(conversation);
  yield* run.closingRows(account);
}
