import type { TableRow } from './table-column';

/** A piece of a table's file: text (UTF-8 once written) for the text formats, bytes for Parquet. */
export type TableChunk = string | Uint8Array<ArrayBuffer>;

/**
 * Where a table's file goes, piece by piece: a file in Node, the parts of a Blob in a page. A write that
 * returns a promise holds the writer back until it resolves, so a slow disk slows the rows down instead of
 * filling memory.
 */
export interface TableSink {
  write(chunk: TableChunk): void | Promise<void>;
}

/**
 * A table's file being written (export-format "Library tables"): rows in batches, as they come (a
 * conversation's at a time), then `finish` once. The file is complete, and readable, only after `finish`.
 */
export interface TableWriter {
  rows(rows: Iterable<TableRow>): Promise<void>;
  finish(): Promise<void>;
}

export interface TableWriterOptions {
  /** Parquet: rows per row group; a group is encoded in memory, then handed to the sink. */
  rowGroupRows?: number;
}
