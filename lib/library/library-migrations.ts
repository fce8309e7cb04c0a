import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { LibrarySchema } from './library-schema';

type UpgradeTransaction = IDBPTransaction<LibrarySchema, StoreNames<LibrarySchema>[], 'versionchange'>;

/**
 * The library database's versions, oldest first: opening runs every step after the version found, in the
 * one upgrade transaction, so an upgrade stopped half-way leaves the old database as it was. A step only
 * adds or rebuilds; it never drops what the user kept.
 */
export type LibraryMigration = (db: IDBPDatabase<LibrarySchema>, tx: UpgradeTransaction) => Promise<void>;

export const LIBRARY_MIGRATIONS: readonly LibraryMigration[] = [
  // 1: a record per conversation, by id; the index finds what automatic deletion removes.
  async (db) => {
    const conversations = db.createObjectStore('conversations', { keyPath: 'id' });
    conversations.createIndex('savedAt', 'savedAt');
  },
];
