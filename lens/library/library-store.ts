import { openDB } from 'idb';
import { mergeAccount } from './library-account';
import { LIBRARY_MIGRATIONS, readKeptAgain } from './library-migrations';
import type { LibraryAccount, LibraryConversation } from './library-record';
import {
  ACCOUNT_KEY,
  type LibraryDatabase,
  type LibrarySchema,
  type UnreadableRecord,
} from './library-schema';
import { type LibrarySummary, summaryOf } from './library-summary';

/**
 * The library's IndexedDB database (architecture "The library"), in the extension's own origin: the worker
 * writes it, the library page reads and manages it. Each conversation is one record, written with its
 * summary in one transaction, so a worker stopped mid-write leaves the previous revision, never half of the
 * new one, and never a summary that disagrees with its conversation.
 */
export const LIBRARY_DATABASE = 'chat-lens-library';

/** Why a write failed, in words the page shows: a full disk is the user's to solve, the rest is not. */
export class LibraryWriteError extends Error {
  readonly kind: 'quota' | 'failed';

  constructor(kind: 'quota' | 'failed', message: string) {
    super(message);
    this.name = 'LibraryWriteError';
    this.kind = kind;
  }
}

/** An error's name, whatever kind of object it is (a DOMException is no Error in every engine). */
const errorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

function writeError(error: unknown): LibraryWriteError {
  if (errorName(error) === 'QuotaExceededError')
    return new LibraryWriteError(
      'quota',
      'The browser has no room left for the library: nothing new was kept.',
    );
  const detail = error instanceof Error ? error.message : String(error);
  return new LibraryWriteError('failed', `The library could not be written: ${detail}`);
}

function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already finished: aborted by the failure itself.
  }
}

const BOTH_STORES = ['conversations', 'summaries'] as const;
const EVERY_STORE = [...BOTH_STORES, 'account', 'unreadable'] as const;

export class LibraryStore {
  readonly #db: LibraryDatabase;

  constructor(db: LibraryDatabase) {
    this.#db = db;
  }

  /** Writes the conversations and their summaries, replacing what was kept of them: all or none. */
  async put(...records: LibraryConversation[]): Promise<void> {
    const tx = this.#db.transaction(BOTH_STORES, 'readwrite');
    const pending: Promise<unknown>[] = [tx.done];
    try {
      const conversations = tx.objectStore('conversations');
      const summaries = tx.objectStore('summaries');
      for (const record of records) pending.push(conversations.put(record), summaries.put(summaryOf(record)));
    } catch (error) {
      // A put that throws at once (a value that cannot be stored) would let the puts before it commit.
      abortQuietly(tx);
      await Promise.allSettled(pending);
      throw writeError(error);
    }
    const reasons = (await Promise.allSettled(pending)).flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    // The requests a failure aborted fail too: the cause is the one that is no AbortError.
    const cause =
      reasons.find((reason) => !(reason instanceof Error && reason.name === 'AbortError')) ?? reasons[0];
    if (reasons.length > 0) throw writeError(cause);
  }

  /** Every conversation's summary: what the overview reads first. */
  summaries(): Promise<LibrarySummary[]> {
    return this.#db.getAll('summaries');
  }

  get(id: string): Promise<LibraryConversation | undefined> {
    return this.#db.get('conversations', id);
  }

  all(): Promise<LibraryConversation[]> {
    return this.#db.getAll('conversations');
  }

  count(): Promise<number> {
    return this.#db.count('conversations');
  }

  /** What data exports said of the account; null when none was imported. */
  async account(): Promise<LibraryAccount | null> {
    return (await this.#db.get('account', ACCOUNT_KEY)) ?? null;
  }

  /** Merges an import's account facts into those kept (library-account.ts), read and written at once. */
  async addAccount(incoming: LibraryAccount): Promise<void> {
    const tx = this.#db.transaction('account', 'readwrite');
    const write = async (): Promise<void> => {
      const kept = (await tx.store.get(ACCOUNT_KEY)) ?? null;
      await tx.store.put(mergeAccount(kept, incoming), ACCOUNT_KEY);
    };
    try {
      await Promise.all([write(), tx.done]);
    } catch (error) {
      throw writeError(error);
    }
  }

  /** The records an upgrade could not read (library-migrations.ts), as they were stored. */
  unreadable(): Promise<UnreadableRecord[]> {
    return this.#db.getAll('unreadable');
  }

  /** Deletes the records an upgrade could not read. */
  async deleteUnreadable(): Promise<void> {
    await this.#db.clear('unreadable');
  }

  async delete(id: string): Promise<void> {
    const tx = this.#db.transaction(BOTH_STORES, 'readwrite');
    await Promise.all([
      tx.objectStore('conversations').delete(id),
      tx.objectStore('summaries').delete(id),
      tx.done,
    ]);
  }

  /** Deletes everything kept, the account's record too: the database stays, empty. */
  async clear(): Promise<void> {
    const tx = this.#db.transaction(EVERY_STORE, 'readwrite');
    await Promise.all([
      tx.objectStore('conversations').clear(),
      tx.objectStore('summaries').clear(),
      tx.objectStore('account').clear(),
      tx.objectStore('unreadable').clear(),
      tx.done,
    ]);
  }

  /**
   * Deletes what was last written before `ms`: automatic deletion after N days, the account's record too.
   * How many conversations went.
   */
  async deleteSavedBefore(ms: number): Promise<number> {
    const tx = this.#db.transaction(EVERY_STORE, 'readwrite');
    const account = tx.objectStore('account');
    const kept = await account.get(ACCOUNT_KEY);
    if (kept !== undefined && kept.savedAt < ms) await account.delete(ACCOUNT_KEY);
    const summaries = tx.objectStore('summaries');
    let deleted = 0;
    const index = tx.objectStore('conversations').index('savedAt');
    for await (const cursor of index.iterate(IDBKeyRange.upperBound(ms, true))) {
      await Promise.all([summaries.delete(cursor.primaryKey), cursor.delete()]);
      deleted += 1;
    }
    await tx.done;
    return deleted;
  }

  close(): void {
    this.#db.close();
  }
}

/**
 * Opens the library, upgrading a database an older version wrote (library-migrations.ts): its steps, then
 * every kept record read again, all in the one upgrade transaction, so an upgrade stopped half-way leaves the
 * old database as it was. Another context holding an older version open is asked to close it (the
 * `blocking` callback), so an upgrade never waits on a tab left open.
 */
export async function openLibrary(name = LIBRARY_DATABASE, now = Date.now()): Promise<LibraryStore> {
  const db = await openDB<LibrarySchema>(name, LIBRARY_MIGRATIONS.length, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      for (const migrate of LIBRARY_MIGRATIONS.slice(oldVersion)) migrate(database);
      if (oldVersion > 0) await readKeptAgain(transaction, now);
    },
    blocking() {
      db.close();
    },
  });
  return new LibraryStore(db);
}
