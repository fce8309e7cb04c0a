import { openDB } from 'idb';
import { LIBRARY_MIGRATIONS } from './library-migrations';
import type { LibraryConversation } from './library-record';
import type { LibraryDatabase, LibrarySchema } from './library-schema';

/**
 * The library's IndexedDB database (architecture "The library"), in the extension's own origin: the worker
 * writes it, the library page reads and manages it. Each conversation is one record, written whole in one
 * transaction, so a worker stopped mid-write leaves the previous revision, never half of the new one.
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

function writeError(error: unknown): LibraryWriteError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'QuotaExceededError')
    return new LibraryWriteError(
      'quota',
      'The browser has no room left for the library: nothing new was kept.',
    );
  const detail = error instanceof Error ? error.message : String(error);
  return new LibraryWriteError('failed', `The library could not be written: ${detail}`);
}

export class LibraryStore {
  readonly #db: LibraryDatabase;

  constructor(db: LibraryDatabase) {
    this.#db = db;
  }

  /** Writes the conversation, replacing what was kept of it. */
  async put(record: LibraryConversation): Promise<void> {
    try {
      const tx = this.#db.transaction('conversations', 'readwrite');
      await Promise.all([tx.store.put(record), tx.done]);
    } catch (error) {
      throw writeError(error);
    }
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

  async delete(id: string): Promise<void> {
    await this.#db.delete('conversations', id);
  }

  async clear(): Promise<void> {
    await this.#db.clear('conversations');
  }

  /** Deletes what was last written before `ms`: automatic deletion after N days. How many went. */
  async deleteSavedBefore(ms: number): Promise<number> {
    const tx = this.#db.transaction('conversations', 'readwrite');
    let deleted = 0;
    for await (const cursor of tx.store.index('savedAt').iterate(IDBKeyRange.upperBound(ms, true))) {
      await cursor.delete();
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
 * Opens the library, upgrading a database an older version wrote (library-migrations.ts). Another context
 * holding an older version open is asked to close it (the `blocking` callback), so an upgrade never waits
 * on a tab left open.
 */
export async function openLibrary(name = LIBRARY_DATABASE): Promise<LibraryStore> {
  const db = await openDB<LibrarySchema>(name, LIBRARY_MIGRATIONS.length, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      for (const migrate of LIBRARY_MIGRATIONS.slice(oldVersion)) await migrate(database, transaction);
    },
    blocking() {
      db.close();
    },
  });
  return new LibraryStore(db);
}
