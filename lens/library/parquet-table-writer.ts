import { type ColumnSource, ParquetWriter, type SchemaElement } from 'hyparquet-writer';
import type { LibraryTable } from '@/lib/library/library-table';
import { SinkByteWriter } from '@/lib/library/sink-byte-writer';
import { cellOf } from '@/lib/library/table-cell';
import type { ColumnType, TableRow } from '@/lib/library/table-column';
import type { TableSink, TableWriter, TableWriterOptions } from '@/lib/library/table-sink';
import { SCHEMA_KEY, schemaName } from './dataset-layout';

/**
 * A row group's size: big enough for a reader to scan a group at a time, small enough that a group's rows
 * and their encoding stay some megabytes in memory. Its text counts too, since a long prompt is repeated on
 * every row of its turn.
 */
const ROW_GROUP_ROWS = 10_000;
const ROW_GROUP_TEXT = 8_000_000;

/** The characters of a row's text, roughly what it costs to hold and encode. */
function textLength(row: TableRow): number {
  let length = 0;
  for (const value of Object.values(row)) if (typeof value === 'string') length += value.length;
  return length;
}

/** Each column type's Parquet type (export-format "Library tables"); every column is OPTIONAL: null is allowed. */
const PARQUET_TYPES: { readonly [Type in ColumnType]: Pick<SchemaElement, 'type' | 'converted_type'> } = {
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  integer: { type: 'INT64' },
  number: { type: 'DOUBLE' },
  boolean: { type: 'BOOLEAN' },
  timestamp: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' },
};

const schemaOf = (table: LibraryTable): SchemaElement[] => [
  { name: 'root', num_children: table.columns.length },
  ...table.columns.map(
    (column): SchemaElement => ({
      name: column.name,
      ...PARQUET_TYPES[column.type],
      repetition_type: 'OPTIONAL',
    }),
  ),
];

/** A cell as the Parquet writer takes it: 64-bit integers, times included, as bigints. */
function parquetValue(type: ColumnType, value: unknown): string | number | boolean | bigint | null {
  const cell = cellOf(type, value);
  return (type === 'integer' || type === 'timestamp') && typeof cell === 'number' ? BigInt(cell) : cell;
}

/**
 * A table as Parquet, written as it comes: rows wait until a row group is full (in rows or in text), are
 * turned into columns and encoded, and the group's bytes go to the sink before more rows are taken. The footer, written at `finish`,
 * makes the file readable.
 */
export function parquetTableWriter(
  table: LibraryTable,
  sink: TableSink,
  options: TableWriterOptions,
): TableWriter {
  const groupRows = Math.max(1, options.rowGroupRows ?? ROW_GROUP_ROWS);
  const writer = new ParquetWriter({
    writer: new SinkByteWriter(sink),
    schema: schemaOf(table),
    createdBy: 'Chat Lens',
    // Each file names the version of its columns (export-format "Team dataset").
    kvMetadata: [{ key: SCHEMA_KEY, value: schemaName(table) }],
  });
  let waiting: TableRow[] = [];
  let waitingText = 0;
  const writeGroup = async (): Promise<void> => {
    const rows = waiting;
    waiting = [];
    waitingText = 0;
    const columnData = table.columns.map(
      (column): ColumnSource => ({
        name: column.name,
        data: rows.map((row) => parquetValue(column.type, row[column.name])),
      }),
    );
    await writer.write({ columnData, rowGroupSize: rows.length });
  };
  return {
    rows: async (rows) => {
      for (const row of rows) {
        waiting.push(row);
        waitingText += textLength(row);
        if (waiting.length >= groupRows || waitingText >= ROW_GROUP_TEXT) await writeGroup();
      }
    },
    finish: async () => {
      if (waiting.length > 0) await writeGroup();
      await writer.finish();
    },
  };
}
