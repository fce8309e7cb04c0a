import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { TextExportFormat } from '@/lens/export/formats';
import type { AccountRunItem } from '@/lib/library/account-run-item';
import type { ListedProject } from '@/lib/model/conversation-list';

/** The run of "add the whole account" as a whole (architecture "Adding the whole account"). */
export interface AccountRunRecord {
  /** 'running' goes on whenever the worker runs; 'paused' and 'cancelled' wait for the user. */
  status: 'running' | 'paused' | 'cancelled' | 'finished' | 'stopped';
  /** Listing comes first; a run stopped while listing lists again (a page is a hundred conversations). */
  phase: 'listing' | 'fetching';
  startedAt: number;
  finishedAt: number | null;
  /** The format each fetched conversation is also written in for the run's ZIP; null for none. */
  zipFormat: TextExportFormat | null;
  /** Why the run stopped by itself (signed out, the library off); null otherwise. */
  error: string | null;
  /** The listing's own warning, such as a list that could not be read to its end. */
  listingNote: string | null;
  /** The projects the listing found, so a ZIP can be asked for one of them by name. */
  projects: ListedProject[];
}

/** A file of a fetched conversation, kept until the user takes the run's ZIP. */
export interface AccountRunFile {
  path: string;
  conversationId: string;
  content: Uint8Array;
  compress: boolean;
}

interface AccountRunSchema extends DBSchema {
  run: { key: 'run'; value: AccountRunRecord };
  items: { key: string; value: AccountRunItem };
  files: { key: string; value: AccountRunFile; indexes: { conversationId: string } };
}

export const ACCOUNT_RUN_DATABASE = 'chat-lens-account-run';
const RUN_KEY = 'run';

/**
 * The run's state in IndexedDB, beside the library (architecture "Adding the whole account"): the run, each
 * listed conversation and how its fetch went, and the files kept for the ZIP. Each fetched conversation is
 * written in one transaction with its files, so a worker stopped at any moment leaves it either done with
 * its files or still to fetch.
 */
export class AccountRunStore {
  readonly #db: IDBPDatabase<AccountRunSchema>;

  constructor(db: IDBPDatabase<AccountRunSchema>) {
    this.#db = db;
  }

  async run(): Promise<AccountRunRecord | null> {
    return (await this.#db.get('run', RUN_KEY)) ?? null;
  }

  async setRun(run: AccountRunRecord): Promise<void> {
    await this.#db.put('run', run, RUN_KEY);
  }

  items(): Promise<AccountRunItem[]> {
    return this.#db.getAll('items');
  }

  async putItems(items: readonly AccountRunItem[]): Promise<void> {
    const tx = this.#db.transaction('items', 'readwrite');
    await Promise.all([...items.map((item) => tx.store.put(item)), tx.done]);
  }

  /** An item and the files written for it, replacing the files an earlier fetch of it left. */
  async putFetched(item: AccountRunItem, files: readonly AccountRunFile[]): Promise<void> {
    const tx = this.#db.transaction(['items', 'files'], 'readwrite');
    const kept = tx.objectStore('files');
    const pending: Promise<unknown>[] = [tx.done, tx.objectStore('items').put(item)];
    for (const path of await kept.index('conversationId').getAllKeys(item.id))
      pending.push(kept.delete(path));
    for (const file of files) pending.push(kept.put(file));
    await Promise.all(pending);
  }

  /** Each kept file's path and its conversation, read from the index alone: no file's content is loaded. */
  async fileOwners(): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    const index = this.#db.transaction('files').store.index('conversationId');
    for (let cursor = await index.openKeyCursor(); cursor !== null; cursor = await cursor.continue())
      owners.set(cursor.primaryKey, cursor.key);
    return owners;
  }

  filesOf(conversationId: string): Promise<AccountRunFile[]> {
    return this.#db.getAllFromIndex('files', 'conversationId', conversationId);
  }

  /** Forgets every run: the next one lists and fetches the whole account again. */
  async clear(): Promise<void> {
    const tx = this.#db.transaction(['run', 'items', 'files'], 'readwrite');
    await Promise.all([
      tx.objectStore('run').clear(),
      tx.objectStore('items').clear(),
      tx.objectStore('files').clear(),
      tx.done,
    ]);
  }

  close(): void {
    this.#db.close();
  }
}

export async function openAccountRun(name = ACCOUNT_RUN_DATABASE): Promise<AccountRunStore> {
  const db = await openDB<AccountRunSchema>(name, 1, {
    upgrade(database) {
      database.createObjectStore('run');
      database.createObjectStore('items', { keyPath: 'id' });
      database
        .createObjectStore('files', { keyPath: 'path' })
        .createIndex('conversationId', 'conversationId');
    },
    blocking() {
      db.close();
    },
  });
  return new AccountRunStore(db);
}
