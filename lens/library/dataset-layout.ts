import type { LibraryTable } from '@/lib/library/library-table';
import type { TableRow } from '@/lib/library/table-column';
import { LIBRARY_TABLES, type LibraryTableName } from './library-tables';

/**
 * The team dataset's layout (export-format "Team dataset"): `<table>/month=YYYY-MM/<file>.parquet` under a
 * member's folder, the same whether `inspect` writes it or the library page does.
 */

/** The Parquet key-value metadata key that names a file's schema version. */
export const SCHEMA_KEY = 'chat_lens.schema';

/** The value of SCHEMA_KEY: `chat-lens/ads@2`. */
export const schemaName = (table: LibraryTable): string => `chat-lens/${table.name}@${table.dataset.version}`;

/** The partition of a row with no date: the name Hive, Spark and DuckDB read back as a null month. */
export const NO_MONTH = '__HIVE_DEFAULT_PARTITION__';

/** The month a row falls in, `YYYY-MM` in UTC, from the first of its table's month columns that holds a time. */
export function monthOfRow(table: LibraryTable, row: TableRow): string {
  for (const column of table.dataset.monthFrom) {
    const at = row[column];
    if (typeof at !== 'number' || !Number.isFinite(at)) continue;
    const date = new Date(at);
    if (Number.isNaN(date.getTime())) continue;
    return date.toISOString().slice(0, 7);
  }
  return NO_MONTH;
}

/** A partition's folder: `ads/month=2026-03`. */
export const partitionFolder = (table: LibraryTableName, month: string): string => `${table}/month=${month}`;

/** The run's time as a file name holds it: `20261120T120000Z`. */
export const runStamp = (runAt: Date): string =>
  runAt
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** The name of a table's file of one run, the same in each of its months: `chat-lens-ads-20261120T120000Z.parquet`. */
export const datasetFileName = (table: LibraryTableName, runAt: Date): string =>
  `chat-lens-${table}-${runStamp(runAt)}.parquet`;

/**
 * A file being written: hidden (a leading dot, which Hive, Spark and DuckDB's globs pass over) and not
 * ending in `.parquet`, until it is complete and renamed to its name.
 */
export const partialFileName = (fileName: string): string => `.${fileName}.partial`;

/** A name `datasetFileName` gives, of any table of `LIBRARY_TABLES`, or its partial file's. */
const OWN_FILE = new RegExp(
  `^(\\.)?chat-lens-(${LIBRARY_TABLES.map((table) => table.name).join('|')})-\\d{8}T\\d{6}Z\\.parquet(\\.partial)?$`,
);

/** What Chat Lens wrote under a name: a complete file of a table, a partial one, or neither (a file of the user's). */
export function ownFile(fileName: string): { table: LibraryTableName; partial: boolean } | null {
  const match = OWN_FILE.exec(fileName);
  if (match === null) return null;
  const partial = match[1] !== undefined;
  if (partial !== (match[3] !== undefined)) return null;
  return { table: match[2] as LibraryTableName, partial };
}

const MONTH_FOLDER = /^month=(\d{4}-\d{2}|__HIVE_DEFAULT_PARTITION__)$/;

/** The month a partition's folder names, or null for a folder outside the layout. */
export const monthOfFolder = (folderName: string): string | null =>
  MONTH_FOLDER.exec(folderName)?.[1] ?? null;
