import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { ADS_TABLE } from '@/features/ads/ads-table';
import { monthOfRow, NO_MONTH } from '@/lens/library/dataset-layout';
import { writeDataset } from '@/lens/library/dataset-writer';
import { directoryDatasetFolder } from '@/lens/library/directory-dataset-folder';
import { JOINED_TABLE } from '@/lens/library/joined-table';
import type { LibraryAccount } from '@/lens/library/library-record';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { zipDatasetFolder } from '@/lens/library/zip-dataset-folder';
import type { LibraryTable } from '@/lib/library/library-table';
import { ad, libraryConversation, offer, turn } from '@/tests/support/library-records';
import { memoryDirectory } from '@/tests/support/memory-directory';

const RUN_AT = new Date('2026-05-01T08:30:00Z');
const STAMP = '20260501T083000Z';

/** Asked in April in a conversation started in March; and one with no date at all. */
const CONVERSATIONS = [
  libraryConversation('c1', [turn(1, { at: Date.UTC(2026, 3, 10) })], {
    createdAt: Date.UTC(2026, 2, 2),
    ads: [ad({ advertiser: 'Acme' })],
    offers: [offer()],
  }),
  libraryConversation('c2', [turn(1)], { createdAt: null, ads: [ad({ advertiser: 'Birch Outfitters' })] }),
];

/** An ad of the account's history, shown in January in no conversation. */
const ACCOUNT: LibraryAccount = {
  interests: [],
  profileVersion: 1,
  ads: [ad({ turnIndex: null, advertiser: 'Cedar Gear', shownAt: Date.UTC(2026, 0, 15) })],
  savedAt: 0,
};

const EXPECTED_PATHS = [
  `joined/month=2026-04/chat-lens-joined-${STAMP}.parquet`,
  `joined/month=${NO_MONTH}/chat-lens-joined-${STAMP}.parquet`,
  `ads/month=2026-03/chat-lens-ads-${STAMP}.parquet`,
  `ads/month=${NO_MONTH}/chat-lens-ads-${STAMP}.parquet`,
  `ads/month=2026-01/chat-lens-ads-${STAMP}.parquet`,
  `offers/month=2026-03/chat-lens-offers-${STAMP}.parquet`,
  `prompts/month=2026-04/chat-lens-prompts-${STAMP}.parquet`,
  // The ads grouped by creative go with the month each was last shown: its turn's, unlike the ads table's.
  `creatives/month=2026-04/chat-lens-creatives-${STAMP}.parquet`,
  `creatives/month=${NO_MONTH}/chat-lens-creatives-${STAMP}.parquet`,
  `creatives/month=2026-01/chat-lens-creatives-${STAMP}.parquet`,
];

/**
 * The ads table as it was at version 1, before `advertiser_cited`, `advertiser_named` and
 * `conversation_created` were added at its end.
 */
const ADS_VERSION_1: LibraryTable<'ads'> = {
  ...ADS_TABLE,
  columns: ADS_TABLE.columns.slice(0, -3),
  dataset: { version: 1, monthFrom: ['shown_at'] },
};

describe("a row's month", () => {
  it('is read from the first of its month columns that holds a time, else none', () => {
    const at = Date.UTC(2026, 3, 30, 23, 59);
    expect(monthOfRow(JOINED_TABLE, { turn_at: at, conversation_created: Date.UTC(2025, 0, 1) })).toBe(
      '2026-04',
    );
    expect(monthOfRow(JOINED_TABLE, { turn_at: null, conversation_created: Date.UTC(2025, 0, 1) })).toBe(
      '2025-01',
    );
    expect(monthOfRow(JOINED_TABLE, { turn_at: null, conversation_created: null })).toBe(NO_MONTH);
  });
});

