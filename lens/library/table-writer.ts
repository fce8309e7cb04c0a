import type { LibraryTable } from '@/lib/library/library-table';
import type { TableFormat } from '@/lib/library/table-formats';
import type { TableSink, TableWriter, TableWriterOptions } from '@/lib/library/table-sink';
import { csvTableWriter, jsonLinesTableWriter } from '@/lib/library/text-table-writer';
import { parquetTableWriter } from './parquet-table-writer';

type WriterFactory = (table: LibraryTable, sink: TableSink, options: TableWriterOptions) => TableWriter;

/** The writer of every format of table-formats.ts, typed by it: a format without a writer does not compile. */
const TABLE_WRITERS: { readonly [Format in TableFormat]: WriterFactory } = {
  'library-csv': csvTableWriter,
  'library-jsonl': jsonLinesTableWriter,
  parquet: parquetTableWriter,
};

/** A writer of one table's file in a format, handing its pieces to the sink as they are ready. */
export const createTableWriter = (
  format: TableFormat,
  table: LibraryTable,
  sink: TableSink,
  options: TableWriterOptions = {},
): TableWriter => TABLE_WRITERS[format](table, sink, options);
