import type { LibraryAccount, LibraryConversation } from '@/lens/library/library-record';
import type { UnreadableRecord } from '@/lens/library/library-schema';
import type { LibraryStore } from '@/lens/library/library-store';
import type { LibrarySummary } from '@/lens/library/library-summary';

/** The kept conversations whole: read only once a tab needs them (architecture "The library"). */
export type RecordsLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; records: readonly LibraryConversation[] }
  | { state: 'failed'; message: string };

/** What the page shows of the database. */
export interface LibraryView {
  /** Every conversation's summary; null until the first read answered. */
  summaries: readonly LibrarySummary[] | null;
  /** What data exports said of the account; null when none was imported, or until the first read. */
  account: LibraryAccount | null;
  records: RecordsLoad;
  /** The records an upgrade could not read, set aside (library-migrations.ts); Manage names them. */
  unreadable: readonly UnreadableRecord[];
  /** Why the database could not be opened or read, in words to show; null when it could. */
  problem: string | null;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The library page's reads of the database, shared by its tabs. The summaries and the account's record
 * come first (the overview needs nothing else); the records once a tab asks for them, then again on every refresh. Reads in flight
 * keep what is shown until they answer, so a refresh never blanks a tab or loses its place; refreshes that
 * come while one runs are read once, after it.
 */
export class LibraryData {
  readonly #open: () => Promise<LibraryStore>;
  #store: Promise<LibraryStore> | null = null;
  #view: LibraryView = {
    summaries: null,
    account: null,
    records: { state: 'idle' },
    unreadable: [],
    problem: null,
  };
  readonly #listeners = new Set<() => void>();
  #running: Promise<void> = Promise.resolve();
  #queued: Promise<void> | null = null;

  constructor(open: () => Promise<LibraryStore>) {
    this.#open = open;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly view = (): LibraryView => this.#view;

  #show(patch: Partial<LibraryView>): void {
    this.#view = { ...this.#view, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #storeOf(): Promise<LibraryStore> {
    this.#store ??= this.#open();
    return this.#store;
  }

  async #read(): Promise<void> {
    try {
      const store = await this.#storeOf();
      const wantsRecords = this.#view.records.state !== 'idle';
      const [summaries, account, unreadable, records] = await Promise.all([
        store.summaries(),
        store.account(),
        store.unreadable(),
        wantsRecords ? store.all() : null,
      ]);
      this.#show({
        summaries,
        account,
        unreadable,
        problem: null,
        ...(records === null ? {} : { records: { state: 'ready', records } }),
      });
    } catch (error) {
      // A database closed under the page (another context upgraded it) is opened again on the next read.
      this.#store = null;
      const message = `The library could not be read: ${reasonOf(error)}`;
      const records = this.#view.records;
      this.#show({
        problem: message,
        ...(records.state === 'loading' ? { records: { state: 'failed', message } } : {}),
      });
    }
  }

  /** Reads the database again: the summaries, and the records once a tab asked for them. */
  refresh(): Promise<void> {
    if (this.#queued !== null) return this.#queued;
    const queued = this.#running.then(() => {
      this.#queued = null;
      return this.#read();
    });
    this.#queued = queued;
    this.#running = queued;
    return queued;
  }

  /** A tab needs the records: the first call reads them, a failed read is tried again. */
  wantRecords(): Promise<void> {
    const { state } = this.#view.records;
    if (state !== 'idle' && state !== 'failed') return this.#running;
    this.#show({ records: { state: 'loading' } });
    return this.refresh();
  }

  /** Reads from the database what the page does not hold (an export's records), changing nothing. */
  async read<T>(work: (store: LibraryStore) => Promise<T>): Promise<T> {
    return work(await this.#storeOf());
  }

  /** Changes the database (a deletion, an import), then reads it again whether the change held or not. */
  async change<T>(work: (store: LibraryStore) => Promise<T>): Promise<T> {
    try {
      return await work(await this.#storeOf());
    } finally {
      await this.refresh();
    }
  }
}
