import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LibraryData } from '@/components/library/shared/library-data';
import type { LibraryStore } from '@/lens/library/library-store';
import { libraryConversation } from '@/tests/support/library-records';
import { scratchLibraries } from '@/tests/unit/library/scratch-libraries';

const libraries = scratchLibraries('library-page');

/** The page's reads over a database of its own, and a second handle to write it as the worker does. */
async function freshData(): Promise<{ data: LibraryData; worker: LibraryStore }> {
  const name = libraries.name();
  const worker = await libraries.open(name);
  const data = new LibraryData(() => libraries.open(name));
  return { data, worker };
}

const ids = (list: readonly { id: string }[] | null): string[] | null =>
  list === null ? null : list.map((item) => item.id).sort();

describe('the library page reads', () => {
  it('read the summaries first and the whole conversations only once a tab asks', async () => {
    const { data, worker } = await freshData();
    await worker.put(libraryConversation('a'), libraryConversation('b'));
    expect(data.view().summaries).toBeNull();
    await data.refresh();
    expect(ids(data.view().summaries)).toEqual(['a', 'b']);
    expect(data.view().records).toEqual({ state: 'idle' });
    const asked = data.wantRecords();
    expect(data.view().records).toEqual({ state: 'loading' });
    await asked;
    const records = data.view().records;
    expect(records.state === 'ready' ? ids(records.records) : null).toEqual(['a', 'b']);
  });

  it('read both again on a refresh, keeping what is shown until the new read answers', async () => {
    const { data, worker } = await freshData();
    await data.wantRecords();
    const seen: Array<number | undefined> = [];
    data.subscribe(() => seen.push(data.view().summaries?.length));
    await worker.put(libraryConversation('new'));
    const refreshed = data.refresh();
    expect(data.view().summaries).toEqual([]);
    await refreshed;
    expect(seen).toEqual([1]);
    const records = data.view().records;
    expect(records.state === 'ready' ? ids(records.records) : null).toEqual(['new']);
  });

  it('read once more after the running read, however many refreshes come meanwhile', async () => {
    let reads = 0;
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = {
      summaries: async () => {
        reads += 1;
        if (reads === 1) await held;
        return [];
      },
      account: async () => null,
    } as unknown as LibraryStore;
    const data = new LibraryData(async () => store);
    const running = data.refresh();
    while (reads === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const after = [data.refresh(), data.refresh(), data.refresh()];
    expect(new Set(after).size).toBe(1);
    release();
    await Promise.all([running, ...after]);
    expect(reads).toBe(2);
  });

  it('show a change at once: one conversation deleted, then everything', async () => {
    const { data, worker } = await freshData();
    await worker.put(libraryConversation('a'), libraryConversation('b'));
    await data.refresh();
    await data.change((store) => store.delete('a'));
    expect(ids(data.view().summaries)).toEqual(['b']);
    await data.change((store) => store.clear());
    expect(data.view().summaries).toEqual([]);
    expect(await worker.count()).toBe(0);
  });

  it('say why a database that cannot be opened is not shown, and try it again on the next read', async () => {
    let attempts = 0;
    const data = new LibraryData(async () => {
      attempts += 1;
      throw new Error('blocked by the browser');
    });
    await data.wantRecords();
    expect(data.view().problem).toBe('The library could not be read: blocked by the browser');
    expect(data.view().records).toEqual({
      state: 'failed',
      message: 'The library could not be read: blocked by the browser',
    });
    await data.refresh();
    expect(attempts).toBe(2);
  });
});
