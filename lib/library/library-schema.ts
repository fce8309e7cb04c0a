import type { DBSchema, IDBPDatabase } from 'idb';
import type { LibraryConversation } from './library-record';

/** The library database's stores (library-migrations.ts makes them). */
export interface LibrarySchema extends DBSchema {
  conversations: { key: string; value: LibraryConversation; indexes: { savedAt: number } };
}

export type LibraryDatabase = IDBPDatabase<LibrarySchema>;
