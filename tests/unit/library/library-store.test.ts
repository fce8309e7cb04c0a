import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { LIBRARY_MIGRATIONS } from '@/lib/library/library-migrations';
import type { LibraryAccount, LibraryConversation } from '@/lib/library/library-record';
import type { LibrarySchema } from '@/lib/library/library-schema';
import { type LibraryStore, LibraryWriteError } from '@/lib/library/library-store';
import { summaryOf } from '@/lib/library/library-summary';
import { ad, libraryConversation, page, turn } from '@/tests/support/library-records';
import { scratchLibraries } from './scratch-libraries';

const libraries = scratchLibraries('library');
/** A database of its own per test, or a second handle on `name`. */
const freshLibrary = (name = libraries.name()): Promise<LibraryStore> => libraries.open(name);

const cited = (id: string, url: string) =>
  libraryConversation(id, [turn(1, { pages: [page(url, { cited: true, citations: 1 })] })]);

describe('the library store', () => {
  it('keeps a conversation with its summary, and a re-inspected one replaces its rows', async () => {
    const store = await freshLibrary();
    await store.put(cited('c1', 'https://a.example/1'));
    await store.put(cited('c1', 'https://b.example/2'));
    expect(await store.count()).toBe(1);
    expect((await store.get('c1'))?.turns[0]?.pages.map((found) => found.url)).toEqual([
      'https://b.example/2',
    ]);
    expect(await store.summaries()).toEqual([summaryOf(cited('c1', 'https://b.example/2'))]);
  });

  it('deletes one, everything, and what is older than a moment', async () => {
    const store = await freshLibrary();
    await store.put(
      libraryConversation('old', undefined, { savedAt: 1_000 }),
      libraryConversation('new', undefined, { savedAt: 5_000 }),
      libraryConversation('gone', undefined, { savedAt: 9_000 }),
    );
    await store.delete('gone');
    expect(await store.deleteSavedBefore(5_000)).toBe(1);
    expect((await store.all()).map((kept) => kept.id)).toEqual(['new']);
    expect((await store.summaries()).map((kept) => kept.id)).toEqual(['new']);
    await store.clear();
    expect(await store.count()).toBe(0);
    expect(await store.summaries()).toEqual([]);
  });

  it('two writers at once (two tabs, the page and the worker) lose nothing and duplicate nothing', async () => {
    const name = 'library-two-writers';
    const [first, second] = [await freshLibrary(name), await freshLibrary(name)];
    const writes = Array.from({ length: 40 }, (_, index) =>
      (index % 2 === 0 ? first : second).put(cited(`c${index % 25}`, `https://site${index}.example/`)),
    );
    await Promise.all(writes);
    const kept = await first.all();
    expect(kept.map((record) => record.id).sort()).toEqual(
      Array.from({ length: 25 }, (_, index) => `c${index}`).sort(),
    );
    const summaries = await second.summaries();
    expect(summaries).toEqual(kept.map(summaryOf));
  });

  it('writes all or nothing: a write that fails half-way leaves the previous revision whole', async () => {
    const store = await freshLibrary();
    await store.put(cited('c1', 'https://before.example/'));
    // A value the database cannot store breaks the write after the first record went in.
    const unstorable = { ...cited('c2', 'https://x.example/'), title: (() => 'x') as unknown as string };
    await expect(store.put(cited('c1', 'https://after.example/'), unstorable)).rejects.toBeInstanceOf(
      LibraryWriteError,
    );
    expect((await store.get('c1'))?.turns[0]?.pages[0]?.url).toBe('https://before.example/');
    expect(await store.summaries()).toEqual([summaryOf(cited('c1', 'https://before.example/'))]);
  });

  it('a full disk is told as such, and what was kept stays readable', async () => {
    const store = await freshLibrary();
    await store.put(cited('c1', 'https://kept.example/'));
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      const failure = await store.put(cited('c2', 'https://new.example/')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(LibraryWriteError);
      expect(failure).toMatchObject({ kind: 'quota' });
      expect((await store.all()).map((record) => record.id)).toEqual(['c1']);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });
});

const accountOf = (partial: Partial<LibraryAccount> = {}): LibraryAccount => ({
  interests: ['Trail running'],
  profileVersion: 3,
  ads: [ad({ turnIndex: null, advertiser: 'Ridge Socks', shownAt: 2_000 })],
  savedAt: 4_000,
  ...partial,
});

describe("the library store's account record", () => {
  it('merges each import into the one record, and "Delete everything" erases it', async () => {
    const store = await freshLibrary();
    expect(await store.account()).toBeNull();
    await store.addAccount(accountOf());
    const later = ad({ turnIndex: null, advertiser: 'Summit Stoves', shownAt: 3_000 });
    await store.addAccount(
      accountOf({ interests: ['Camp cooking'], profileVersion: 4, ads: [later], savedAt: 6_000 }),
    );
    expect(await store.account()).toEqual(
      accountOf({
        interests: ['Camp cooking'],
        profileVersion: 4,
        ads: [...accountOf().ads, later],
        savedAt: 6_000,
      }),
    );
    await store.put(cited('c1', 'https://kept.example/'));
    await store.clear();
    expect(await store.account()).toBeNull();
  });

  it('goes with automatic deletion when no import wrote it since', async () => {
    const store = await freshLibrary();
    await store.addAccount(accountOf({ savedAt: 4_000 }));
    await store.deleteSavedBefore(4_000);
    expect(await store.account()).not.toBeNull();
    await store.deleteSavedBefore(4_001);
    expect(await store.account()).toBeNull();
  });
});

describe('a database written by the previous version', () => {
  it('opens upgraded: every conversation kept, each summary made from it', async () => {
    const name = 'library-version-1';
    // Version 1 as it shipped: conversations alone, written by its own migration step.
    const first = LIBRARY_MIGRATIONS[0];
    if (first === undefined) throw new Error('no first version');
    const records = Array.from({ length: 30 }, (_, index) =>
      cited(`c${index}`, `https://site${index % 7}.example/`),
    );
    const v1 = await openDB<LibrarySchema>(name, 1, {
      upgrade: (db, _old, _new, tx) => first(db, tx),
    });
    for (const record of records) await v1.put('conversations', record);
    v1.close();

    const store = await freshLibrary(name);
    expect(await store.all()).toEqual(records.toSorted((a, b) => a.id.localeCompare(b.id)));
    expect((await store.summaries()).toSorted((a, b) => a.id.localeCompare(b.id))).toEqual(
      records.map(summaryOf).toSorted((a, b) => a.id.localeCompare(b.id)),
    );
    await store.put(cited('c0', 'https://after-upgrade.example/'));
    expect((await store.get('c0'))?.turns[0]?.pages[0]?.url).toBe('https://after-upgrade.example/');
  });

  it('opens upgraded from version 2: each ad kept before is undated, its health unknown', async () => {
    const name = 'library-version-2';
    const { shownAt: _undated, ...adOfVersion2 } = ad({ advertiser: 'Old Ad Co' });
    const { unread: _uncounted, ...recordOfVersion2 } = cited('c0', 'https://site.example/');
    const record = { ...recordOfVersion2, ads: [adOfVersion2] };
    const v2 = await openDB<LibrarySchema>(name, 2, {
      upgrade: async (db, oldVersion, _new, tx) => {
        for (const migrate of LIBRARY_MIGRATIONS.slice(oldVersion, 2)) await migrate(db, tx);
      },
    });
    await v2.put('conversations', record as LibraryConversation);
    v2.close();

    const store = await freshLibrary(name);
    expect((await store.get('c0'))?.ads).toEqual([{ ...adOfVersion2, shownAt: null }]);
    expect((await store.get('c0'))?.unread).toBeNull();
    expect((await store.summaries())[0]?.shapesNotRead).toBeNull();
  });

  it('opens upgraded from version 4: every conversation and summary kept, no account record yet', async () => {
    const name = 'library-version-4';
    const records = [
      { ...cited('c0', 'https://site.example/'), ads: [ad({ shownAt: 1_500 })] },
      cited('c1', 'https://other.example/'),
    ];
    const v4 = await openDB<LibrarySchema>(name, 4, {
      upgrade: async (db, oldVersion, _new, tx) => {
        for (const migrate of LIBRARY_MIGRATIONS.slice(oldVersion, 4)) await migrate(db, tx);
      },
    });
    for (const record of records) await v4.put('conversations', record);
    for (const record of records) await v4.put('summaries', summaryOf(record));
    v4.close();

    const store = await freshLibrary(name);
    expect(await store.all()).toEqual(records);
    expect(await store.summaries()).toEqual(records.map(summaryOf));
    expect(await store.account()).toBeNull();
    await store.addAccount(accountOf());
    expect(await store.account()).toEqual(accountOf());
  });
});
