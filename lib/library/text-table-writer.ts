import { csvRecord } from '@/lib/export/csv-record';
import { isoTime } from '@/lib/export/iso-time';
import type { LibraryTable } from './library-table';
import { cellOf } from './table-cell';
import type { Cell, TableColumn, TableRow } from './table-column';
import type { TableSink, TableWriter } from './table-sink';

/** A text format of the tables: what the file starts with, and one row as text. */
interface TextEncoding {
  header(columns: readonly TableColumn[]): string;
  record(columns: readonly TableColumn[], row: TableRow): string;
}

/** A row's cell as its column's type holds it, with a time as ISO 8601 (UTC), as every text export writes times. */
function textCell(column: TableColumn, row: TableRow): Cell {
  const value = cellOf(column.type, row[column.name]);
  return column.type === 'timestamp' && typeof value === 'number' ? isoTime(value) : value;
}

/**
 * RFC 4180 through the exports' own csvRecord: true and false, null as an empty field. Fields are written as
 * they are, also when they start with = + - @ (export-format "CSV and spreadsheets: formula injection").
 */
const CSV: TextEncoding = {
  header: (columns) => csvRecord(columns.map((column) => column.name)),
  record: (columns, row) =>
    csvRecord(
      columns.map((column) => {
        const value = textCell(column, row);
        return value === null ? '' : String(value);
      }),
    ),
};

/** One JSON object a line, every column named, null kept. */
const JSON_LINES: TextEncoding = {
  header: () => '',
  record: (columns, row) =>
    `${JSON.stringify(Object.fromEntries(columns.map((column) => [column.name, textCell(column, row)])))}\n`,
};

/** Each batch of rows is one piece of text; the header goes with the first piece, or alone when no row came. */
function textTableWriter(encoding: TextEncoding, table: LibraryTable, sink: TableSink): TableWriter {
  let header: string | null = encoding.header(table.columns);
  const opening = (): string => {
    const text = header ?? '';
    header = null;
    return text;
  };
  return {
    rows: async (rows) => {
      let text = opening();
      for (const row of rows) text += encoding.record(table.columns, row);
      if (text !== '') await sink.write(text);
    },
    // Written even when empty, so that a table without rows still gets its file.
    finish: async () => {
      await sink.write(opening());
    },
  };
}

export const csvTableWriter = (table: LibraryTable, sink: TableSink): TableWriter =>
  textTableWriter(CSV, table, sink);

export const jsonLinesTableWriter = (table: LibraryTable, sink: TableSink): TableWriter =>
  textTableWriter(JSON_LINES, table, sink);
