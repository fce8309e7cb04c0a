import type { DBSchema, IDBPDatabase } from 'idb';
import type { LibraryConversation } from './library-record';
import type { LibrarySummary } from './library-summary';

/**
 * The library database's stores (library-migrations.ts makes them): each conversation whole, and beside
 * it its summary, which the overview reads without reading the conversations.
 */
export interface LibrarySchema extends DBSchema {
  conversations: { key: string; value: LibraryConversation; indexes: { savedAt: number } };
  summaries: { key: string; value: LibrarySummary };
}

export type LibraryDatabase = IDBPDatabase<LibrarySchema>;
