import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { LibraryAccount } from '@/lens/library/library-record';
import { type LibraryStore, LibraryWriteError } from '@/lens/library/library-store';
import { summaryOf } from '@/lens/library/library-summary';
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
