import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { promptVariances } from '@/features/queries/prompt-variance';
import { libraryGrids } from '@/lens/library/grids';
import { LIBRARY_MIGRATIONS } from '@/lens/library/library-migrations';
import {
  LIBRARY_READER,
  type LibraryConversation,
  readLibraryAccount,
  readLibraryConversation,
} from '@/lens/library/library-record';
import type { LibrarySchema } from '@/lens/library/library-schema';
import { openLibrary } from '@/lens/library/library-store';
import { summaryOf } from '@/lens/library/library-summary';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { tableFile } from '@/lens/library/table-file';
import { NO_FILTER } from '@/lib/library/library-filter';
import { TABLE_FORMAT_IDS } from '@/lib/library/table-formats';
import { scratchLibraries } from './scratch-libraries';

/*
 * Records as each version of the library database stored them, written here as those releases wrote them
 * (lens/library/library-record.ts in the history): an upgrade from any of them must give records that every
 * reader of this version can take (architecture "The library", "Records kept by an earlier version").
 */

const libraries = scratchLibraries('migrations');
const NOW = Date.UTC(2026, 11, 5);

/** Versions 1 and 2: no dated ads, no offers from answers, no shapes not read, no versions of a prompt. */
const RECORD_OF_VERSION_2 = {
  id: 'c1',
  title: 'Lisbon',
  models: ['gpt-5'],
  createdAt: Date.UTC(2026, 10, 2),
  updatedAt: Date.UTC(2026, 10, 3),
  savedAt: Date.UTC(2026, 10, 4),
  transport: 'sse',
  answerTextKept: true,
  turns: [
    {
      index: 1,
      prompt: 'Where to eat in Lisbon?',
      answer: 'Try Time Out Market.',
      at: Date.UTC(2026, 10, 2, 15),
      model: 'gpt-5',
      searched: true,
      transport: 'sse',
      queries: [{ text: 'best restaurants lisbon', kind: 'search', order: 0 }],
      pages: [
        {
          url: 'https://www.timeout.com/lisbon',
          title: 'Time Out Lisbon',
          domain: 'timeout.com',
          retrieved: true,
          cited: true,
          citations: 1,
          rank: 1,
          foundBy: ['best restaurants lisbon'],
        },
      ],
    },
  ],
  ads: [
    {
      turnIndex: 1,
      advertiser: 'Trip Co',
      advertiserUrl: 'https://trip.example/',
      unitType: 'single_advertiser_ad_unit',
      format: 'image_card_v2',
      title: 'Book a table',
      link: 'https://trip.example/book',
      cards: [{ title: 'Book a table', url: 'https://trip.example/book' }],
      streamed: false,
    },
  ],
  offers: [
    {
      productId: 'p1',
      product: 'Cataplana pan',
      brand: 'Cook Co',
      merchant: 'Shop',
      currency: 'EUR',
      base: 40,
      shipping: 5,
      tax: null,
      total: 45,
      priceText: '€45',
      bestPriceTag: null,
      availability: 'in stock',
      url: 'https://shop.example/pan',
    },
  ],
};

/** Version 3: each ad says when it was shown, each offer where it was seen. */
const RECORD_OF_VERSION_3 = {
  ...RECORD_OF_VERSION_2,
  ads: RECORD_OF_VERSION_2.ads.map((ad) => ({ ...ad, shownAt: null })),
  offers: RECORD_OF_VERSION_2.offers.map((offer) => ({ ...offer, seenIn: 'refresh' })),
};

/** Version 4: what was not read. */
const RECORD_OF_VERSION_4 = {
  ...RECORD_OF_VERSION_3,
  unread: [{ kind: 'reference-type', name: 'tldr', count: 1 }],
};

/** Version 5, as the release before this one wrote it: versions of a prompt; no reader named. */
const RECORD_OF_VERSION_5 = {
  ...RECORD_OF_VERSION_4,
  versions: [{ ...RECORD_OF_VERSION_4.turns[0], answer: 'Try Cervejaria Ramiro.', versionOf: 1 }],
};

/** Version 6, this one: every member the schema declares (the newest must hold all of them). */
const RECORD_OF_VERSION_6: LibraryConversation = {
  ...(RECORD_OF_VERSION_5 as unknown as LibraryConversation),
  reader: LIBRARY_READER,
};

/** The records each version stored, by the database version that stored them. */
const STORED_BY_VERSION: ReadonlyArray<readonly [version: number, record: object]> = [
  [1, RECORD_OF_VERSION_2],
  [2, RECORD_OF_VERSION_2],
  [3, RECORD_OF_VERSION_3],
  [4, RECORD_OF_VERSION_4],
  [5, RECORD_OF_VERSION_5],
];

