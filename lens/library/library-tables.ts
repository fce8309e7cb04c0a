import { FEATURE_TABLES, type FeatureTable } from '@/features/index';
import type { LibraryTable } from '@/lib/library/library-table';
import { BRANDS_TABLE } from './brands-table';
import { JOINED_TABLE } from './joined-table';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { PROMPTS_TABLE } from './prompts-table';

/** A table of the library as its writers run it: over the whole kept records. */
export type LibraryRecordsTable = LibraryTable<LibraryTableName, LibraryConversation, LibraryAccount>;

/**
 * Every table of the library, one row each (export-format "Library tables"): the file writers, `inspect` and
 * the library page's downloads read this list. The joined table comes first: it is the main file. Then the
 * tables of one conversation's rows, and last those that sum conversations up, whose rows come at the end:
 * the features' (features/index.ts) beside the library's own, across features.
 */
export const LIBRARY_TABLES: readonly LibraryRecordsTable[] = [
  JOINED_TABLE,
  ...FEATURE_TABLES.filter((table) => !table.sumsUp),
  PROMPTS_TABLE,
  ...FEATURE_TABLES.filter((table) => table.sumsUp),
  BRANDS_TABLE,
];

/** The tables' names, as written where each table is declared. */
export type LibraryTableName = (
  | typeof JOINED_TABLE
  | typeof PROMPTS_TABLE
  | typeof BRANDS_TABLE
  | FeatureTable
)['name'];
