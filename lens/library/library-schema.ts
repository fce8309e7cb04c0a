import type { DBSchema, IDBPDatabase } from 'idb';
import type { LibraryAccount, LibraryConversation } from './library-record';
import type { LibrarySummary } from './library-summary';

/** A record an upgrade found that no reader could take, kept as it was stored (library-migrations.ts). */
export interface UnreadableRecord {
  /** The store it was in. */
  store: 'conversations' | 'account';
  /** Its key there, as text. */
  key: string;
  stored: unknown;
}

/**
 * The library database's stores (library-migrations.ts makes them): each conversation whole, and beside
 * it its summary, which the overview reads without reading the conversations; the one record of what
 * a data export says of the account, under ACCOUNT_KEY; and the records an upgrade could not read.
 */
export interface LibrarySchema extends DBSchema {
  conversations: { key: string; value: LibraryConversation; indexes: { savedAt: number } };
  summaries: { key: string; value: LibrarySummary };
  account: { key: string; value: LibraryAccount };
  unreadable: { key: number; value: UnreadableRecord };
}

/** The key of the account store's one record. */
export const ACCOUNT_KEY = 'account';

export type LibraryDatabase = IDBPDatabase<LibrarySchema>;
