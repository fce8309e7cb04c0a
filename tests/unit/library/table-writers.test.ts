import fc from 'fast-check';
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { ADS_TABLE } from '@/features/ads/ads-table';
import { JOINED_TABLE } from '@/lens/library/joined-table';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { tableFile } from '@/lens/library/table-file';
import { tableFileName } from '@/lens/library/table-file-name';
import { createTableWriter } from '@/lens/library/table-writer';
import type { LibraryTable } from '@/lib/library/library-table';
import type { TableRow } from '@/lib/library/table-column';
import { TABLE_FORMAT_IDS, type TableFormat } from '@/lib/library/table-formats';
import type { TableChunk, TableWriterOptions } from '@/lib/library/table-sink';
import { ad, libraryConversation, page, turn } from '@/tests/support/library-records';

/** A small table of every column type, to see each written exactly. */
const EVERY_TYPE: LibraryTable = {
  name: 'joined',
  grain: 'a test row',
  columns: [
    { name: 'text', type: 'string', meaning: '' },
    { name: 'whole', type: 'integer', meaning: '' },
    { name: 'amount', type: 'number', meaning: '' },
    { name: 'flag', type: 'boolean', meaning: '' },
    { name: 'at', type: 'timestamp', meaning: '' },
  ],
  dataset: { version: 1, monthFrom: ['at'] },
  sumsUp: false,
  run: () => ({ rowsOf: () => [], closingRows: () => [] }),
};

const AT = Date.UTC(2026, 10, 20, 9, 30, 0, 125);

const EVERY_TYPE_ROWS: TableRow[] = [
  { text: 'plain', whole: 3, amount: 129.99, flag: true, at: AT },
  { text: 'a, "quoted"\r\nline', whole: -1, amount: 0, flag: false, at: 0 },
  { text: '-site:pinterest.com oak table', whole: null, amount: null, flag: null, at: null },
  { text: 'ünïcødé 🦆', whole: 2 ** 40, amount: -0.5, flag: true, at: AT },
];

interface Written {
  chunks: TableChunk[];
  /** Whether bytes reached the sink before `finish` was called. */
  streamedBeforeFinish: boolean;
}

async function write(
  format: TableFormat,
  table: LibraryTable,
  batches: readonly (readonly TableRow[])[],
  options: TableWriterOptions = {},
): Promise<Written> {
  const chunks: TableChunk[] = [];
  const writer = createTableWriter(
    format,
    table,
    { write: async (chunk) => void chunks.push(chunk) },
    options,
  );
  for (const batch of batches) await writer.rows(batch);
  const streamedBeforeFinish = chunks.length > 0;
  await writer.finish();
  return { chunks, streamedBeforeFinish };
}

const textOf = (written: Written): string => written.chunks.join('');

/** The file the pieces make, as a download would hold it. */
const bytesOf = (written: Written): Promise<ArrayBuffer> => new Blob(written.chunks).arrayBuffer();

const readParquet = (file: ArrayBuffer) => parquetReadObjects({ file });

describe('CSV of a table', () => {
  it('is RFC 4180: a header of the column names, CRLF after every record, quotes only where needed', async () => {
    const csv = textOf(await write('library-csv', EVERY_TYPE, [EVERY_TYPE_ROWS]));
    expect(csv).toBe(
      [
        'text,whole,amount,flag,at',
        'plain,3,129.99,true,2026-11-20T09:30:00.125Z',
        '"a, ""quoted""\r\nline",-1,0,false,1970-01-01T00:00:00.000Z',
        // Written as it is: a query is data, not a formula (export-format "CSV and spreadsheets: formula injection").
        '-site:pinterest.com oak table,,,,',
        'ünïcødé 🦆,1099511627776,-0.5,true,2026-11-20T09:30:00.125Z',
        '',
      ].join('\r\n'),
    );
  });

  it('has its header alone when no row came', async () => {
    expect(textOf(await write('library-csv', EVERY_TYPE, []))).toBe('text,whole,amount,flag,at\r\n');
  });
});

describe('JSON Lines of a table', () => {
  it('is one object a line, every column named in order, times as ISO 8601, nulls kept', async () => {
    const text = textOf(
      await write('library-jsonl', EVERY_TYPE, [EVERY_TYPE_ROWS.slice(0, 2), EVERY_TYPE_ROWS.slice(2)]),
    );
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((line) => JSON.parse(line))).toEqual([
      { text: 'plain', whole: 3, amount: 129.99, flag: true, at: '2026-11-20T09:30:00.125Z' },
      { text: 'a, "quoted"\r\nline', whole: -1, amount: 0, flag: false, at: '1970-01-01T00:00:00.000Z' },
      { text: '-site:pinterest.com oak table', whole: null, amount: null, flag: null, at: null },
      { text: 'ünïcødé 🦆', whole: 2 ** 40, amount: -0.5, flag: true, at: '2026-11-20T09:30:00.125Z' },
    ]);
    expect(Object.keys(JSON.parse(lines[0] ?? '{}'))).toEqual(['text', 'whole', 'amount', 'flag', 'at']);
  });

  it('is empty when no row came', async () => {
    expect(textOf(await write('library-jsonl', EVERY_TYPE, []))).toBe('');
  });
});

