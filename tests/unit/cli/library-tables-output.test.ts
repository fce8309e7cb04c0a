import { parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { ADS_TABLE } from '@/features/ads/ads-table';
import { OFFERS_TABLE } from '@/features/offers/offers-table';
import { inspectFileText } from '@/lens/cli/inspect-file';
import { brandsFileText } from '@/lens/library/brands-file';
import { BRANDS_TABLE } from '@/lens/library/brands-table';
import { JOINED_TABLE } from '@/lens/library/joined-table';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import { tableFileName } from '@/lens/library/table-file-name';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { type LibraryTable, tableRows } from '@/lib/library/library-table';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { conversationEntries, har } from '@/tests/support/build-har';
import { liveExportItem, liveExportText, storedConversations } from '@/tests/support/data-export-files';
import { cutAt, run } from './run-in-memory';

const FILE = 'conversations.json';
const exportText = liveExportText(storedConversations(['liveSearch', 'webSearch', 'plain', 'liveShopping']));
const harFile = har(
  conversationEntries(FIXTURE_IDS.products, { ads: true, products: true, sseAnswer: true }),
);

/** The rows a table gives for the conversations of a file, as the library keeps them. */
function expectedRows(text: string, table: LibraryTable, brands: BrandSettings | null = null) {
  const inspected = inspectFileText(text);
  if (!inspected.ok) throw new Error(inspected.error.message);
  const records = inspected.value.inspections.flatMap(
    (inspection) => recordOfInspection(inspection, { keepAnswerText: false, savedAt: 0 }) ?? [],
  );
  return [...tableRows(table, records, null, { brands })];
}

const jsonLines = (text: string | undefined): unknown[] =>
  (text ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

const readParquet = (bytes: Uint8Array | undefined) =>
  parquetReadObjects({ file: (bytes ?? new Uint8Array()).slice().buffer });

/** Names as `inspect` lists them: "a, b and c". */
const listedNames = (names: readonly string[]): string =>
  `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

describe('inspect --format library-csv | library-jsonl | parquet', () => {
  it('prints the joined table of a data export when no --out is given, and nothing else', async () => {
    const result = await run([FILE, '--format', 'library-csv'], { [FILE]: exportText });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\r\n');
    expect(lines[0]).toBe(JOINED_TABLE.columns.map((column) => column.name).join(','));
    expect(result.written.size).toBe(0);
    const jsonl = await run([FILE, '--format', 'library-jsonl'], { [FILE]: exportText });
    expect(jsonl.code).toBe(0);
    const rows = jsonLines(jsonl.stdout);
    expect(rows.length).toBe(expectedRows(exportText, JOINED_TABLE).length);
    expect(rows.length).toBeGreaterThan(20);
  });

  it('writes the five tables beside each other with --out, in every format', async () => {
    for (const [format, extension] of [
      ['library-csv', 'csv'],
      ['library-jsonl', 'jsonl'],
      ['parquet', 'parquet'],
    ]) {
      const out = `out/result.${extension}`;
      const result = await run(['session.har', '--format', format ?? '', '--out', out], {
        'session.har': harFile,
      });
      expect(result.code, result.stderr).toBe(0);
      const names = LIBRARY_TABLES.map((table) => tableFileName(out, table.name, extension ?? ''));
      expect(names).toContain(`out/result.ads.${extension}`);
      expect([...result.written.keys()].sort()).toEqual([...names].sort());
      expect(result.stderr).toBe(`Wrote ${listedNames(names)}\n`);
      expect(result.stdout).toBe('');
    }
  });

  it('gives the same rows in JSON Lines and Parquet, the ads and offers of a HAR included', async () => {
    const jsonl = await run(['s.har', '--format', 'library-jsonl', '--out', 'r.jsonl'], { 's.har': harFile });
    const parquet = await run(['s.har', '--format', 'parquet', '--out', 'r.parquet'], { 's.har': harFile });
    for (const [table, suffix] of [
      [JOINED_TABLE, ''],
      [ADS_TABLE, '.ads'],
      [OFFERS_TABLE, '.offers'],
    ] as const) {
      const fromJson = jsonLines(jsonl.written.get(`r${suffix}.jsonl`));
      const fromParquet = await readParquet(parquet.writtenBytes.get(`r${suffix}.parquet`));
      expect(fromJson.length, table.name).toBe(expectedRows(JSON.stringify(harFile), table).length);
      expect(fromJson.length, table.name).toBeGreaterThan(0);
      // The same values, as each format writes its types: bigints and Dates in Parquet, ISO text in JSON.
      const asJson = fromParquet.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([name, value]) => [
            name,
            typeof value === 'bigint' ? Number(value) : value instanceof Date ? value.toISOString() : value,
          ]),
        ),
      );
      expect(asJson, table.name).toEqual(fromJson);
    }
  });

  it('writes a data export read in any chunks exactly as read in one', async () => {
    const whole = await run([FILE, '--format', 'parquet', '--out', 'r.parquet'], { [FILE]: exportText });
    const chunked = await run(
      [FILE, '--format', 'parquet', '--out', 'r.parquet'],
      { [FILE]: exportText },
      { chunking: cutAt([1, 4_000, 90_001, 200_000]) },
    );
    expect(chunked.writtenBytes).toEqual(whole.writtenBytes);
  });

  it('refuses Parquet without --out before reading anything, naming what to give', async () => {
    const result = await run([FILE, '--format', 'parquet'], { [FILE]: exportText });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^--format parquet writes binary files, which are not printed: give --out/);
    expect(result.stdout).toBe('');
    expect(result.written.size).toBe(0);
  });

  it('names the table formats in --help and in the error for an unknown format', async () => {
    const help = await run(['--help'], {});
    expect(help.stdout).toMatch(
      /--format md\|json\|csv\|html\|zip\|sources-csv\|library-csv\|library-jsonl\|parquet/,
    );
    const unknown = await run([FILE, '--format', 'xlsx'], { [FILE]: exportText });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown format "xlsx": use .*library-csv, library-jsonl, parquet\./);
  });

  it('closes every table of an export cut off mid-way, over the conversations read before, and says so', async () => {
    // Inside the second conversation: its id comes after the whole first one.
    const cut = exportText.slice(0, exportText.indexOf(FIXTURE_IDS.webSearch) + 10);
    const result = await run([FILE, '--format', 'parquet', '--out', 'r.parquet'], { [FILE]: cut });
    expect(result.code).toBe(1);
    const names = LIBRARY_TABLES.map((table) => tableFileName('r.parquet', table.name, 'parquet'));
    expect(result.stderr).toContain(
      `The 1 conversation read before it was written to ${listedNames(names)}.`,
    );
    const rows = await readParquet(result.writtenBytes.get('r.parquet'));
    expect(new Set(rows.map((row) => row.conversation_id))).toEqual(new Set([FIXTURE_IDS.liveSearch]));
    expect(await readParquet(result.writtenBytes.get('r.offers.parquet'))).toEqual([]);
  });

  it('leaves out a conversation that names no id, with a warning', async () => {
    const [first, second] = storedConversations(['webSearch', 'plain']).map(liveExportItem);
    const { id: _id, conversation_id: _conversationId, ...nameless } = second ?? {};
    const result = await run([FILE, '--format', 'library-jsonl'], {
      [FILE]: JSON.stringify([first, nameless]),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /warning: The conversation "Fixing a wobbly table" has no id, so it is left out/,
    );
    expect(
      new Set(jsonLines(result.stdout).map((row) => (row as { conversation_id: string }).conversation_id)),
    ).toEqual(new Set([FIXTURE_IDS.webSearch]));
  });
});

describe('inspect --brands', () => {
  const BRANDS = {
    own: { name: 'REI', domains: ['rei.com'], mentions: [] },
    competitors: [{ name: 'Runners', domains: ['runnersworld.com'], mentions: ['Runners'] }],
  };
  const brandsFile = brandsFileText(BRANDS, new Date(0));

  it('writes the brands table beside the others, its citations counted, its positions unknown without text', async () => {
    const result = await run(
      [FILE, '--format', 'library-jsonl', '--out', 'o.jsonl', '--brands', 'brands.json'],
      { [FILE]: exportText, 'brands.json': brandsFile },
    );
    expect(result.code, result.stderr).toBe(0);
    const rows = jsonLines(result.written.get('o.brands.jsonl')) as Record<string, unknown>[];
    expect(rows).toEqual(
      expectedRows(exportText, BRANDS_TABLE, BRANDS).map((row) => ({
        ...row,
        last_answered: row.last_answered === null ? null : new Date(Number(row.last_answered)).toISOString(),
      })),
    );
    const rei = rows.find((row) => row.brand === 'REI' && row.model === null && row.split === 'all');
    expect(rei).toMatchObject({ own: true, cited_answers: 2, answers_read: 0, mean_position: null });
  });

  it("fills the prompts table's brand overlap, null without brands", async () => {
    const askedAgain = liveExportText(
      storedConversations(['askedAgainOne', 'askedAgainTwo', 'askedAgainThree']),
    );
    const overlap = async (extra: string[]) => {
      const result = await run([FILE, '--format', 'library-jsonl', '--out', 'o.jsonl', ...extra], {
        [FILE]: askedAgain,
        'brands.json': brandsFileText(
          {
            own: { name: 'Time Out', domains: ['timeout.com'], mentions: [] },
            competitors: [{ name: 'Eater', domains: ['eater.com'], mentions: [] }],
          },
          new Date(0),
        ),
      });
      expect(result.code, result.stderr).toBe(0);
      return (jsonLines(result.written.get('o.prompts.jsonl')) as Record<string, unknown>[]).map(
        (row) => row.brand_overlap,
      );
    };
    // One prompt in three chats: Time Out cited in all three, Eater in the first and the last, so the
    // pairs' Jaccard indexes are 1/2, 1 and 1/2.
    const [withBrands] = await overlap(['--brands', 'brands.json']);
    expect(withBrands).toBeCloseTo(2 / 3, 12);
    expect(await overlap([])).toEqual([null]);
  });

  it('stops before writing anything when the brands file is not one, and says why', async () => {
    for (const bad of ['{"own":', '{"schema":"chat-lens/brands@1","brands":{}}']) {
      const result = await run(
        [FILE, '--format', 'parquet', '--out', 'o.parquet', '--brands', 'brands.json'],
        { [FILE]: exportText, 'brands.json': bad },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^--brands brands\.json: /);
      expect(result.written.size).toBe(0);
    }
    const missing = await run([FILE, '--format', 'parquet', '--out', 'o.parquet', '--brands', 'none.json'], {
      [FILE]: exportText,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Cannot read the brands file none\.json: /);
  });

  it('is refused beside a format that is not a table', async () => {
    const result = await run([FILE, '--format', 'md', '--brands', 'brands.json'], { [FILE]: exportText });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^--brands sets the brands of the library's tables/);
  });
});
