/**
 * The file formats the library's tables are written in, one row each (export-format "Library tables"). The
 * writers are in table-writer.ts, typed by this list; they are kept apart so that a page which only names a
 * format (a menu) does not load the Parquet writer. They sit beside the export formats of
 * lens/export/formats.ts, not among them: those write one conversation's inspection, these the rows of many
 * kept conversations, in three files.
 */
export const TABLE_FORMATS = [
  {
    id: 'library-csv',
    label: 'CSV',
    extension: 'csv',
    mimeType: 'text/csv;charset=utf-8',
    binary: false,
  },
  {
    id: 'library-jsonl',
    label: 'JSON Lines',
    extension: 'jsonl',
    mimeType: 'application/jsonl;charset=utf-8',
    binary: false,
  },
  {
    id: 'parquet',
    label: 'Parquet',
    extension: 'parquet',
    mimeType: 'application/vnd.apache.parquet',
    binary: true,
  },
] as const satisfies readonly TableFormatInfo[];

export interface TableFormatInfo {
  /** The name `inspect --format` uses. */
  id: string;
  label: string;
  /** The file's extension, without its dot. */
  extension: string;
  mimeType: string;
  /** Bytes rather than UTF-8 text: never printed to a terminal. */
  binary: boolean;
}

export type TableFormat = (typeof TABLE_FORMATS)[number]['id'];

export const TABLE_FORMAT_IDS: readonly TableFormat[] = TABLE_FORMATS.map((format) => format.id);

export const isTableFormat = (value: string): value is TableFormat =>
  (TABLE_FORMAT_IDS as readonly string[]).includes(value);

export function tableFormatInfo(format: TableFormat): TableFormatInfo {
  return TABLE_FORMATS.find((entry) => entry.id === format) ?? TABLE_FORMATS[0];
}
