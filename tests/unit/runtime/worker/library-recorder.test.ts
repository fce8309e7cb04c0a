import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LIBRARY_STATUS_OK, type LibraryStatus } from '@/lens/runtime/contract/library-status';
import { DEFAULT_LIBRARY_SETTINGS, type LibrarySettings } from '@/lens/runtime/contract/settings';
import { LIBRARY_WRITE_DELAY_MS, LibraryRecorder } from '@/lens/runtime/worker/library-recorder';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { libraryConversation } from '@/tests/support/library-records';
import { scratchLibraries } from '@/tests/unit/library/scratch-libraries';
import { visibleAt } from '@/tests/unit/runtime/page-load';
import { openConversation, TAB, workerOver } from './worker-setup';

const SEARCH = FIXTURE_IDS.webSearch;
const PLAIN = FIXTURE_IDS.plain;
const DAY_MS = 86_400_000;

const libraries = scratchLibraries('recorder');

/** A worker whose library is a real store of its own, with settings and status the test can read. */
async function libraryWorker(settings: Partial<LibrarySettings> = { enabled: true }) {
  const store = await libraries.open(libraries.name());
  const state = {
    settings: { ...DEFAULT_LIBRARY_SETTINGS, ...settings },
    status: LIBRARY_STATUS_OK,
    opens: 0,
  };
  const setup = workerOver(
    undefined,
    [],
    (clock) =>
      new LibraryRecorder({
        open: async () => {
          state.opens += 1;
          return store;
        },
        settings: async () => state.settings,
        now: clock.now,
        schedule: clock.schedule,
        reportStatus: async (status: LibraryStatus) => {
          state.status = status;
        },
      }),
  );
  return { ...setup, store, state };
}

describe('the library as the worker writes it', () => {
  it('keeps a conversation the tab showed, once its offers settled, with its queries and pages', async () => {
    const setup = await libraryWorker();
    await openConversation(setup, SEARCH);
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    const record = await setup.store.get(SEARCH);
    expect(record?.turns.some((turn) => turn.queries.length > 0)).toBe(true);
    expect(record?.turns.some((turn) => turn.pages.length > 0)).toBe(true);
    expect(record?.answerTextKept).toBe(true);
    expect(setup.state.status).toMatchObject({ state: 'ok' });
  });

  it('writes a revision once: polls and refreshes of an unchanged conversation write nothing', async () => {
    const setup = await libraryWorker();
    await openConversation(setup, SEARCH);
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    const first = await setup.store.get(SEARCH);
    await setup.worker.refresh(TAB);
    await setup.worker.pageState(TAB, visibleAt(SEARCH));
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 5);
    expect((await setup.store.get(SEARCH))?.savedAt).toBe(first?.savedAt);
  });

  it('keeps every conversation the tab moved through, each once', async () => {
    const setup = await libraryWorker();
    await openConversation(setup, SEARCH);
    await openConversation(setup, PLAIN);
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    expect((await setup.store.all()).map((record) => record.id).sort()).toEqual([SEARCH, PLAIN].sort());
  });

  it('keeps nothing while the library is off, and opens no database', async () => {
    const setup = await libraryWorker({ enabled: false });
    await openConversation(setup, SEARCH);
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    expect(await setup.store.count()).toBe(0);
    expect(setup.state.opens).toBe(0);
  });

  it('keeps no answer text when told not to', async () => {
    const setup = await libraryWorker({ enabled: true, keepAnswerText: false });
    await openConversation(setup, SEARCH);
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    const record = await setup.store.get(SEARCH);
    expect(record?.turns.length).toBeGreaterThan(0);
    expect(record?.turns.every((turn) => turn.answer === null)).toBe(true);
  });

  it('deletes what is older than the automatic deletion allows when it writes', async () => {
    const setup = await libraryWorker({ enabled: true, retentionDays: 30 });
    await setup.store.put(
      libraryConversation('old-one', undefined, { savedAt: setup.clock.now() - 31 * DAY_MS }),
    );
    await setup.store.put(
      libraryConversation('recent', undefined, { savedAt: setup.clock.now() - 29 * DAY_MS }),
    );
    await openConversation(setup, SEARCH);
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    expect((await setup.store.all()).map((record) => record.id).sort()).toEqual([SEARCH, 'recent'].sort());
  });

  it('tells of a full disk, and what was kept stays readable', async () => {
    const setup = await libraryWorker();
    await openConversation(setup, PLAIN);
    await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await openConversation(setup, SEARCH);
      await setup.advance(LIBRARY_WRITE_DELAY_MS * 2);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(setup.state.status).toMatchObject({ state: 'quota' });
    expect(setup.state.status.message).toMatch(/no room/);
    expect((await setup.store.all()).map((record) => record.id)).toEqual([PLAIN]);
  });
});