describe('Parquet of a table', () => {
  it('reads back with its exact values, types and nulls', async () => {
    const file = await bytesOf(await write('parquet', EVERY_TYPE, [EVERY_TYPE_ROWS]));
    const metadata = parquetMetadata(file);
    expect(
      parquetSchema(metadata).children.map(({ element }) => [
        element.name,
        element.type,
        element.converted_type,
        element.repetition_type,
      ]),
    ).toEqual([
      ['text', 'BYTE_ARRAY', 'UTF8', 'OPTIONAL'],
      ['whole', 'INT64', undefined, 'OPTIONAL'],
      ['amount', 'DOUBLE', undefined, 'OPTIONAL'],
      ['flag', 'BOOLEAN', undefined, 'OPTIONAL'],
      ['at', 'INT64', 'TIMESTAMP_MILLIS', 'OPTIONAL'],
    ]);
    expect(await readParquet(file)).toEqual([
      { text: 'plain', whole: 3n, amount: 129.99, flag: true, at: new Date(AT) },
      { text: 'a, "quoted"\r\nline', whole: -1n, amount: 0, flag: false, at: new Date(0) },
      { text: '-site:pinterest.com oak table', whole: null, amount: null, flag: null, at: null },
      { text: 'ünïcødé 🦆', whole: 2n ** 40n, amount: -0.5, flag: true, at: new Date(AT) },
    ]);
  });

  it('streams a big table in row groups: bytes reach the sink before the end, and every row reads back', async () => {
    const rows = Array.from({ length: 2_500 }, (_, index) => ({
      text: `row ${index}`,
      whole: index,
      amount: index / 4,
      flag: index % 3 === 0,
      at: index % 7 === 0 ? null : AT + index,
    }));
    // In batches of 100, as conversations come.
    const batches = Array.from({ length: 25 }, (_, index) => rows.slice(index * 100, (index + 1) * 100));
    const written = await write('parquet', EVERY_TYPE, batches, { rowGroupRows: 1_000 });
    expect(written.streamedBeforeFinish).toBe(true);
    const file = await bytesOf(written);
    expect(parquetMetadata(file).row_groups.map((group) => group.num_rows)).toEqual([1_000n, 1_000n, 500n]);
    const read = await readParquet(file);
    expect(read.length).toBe(rows.length);
    expect(read[1_234]).toEqual({
      text: 'row 1234',
      whole: 1_234n,
      amount: 308.5,
      flag: false,
      at: new Date(AT + 1_234),
    });
    expect(read[2_499]?.at).toBeNull();
  });

  it('ends a row group early when its text is long, so memory holds a bounded group', async () => {
    const long = 'x'.repeat(3_000_000);
    const rows = Array.from({ length: 4 }, (_, index) => ({ text: long, whole: index }));
    const file = await bytesOf(await write('parquet', EVERY_TYPE, [rows]));
    expect(parquetMetadata(file).row_groups.map((group) => group.num_rows)).toEqual([3n, 1n]);
    expect((await readParquet(file)).map((row) => row.text === long)).toEqual([true, true, true, true]);
  });

  it('is a readable file of no rows when no row came', async () => {
    const file = await bytesOf(await write('parquet', EVERY_TYPE, []));
    expect(parquetMetadata(file).num_rows).toBe(0n);
    expect(await readParquet(file)).toEqual([]);
  });
});

/** Values no column type holds, where a damaged or older record could put them. */
const STRANGE: TableRow[] = [
  { text: 42, whole: 1.5, amount: Number.NaN, flag: 'yes', at: 1.7e300 },
  { text: null, whole: Number.POSITIVE_INFINITY, amount: Number.NEGATIVE_INFINITY, flag: 0, at: AT + 0.9 },
  {},
] as unknown as TableRow[];