/** What an upgrade makes of a record kept by an earlier version: its members filled, its reader unknown. */
const upgraded = (stored: object): LibraryConversation =>
  ({
    ...RECORD_OF_VERSION_6,
    ads: RECORD_OF_VERSION_3.ads,
    offers: RECORD_OF_VERSION_3.offers as LibraryConversation['offers'],
    unread: 'unread' in stored ? RECORD_OF_VERSION_4.unread : null,
    versions: 'versions' in stored ? RECORD_OF_VERSION_6.versions : [],
    reader: 0,
  }) as LibraryConversation;

/** A database as version `version` left it, holding `records` (and what else that version held). */
async function databaseOfVersion(
  version: number,
  records: readonly object[],
  extra: (db: Awaited<ReturnType<typeof openDB<LibrarySchema>>>) => Promise<unknown> = async () => undefined,
): Promise<string> {
  const name = libraries.name();
  const db = await openDB<LibrarySchema>(name, version, {
    upgrade: (database) => {
      for (const migrate of LIBRARY_MIGRATIONS.slice(0, version)) migrate(database);
    },
  });
  for (const record of records) await db.put('conversations', record as LibraryConversation);
  await extra(db);
  db.close();
  return name;
}

describe('the library database upgraded from every earlier version', () => {
  it('has a step for each version, the newest holding every member the schema declares', () => {
    expect(LIBRARY_MIGRATIONS).toHaveLength(6);
    // A member added to library-record.ts without a new step fails here: add a step (a member alone needs
    // an empty one, so the records are read again), and a record of the new version above.
    expect(readLibraryConversation(RECORD_OF_VERSION_6, 0)).toEqual(RECORD_OF_VERSION_6);
  });

  for (const [version, stored] of STORED_BY_VERSION)
    it(`from version ${version}: every record read again, every summary made again, every table written`, async () => {
      const name = await databaseOfVersion(version, [stored], async (db) => {
        // A summary as older versions made it, lacking what later ones count.
        if (version >= 2) await db.put('summaries', { id: 'c1', title: 'Lisbon' } as never);
      });
      const store = await libraries.open(name);
      const records = await store.all();
      expect(records).toEqual([upgraded(stored)]);
      // Read again, a record is as the reader gives it: no member lacks, none is left over.
      for (const record of records) expect(readLibraryConversation(record, 0)).toEqual(record);
      expect(await store.summaries()).toEqual(records.map(summaryOf));
      expect(await store.unreadable()).toEqual([]);

      // What failed on such records before: the versions of a prompt, the page's grids, every table file.
      expect(promptVariances(records, null).map((variance) => variance.versions)).toEqual(
        version === 5 ? [2] : [],
      );
      const tables = libraryGrids(records, null);
      expect(tables.offers(NO_FILTER).map((row) => row.seen_in)).toEqual(['refresh']);
      for (const table of LIBRARY_TABLES)
        for (const format of TABLE_FORMAT_IDS) {
          const file = tableFile(format, table, records, null, { brands: null });
          await expect(file, `${table.name} as ${format}`).resolves.toBeInstanceOf(Blob);
        }
    });

  it('sets aside a record no reader can take, whole, and names it', async () => {
    const broken = { id: 7, title: 'kept by hand' };
    const name = await databaseOfVersion(5, [RECORD_OF_VERSION_5, broken]);
    const store = await libraries.open(name);
    expect((await store.all()).map((record) => record.id)).toEqual(['c1']);
    expect(await store.unreadable()).toEqual([{ store: 'conversations', key: '7', stored: broken }]);
    expect((await store.summaries()).map((summary) => summary.id)).toEqual(['c1']);
    await store.deleteUnreadable();
    expect(await store.unreadable()).toEqual([]);
  });

  it('reads the account record of version 5 again, and sets aside one that is no object', async () => {
    const account = { interests: ['travel'], profileVersion: 2, ads: [], savedAt: 1_000 };
    const kept = await databaseOfVersion(5, [], (db) => db.put('account', account as never, 'account'));
    expect(await (await libraries.open(kept)).account()).toEqual(readLibraryAccount(account, 0));
    const broken = await databaseOfVersion(5, [], (db) => db.put('account', 'garbled' as never, 'account'));
    const store = await libraries.open(broken);
    expect(await store.account()).toBeNull();
    expect(await store.unreadable()).toEqual([{ store: 'account', key: 'account', stored: 'garbled' }]);
  });

  it('fills a missing time of writing with the moment of the upgrade', async () => {
    const { savedAt: _unsaid, ...unsaved } = RECORD_OF_VERSION_5;
    const name = await databaseOfVersion(5, [unsaved]);
    const store = await openLibrary(name, NOW);
    expect((await store.get('c1'))?.savedAt).toBe(NOW);
    store.close();
  });
});
