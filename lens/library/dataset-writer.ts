import type { LibraryTable, TableContext } from '@/lib/library/library-table';
import type { TableRow } from '@/lib/library/table-column';
import type { TableSink, TableWriter } from '@/lib/library/table-sink';
import { datasetFileName, monthOfFolder, monthOfRow, ownFile, partitionFolder } from './dataset-layout';
import type { LibraryAccount, LibraryConversation } from './library-record';
import type { LibraryTableName } from './library-tables';
import { createTableWriter } from './table-writer';

/** A file of the dataset being written: it reads under its name only once closed, complete. */
export interface DatasetFile extends TableSink {
  close(): Promise<void>;
}

/**
 * A member's folder the dataset is written into: a folder on disk (`inspect`), a folder the user picked or a
 * ZIP (the library page). Paths are the layout's, `/`-separated, relative to the folder.
 */
export interface DatasetFolder {
  /** A file at the path, its folders made when missing. */
  create(path: string): Promise<DatasetFile>;
  /** The names in a folder (files and folders), none when it does not exist. */
  list(path: string): Promise<string[]>;
  remove(path: string): Promise<void>;
}

/**
 * Rows per Parquet row group in the dataset: each month of each table holds a group in memory while it
 * fills, so groups are smaller than a single table file's.
 */
const DATASET_ROW_GROUP_ROWS = 2_000;

interface Partition {
  path: string;
  writer: TableWriter;
  file: Promise<DatasetFile>;
}

/** One table's months as its rows come, a file opened for a month at its first row. */
function tableParts(
  folder: DatasetFolder,
  table: LibraryTable<LibraryTableName, LibraryConversation, LibraryAccount>,
  context: TableContext,
  runAt: Date,
) {
  const run = table.run(context);
  const partitions = new Map<string, Partition>();
  const fileName = datasetFileName(table.name, runAt);
  const partitionOf = (month: string): Partition => {
    const known = partitions.get(month);
    if (known !== undefined) return known;
    const path = `${partitionFolder(table.name, month)}/${fileName}`;
    const file = folder.create(path);
    const sink: TableSink = { write: async (chunk) => (await file).write(chunk) };
    const partition = {
      path,
      file,
      writer: createTableWriter('parquet', table, sink, { rowGroupRows: DATASET_ROW_GROUP_ROWS }),
    };
    partitions.set(month, partition);
    return partition;
  };
  const write = async (rows: Iterable<TableRow>): Promise<void> => {
    const byMonth = new Map<string, TableRow[]>();
    for (const row of rows) {
      const month = monthOfRow(table, row);
      const same = byMonth.get(month);
      if (same === undefined) byMonth.set(month, [row]);
      else same.push(row);
    }
    for (const [month, monthRows] of byMonth) await partitionOf(month).writer.rows(monthRows);
  };
  return {
    table,
    fileName,
    conversation: (conversation: LibraryConversation) => write(run.rowsOf(conversation)),
    close: async (account: LibraryAccount | null): Promise<string[]> => {
      await write(run.closingRows(account));
      for (const { writer, file } of partitions.values()) {
        await writer.finish();
        await (await file).close();
      }
      return [...partitions.values()].map((partition) => partition.path);
    },
  };
}

/** Removes the files an earlier run wrote of a table, in every month, keeping this run's and the user's own. */
async function removeEarlierRuns(
  folder: DatasetFolder,
  table: LibraryTable<LibraryTableName, LibraryConversation, LibraryAccount>,
  keep: string,
): Promise<void> {
  for (const month of await folder.list(table.name)) {
    if (monthOfFolder(month) === null) continue;
    const monthPath = `${table.name}/${month}`;
    for (const name of await folder.list(monthPath))
      if (name !== keep && ownFile(name)?.table === table.name) await folder.remove(`${monthPath}/${name}`);
  }
}

export interface DatasetWriter {
  conversation(conversation: LibraryConversation): Promise<void>;
  /** Writes the closing rows, completes every file, then removes the earlier run's; gives the paths written. */
  end(account: LibraryAccount | null): Promise<string[]>;
}

/**
 * Every table as a Hive-partitioned dataset (export-format "Team dataset"): rows are written as they come,
 * one Parquet writer per table and month, so memory holds a row group per month whatever the library's size.
 * A run's files replace the previous run's only once all of them are complete.
 */
export function datasetWriter(
  folder: DatasetFolder,
  tables: readonly LibraryTable<LibraryTableName, LibraryConversation, LibraryAccount>[],
  context: TableContext,
  runAt: Date,
): DatasetWriter {
  const parts = tables.map((table) => tableParts(folder, table, context, runAt));
  return {
    conversation: async (conversation) => {
      for (const part of parts) await part.conversation(conversation);
    },
    end: async (account) => {
      const written: string[] = [];
      for (const part of parts) written.push(...(await part.close(account)));
      for (const part of parts) await removeEarlierRuns(folder, part.table, part.fileName);
      return written;
    },
  };
}

/** Every conversation's rows, then the closing rows, into a folder: the library page's dataset, at once. */
export async function writeDataset(
  folder: DatasetFolder,
  conversations: Iterable<LibraryConversation> | AsyncIterable<LibraryConversation>,
  account: LibraryAccount | null,
  context: TableContext,
  runAt: Date,
  tables: readonly LibraryTable<LibraryTableName, LibraryConversation, LibraryAccount>[],
): Promise<string[]> {
  const writer = datasetWriter(folder, tables, context, runAt);
  for await (const conversation of conversations) await writer.conversation(conversation);
  return writer.end(account);
}