describe('every format', () => {
  it('writes a value its column type cannot hold as null, and a time in whole milliseconds', async () => {
    const csv = textOf(await write('library-csv', EVERY_TYPE, [STRANGE]));
    expect(csv.split('\r\n').slice(1)).toEqual([',,,,', ',,,,2026-11-20T09:30:00.125Z', ',,,,', '']);
    const jsonl = textOf(await write('library-jsonl', EVERY_TYPE, [STRANGE]));
    expect(JSON.parse(jsonl.split('\n')[1] ?? '')).toEqual({
      text: null,
      whole: null,
      amount: null,
      flag: null,
      at: '2026-11-20T09:30:00.125Z',
    });
    const parquet = await readParquet(await bytesOf(await write('parquet', EVERY_TYPE, [STRANGE])));
    expect(parquet[1]).toEqual({ text: null, whole: null, amount: null, flag: null, at: new Date(AT) });
  });

  it('never throws, whatever the cells (property)', async () => {
    const cell = fc.oneof(
      fc.string(),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.bigInt(),
    );
    const row = fc.record(
      { text: cell, whole: cell, amount: cell, flag: cell, at: cell },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 20 }), async (rows) => {
        for (const format of TABLE_FORMAT_IDS) await write(format, EVERY_TYPE, [rows as TableRow[]]);
      }),
      { numRuns: 50 },
    );
  });

  it('gives the same rows in all three formats for the joined table of kept conversations', async () => {
    const conversations = [
      libraryConversation('c1', [
        turn(1, {
          queries: [{ text: 'oak table', kind: 'search', order: 0 }],
          pages: [page('https://a.example/x', { foundBy: ['oak table'], cited: true, citations: 1 })],
        }),
        turn(2, { searched: false }),
      ]),
      libraryConversation('c2', [turn(1, { at: AT })], { title: 'Title, with "quotes"' }),
    ];
    const rows = conversations.flatMap((conversation) => [...JOINED_TABLE.rowsOf(conversation)]);
    const [csv, jsonl, parquet] = await Promise.all(
      TABLE_FORMAT_IDS.map((format) =>
        tableFile(format, JOINED_TABLE, conversations, null, { brands: null }),
      ),
    );
    expect(csv?.type).toBe('text/csv;charset=utf-8');
    expect(parquet?.type).toBe('application/vnd.apache.parquet');
    expect((await csv?.text())?.split('\r\n').length).toBe(rows.length + 2);
    const fromJson = (await jsonl?.text())
      ?.trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const fromParquet = await readParquet((await parquet?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(
      fromParquet.map((row) => [row.conversation_id, row.turn_index, row.page_url, row.page_row]),
    ).toEqual(
      rows.map((row) => [row.conversation_id, BigInt(Number(row.turn_index)), row.page_url, row.page_row]),
    );
    expect(fromJson?.map((row) => row.conversation_title)).toEqual(rows.map((row) => row.conversation_title));
  });
});

describe("the ads table's files", () => {
  it("write the account's ads after the conversations', without a conversation, in every format", async () => {
    const shownAt = Date.UTC(2026, 3, 1, 8, 0);
    const conversations = [libraryConversation('c1', [turn(1)], { ads: [ad({ advertiser: 'In a chat' })] })];
    const account = {
      interests: [],
      profileVersion: null,
      ads: [ad({ turnIndex: null, advertiser: 'Of the account', shownAt })],
      savedAt: 0,
    };
    const [csv, jsonl, parquet] = await Promise.all(
      TABLE_FORMAT_IDS.map((format) =>
        tableFile(format, ADS_TABLE, conversations, account, { brands: null }),
      ),
    );
    expect(
      (await csv?.text())
        ?.split('\r\n')
        .slice(1, 3)
        .map((line) => line.split(',').slice(0, 5)),
    ).toEqual([
      ['c1', 'Conversation c1', 'https://chatgpt.com/c/c1', '1', 'In a chat'],
      ['', '', '', '', 'Of the account'],
    ]);
    const fromJson = (await jsonl?.text())
      ?.trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(fromJson?.[1]).toMatchObject({
      conversation_id: null,
      advertiser: 'Of the account',
      shown_at: new Date(shownAt).toISOString(),
      advertiser_cited: null,
      advertiser_named: null,
    });
    const fromParquet = await readParquet((await parquet?.arrayBuffer()) ?? new ArrayBuffer(0));
    // The chat's turn cites nothing: not cited; the account's ad names no answer: unknown.
    expect(fromParquet.map((row) => [row.conversation_id, row.advertiser, row.advertiser_cited])).toEqual([
      ['c1', 'In a chat', false],
      [null, 'Of the account', null],
    ]);
  });
});

describe('tableFileName', () => {
  it('puts the table name before the extension, and keeps the joined name as given', () => {
    expect(LIBRARY_TABLES.map((table) => tableFileName('out/result.csv', table.name, 'csv'))).toEqual([
      'out/result.csv',
      'out/result.ads.csv',
      'out/result.offers.csv',
      'out/result.prompts.csv',
      'out/result.fanout.csv',
      'out/result.creatives.csv',
      'out/result.brands.csv',
    ]);
    expect(tableFileName('result.PARQUET', 'ads', 'parquet')).toBe('result.ads.parquet');
    expect(tableFileName('v1.2/result', 'offers', 'jsonl')).toBe('v1.2/result.offers.jsonl');
  });
});
