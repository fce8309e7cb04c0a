import type { DBSchema, IDBPDatabase } from 'idb';
import type { LibraryAccount, LibraryConversation } from './library-record';
import type { LibrarySummary } from './library-summary';

/**
 * The library database's stores (library-migrations.ts makes them): each conversation whole, and beside
 * it its summary, which the overview reads without reading the conversations; and the one record of what
 * a data export says of the account, under ACCOUNT_KEY.
 */
export interface LibrarySchema extends DBSchema {
  conversations: { key: string; value: LibraryConversation; indexes: { savedAt: number } };
  summaries: { key: string; value: LibrarySummary };
  account: { key: string; value: LibraryAccount };
}

/** The key of the account store's one record. */
export const ACCOUNT_KEY = 'account';

export type LibraryDatabase = IDBPDatabase<LibrarySchema>;
