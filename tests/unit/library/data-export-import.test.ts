import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ADS_TABLE } from '@/features/ads/ads-table';
import { type ImportOptions, importDataExport } from '@/lens/library/data-export-import';
import { libraryBatchWriter, mergeDataExportBatch } from '@/lens/library/data-export-merge';
import { LIBRARY_READER } from '@/lens/library/library-record';
import type { LibraryStore } from '@/lens/library/library-store';
import { tableFile } from '@/lens/library/table-file';
import { zipDataExport } from '@/lib/model/data-export-files';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/canaries';
import { conversationsExport } from '@/tests/replica/fixtures/formats';
import { storedConversations } from '@/tests/support/data-export-files';
import { libraryConversation } from '@/tests/support/library-records';
import { adsJson, messageFeedbackJson } from '@/tests/unit/fixtures/data-export-side-files';
import { memorySource, zipOf } from '@/tests/unit/fixtures/zip-bytes';
import { scratchLibraries } from './scratch-libraries';

const libraries = scratchLibraries('data-export-import');
const conversations = storedConversations(['webSearch', 'plain', 'longHistory', 'products']);
const listText = (from: number, to?: number): string =>
  JSON.stringify(conversationsExport(conversations.slice(from, to)));

async function sourceOf(files: Record<string, string | Uint8Array>, cutTo?: number) {
  const zip = zipOf(files, cutTo !== undefined);
  const source = await zipDataExport(memorySource(cutTo === undefined ? zip : zip.slice(0, cutTo)));
  if (!source.ok) throw new Error(source.error.message);
  return source.value;
}

function optionsFor(store: LibraryStore, cancelled = () => false): ImportOptions & { seen: number[] } {
  const seen: number[] = [];
  return {
    seen,
    keepAnswerText: true,
    savedAt: 1_000,
    write: libraryBatchWriter(store),
    writeAccount: (account) => store.addAccount(account),
    progress: ({ conversations: read }) => void seen.push(read),
    cancelled,
  };
}