describe('the dataset in a folder the user picked', () => {
  it.each([true, false])(
    'lays every table out by month, each file complete under its name (handles rename: %s)',
    async (renames) => {
      const folder = memoryDirectory({ renames });
      const written = await writeDataset(
        directoryDatasetFolder(folder),
        CONVERSATIONS,
        ACCOUNT,
        { brands: null },
        RUN_AT,
        LIBRARY_TABLES,
      );
      expect(written.sort()).toEqual([...EXPECTED_PATHS].sort());
      expect([...folder.files().keys()].sort()).toEqual([...EXPECTED_PATHS].sort());
      for (const bytes of folder.files().values())
        expect(new TextDecoder().decode(bytes.slice(-4))).toBe('PAR1');
    },
  );

  it("replaces an earlier run's files and keeps the user's own", async () => {
    const folder = memoryDirectory();
    const tables = [JOINED_TABLE];
    await writeDataset(
      directoryDatasetFolder(folder),
      CONVERSATIONS,
      null,
      { brands: null },
      new Date(0),
      tables,
    );
    const april = await (await folder.getDirectoryHandle('joined')).getDirectoryHandle('month=2026-04');
    await (await (await april.getFileHandle('notes.parquet', { create: true })).createWritable()).close();
    await writeDataset(directoryDatasetFolder(folder), CONVERSATIONS, null, { brands: null }, RUN_AT, tables);
    expect([...folder.files().keys()].sort()).toEqual([
      `joined/month=2026-04/chat-lens-joined-${STAMP}.parquet`,
      'joined/month=2026-04/notes.parquet',
      `joined/month=${NO_MONTH}/chat-lens-joined-${STAMP}.parquet`,
    ]);
  });
});

describe('the dataset as a ZIP', () => {
  it('holds the same files as the folder, byte for byte', async () => {
    const zip = zipDatasetFolder(RUN_AT);
    await writeDataset(zip, CONVERSATIONS, ACCOUNT, { brands: null }, RUN_AT, LIBRARY_TABLES);
    const entries = unzipSync(new Uint8Array(await zip.finish().arrayBuffer()));
    const folder = memoryDirectory();
    await writeDataset(
      directoryDatasetFolder(folder),
      CONVERSATIONS,
      ACCOUNT,
      { brands: null },
      RUN_AT,
      LIBRARY_TABLES,
    );
    expect(Object.keys(entries).sort()).toEqual([...EXPECTED_PATHS].sort());
    for (const [path, bytes] of folder.files()) expect(entries[path]).toEqual(bytes);
  });
});

describe('a team dataset of two schema versions read by DuckDB', () => {
  let team = '';
  afterAll(async () => {
    if (team !== '') await rm(team, { recursive: true, force: true });
  });

  it('reads the older ads files with nulls in the columns added since, and names each version', async () => {
    team = await mkdtemp(join(tmpdir(), 'chat-lens-team-'));
    const members = [
      { name: 'alice', tables: LIBRARY_TABLES },
      { name: 'bob', tables: LIBRARY_TABLES.map((table) => (table.name === 'ads' ? ADS_VERSION_1 : table)) },
    ];
    for (const member of members) {
      const folder = memoryDirectory();
      await writeDataset(
        directoryDatasetFolder(folder),
        CONVERSATIONS,
        ACCOUNT,
        { brands: null },
        RUN_AT,
        member.tables,
      );
      for (const [path, bytes] of folder.files()) {
        const file = join(team, member.name, path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, bytes);
      }
    }
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const ads = `read_parquet('${team}/*/ads/*/*.parquet', hive_partitioning = true, union_by_name = true, filename = true)`;
    const rows = await connection.runAndReadAll(
      `select regexp_extract(filename, '/(alice|bob)/', 1) as member, advertiser, month,
              epoch_ms(conversation_created) as created
       from ${ads} order by member, advertiser`,
    );
    expect(rows.getRowObjectsJson()).toEqual([
      { member: 'alice', advertiser: 'Acme', month: '2026-03', created: String(Date.UTC(2026, 2, 2)) },
      { member: 'alice', advertiser: 'Birch Outfitters', month: null, created: null },
      { member: 'alice', advertiser: 'Cedar Gear', month: '2026-01', created: null },
      // Version 1 has no conversation_created, nor read a month from it: Acme's ad has no date there.
      { member: 'bob', advertiser: 'Acme', month: null, created: null },
      { member: 'bob', advertiser: 'Birch Outfitters', month: null, created: null },
      { member: 'bob', advertiser: 'Cedar Gear', month: '2026-01', created: null },
    ]);
    const versions = await connection.runAndReadAll(
      `select distinct decode(value) as schema
       from parquet_kv_metadata('${team}/*/ads/*/*.parquet') where decode(key) = 'chat_lens.schema' order by schema`,
    );
    expect(versions.getRowObjectsJson()).toEqual([
      { schema: 'chat-lens/ads@1' },
      { schema: `chat-lens/ads@${ADS_TABLE.dataset.version}` },
    ]);
    const joined = await connection.runAndReadAll(
      `select count(*) as rows from read_parquet('${team}/*/joined/*/*.parquet', hive_partitioning = true)`,
    );
    expect(joined.getRowObjectsJson()).toEqual([{ rows: '4' }]);
  });
});