describe('importing a data export into the library (export-format "Reading the data export")', () => {
  it('keeps every conversation of the parts, and the same export again adds nothing', async () => {
    const store = await libraries.open(libraries.name());
    const source = await sourceOf({
      'Export/conversations-001.json': listText(2),
      'Export/conversations-000.json': listText(0, 2),
      'Export/file-abc-photo.png': new Uint8Array([1, 2]),
    });
    const first = await importDataExport(source, optionsFor(store));
    expect(first).toEqual({
      added: 4,
      updated: 0,
      reread: 0,
      unchanged: 0,
      skipped: 0,
      stopped: null,
      cancelled: false,
      account: null,
    });
    expect(await store.account()).toBeNull();
    expect((await store.all()).map((record) => record.id).sort()).toEqual(
      conversations.map((conversation) => conversation.id).sort(),
    );
    const again = await importDataExport(source, optionsFor(store));
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
  });

  it('keeps the ads its ads.json history names a conversation for, dated and without tracking values', async () => {
    const store = await libraries.open(libraries.name());
    const id = conversations[1]?.id as string;
    const source = await sourceOf({
      'conversations.json': listText(0),
      'ads.json': JSON.stringify(adsJson(id, 'answer-7')),
      'message_feedback.json': JSON.stringify(messageFeedbackJson(id, 'answer-7')),
      'notes-from-support.txt': 'an unknown file is no reason to stop',
    });
    expect(await importDataExport(source, optionsFor(store))).toMatchObject({ added: 4, skipped: 0 });
    const record = await store.get(id);
    const rows = [...ADS_TABLE.rowsOf(record as NonNullable<typeof record>)];
    expect(rows.map((row) => [row.advertiser, row.title, row.link, row.shown_at])).toEqual([
      [
        'Trailhead Outfitters',
        'Ultralight tents, 20% off',
        'https://trailhead.example/tents?size=2p',
        Date.parse('2026-03-14T09:26:53Z'),
      ],
    ]);
    expect(JSON.stringify(await store.all())).not.toContain(AD_TRACKING_CANARY);
  });

  it('keeps the interests and the ads its history names no conversation for, without tracking values', async () => {
    const store = await libraries.open(libraries.name());
    const id = conversations[1]?.id as string;
    const source = await sourceOf({
      'conversations.json': listText(0),
      'ads.json': JSON.stringify(adsJson(id, 'answer-7')),
    });
    const outcome = await importDataExport(source, optionsFor(store));
    expect(outcome.account).toEqual({ interests: 2, ads: 1 });
    const account = await store.account();
    expect(account).toMatchObject({
      interests: ['Hiking gear', 'Sourdough baking'],
      profileVersion: 2,
      savedAt: 1_000,
    });
    expect(account?.ads.map((ad) => [ad.advertiser, ad.link, ad.turnIndex, ad.shownAt])).toEqual([
      ['Crumb & Co', 'https://crumb.example/starter', null, 1_773_480_413_500],
    ]);
    expect(JSON.stringify(account)).not.toContain(AD_TRACKING_CANARY);
    await importDataExport(source, optionsFor(store));
    expect((await store.account())?.ads).toHaveLength(1);
    for (const format of ['library-csv', 'library-jsonl'] as const) {
      const file = await tableFile(format, ADS_TABLE, await store.all(), await store.account(), {
        brands: null,
      });
      const text = await file.text();
      expect(text).toContain('https://crumb.example/starter');
      expect(text).not.toContain(AD_TRACKING_CANARY);
    }
  });

  it('leaves out an unreadable item and counts it', async () => {
    const store = await libraries.open(libraries.name());
    const items = [...(JSON.parse(listText(0, 2)) as unknown[]), { mapping: 'not a tree' }];
    const outcome = await importDataExport(
      await sourceOf({ 'conversations.json': JSON.stringify(items) }),
      optionsFor(store),
    );
    expect(outcome).toMatchObject({ added: 2, skipped: 1, stopped: null });
  });

  it('writes what was read before an archive is cut off, then says where it stopped', async () => {
    const store = await libraries.open(libraries.name());
    const text = listText(0);
    const outcome = await importDataExport(
      await sourceOf({ 'conversations.json': text }, Math.floor(text.length * 0.9)),
      optionsFor(store),
    );
    expect(outcome.stopped?.code).toBe('cut-off');
    expect(outcome.added).toBeGreaterThan(0);
    expect(await store.count()).toBe(outcome.added);
  });

  it('stops when cancelled, keeping what was read', async () => {
    const store = await libraries.open(libraries.name());
    // Asked before the part, before its chunk, then before each item: the user cancels after the first.
    let asked = 0;
    const outcome = await importDataExport(
      await sourceOf({ 'conversations.json': listText(0) }),
      optionsFor(store, () => {
        asked += 1;
        return asked > 3;
      }),
    );
    expect(outcome).toMatchObject({ cancelled: true, stopped: null, added: 1 });
    expect(await store.count()).toBe(1);
  });

  it('refuses a list of something else', async () => {
    const store = await libraries.open(libraries.name());
    const outcome = await importDataExport(
      await sourceOf({ 'conversations.json': '[{"title": "no mapping"}]' }),
      optionsFor(store),
    );
    expect(outcome.stopped?.code).toBe('unexpected-shape');
    expect(outcome.stopped?.message).toMatch(/^Not a ChatGPT data export/);
  });
});

describe('mergeDataExportBatch', () => {
  const at = (id: string, updatedAt: number | null) => ({ ...libraryConversation(id, []), updatedAt });

  it('adds what is not kept, replaces only an older copy, and counts a repeated id once', () => {
    const kept = new Map([
      ['old', at('old', 10)],
      ['same', at('same', 20)],
      ['live', at('live', 40)],
    ]);
    const merged = mergeDataExportBatch(kept, [
      at('new', 5),
      at('old', 15),
      at('same', 20),
      at('live', 30),
      at('new', 6),
    ]);
    expect(merged.records.map((record) => [record.id, record.updatedAt])).toEqual([
      ['new', 6],
      ['old', 15],
    ]);
    expect(merged).toMatchObject({ added: 1, updated: 1, unchanged: 2 });
  });

  it('reads again a conversation an earlier reader kept, though the copy is no newer', () => {
    const earlier = { ...at('earlier', 20), reader: 0 };
    const kept = new Map([
      ['earlier', earlier],
      ['same', at('same', 20)],
    ]);
    const merged = mergeDataExportBatch(kept, [at('earlier', 20), at('same', 20)]);
    expect(merged.records.map((record) => [record.id, record.reader])).toEqual([['earlier', LIBRARY_READER]]);
    expect(merged).toMatchObject({ added: 0, updated: 0, reread: 1, unchanged: 1 });
  });
});
