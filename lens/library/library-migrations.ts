import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { readLibraryAccount, readLibraryConversation } from './library-record';
import { ACCOUNT_KEY, type LibrarySchema } from './library-schema';
import { summaryOf } from './library-summary';

type UpgradeTransaction = IDBPTransaction<LibrarySchema, StoreNames<LibrarySchema>[], 'versionchange'>;

/**
 * A step of the library database's versions: the stores and indexes it makes. What a record holds is not a
 * step's business: after the steps, every record is read again by its schema's reader (readKeptAgain), so a
 * member added to the schema reaches the records of every earlier version with its fallback. A step only
 * adds; it never drops what the user kept.
 */
export type LibraryMigration = (db: IDBPDatabase<LibrarySchema>) => void;

/** The library database's versions, oldest first; the database's version is their count. */
export const LIBRARY_MIGRATIONS: readonly LibraryMigration[] = [
  // 1: a record per conversation, by id; the index finds what automatic deletion removes.
  (db) => {
    const conversations = db.createObjectStore('conversations', { keyPath: 'id' });
    conversations.createIndex('savedAt', 'savedAt');
  },
  // 2: each conversation's summary beside it (readKeptAgain makes them from the conversations).
  (db) => {
    db.createObjectStore('summaries', { keyPath: 'id' });
  },
  // 3: each ad says when it was shown (`shownAt`); 4: each conversation what it did not read (`unread`).
  // Both are members only, which the reader fills.
  () => undefined,
  () => undefined,
  // 5: what a data export says of the account, one record under ACCOUNT_KEY.
  (db) => {
    db.createObjectStore('account');
  },
  // 6: records that no reader could take, set aside rather than lost (readKeptAgain); every record says
  // which reader kept it (`reader`), and holds the versions of its prompts (`versions`).
  (db) => {
    db.createObjectStore('unreadable', { autoIncrement: true });
  },
];

/**
 * Every record kept by an earlier version, read again by its schema's reader and written back, with every
 * summary made again from its conversation (a summary is derived, never the only copy of anything). A record
 * the reader cannot take (no id that is text, or an account record that is no object) moves to `unreadable`
 * whole, where Manage names it: nothing the user kept is thrown away, and no tab meets a shape it cannot
 * read. `now` stands in for a time of writing a record lacks.
 */
export async function readKeptAgain(tx: UpgradeTransaction, now: number): Promise<void> {
  const unreadable = tx.objectStore('unreadable');
  const summaries = tx.objectStore('summaries');
  await summaries.clear();
  for await (const cursor of tx.objectStore('conversations').iterate()) {
    const stored: unknown = cursor.value;
    const record = readLibraryConversation(stored, now);
    if (record === null || record.id !== cursor.primaryKey) {
      await unreadable.add({ store: 'conversations', key: String(cursor.primaryKey), stored });
      await cursor.delete();
      continue;
    }
    await cursor.update(record);
    await summaries.put(summaryOf(record));
  }
  const accounts = tx.objectStore('account');
  const stored: unknown = await accounts.get(ACCOUNT_KEY);
  if (stored === undefined) return;
  const account = readLibraryAccount(stored, now);
  if (account !== null) await accounts.put(account, ACCOUNT_KEY);
  else {
    await unreadable.add({ store: 'account', key: ACCOUNT_KEY, stored });
    await accounts.delete(ACCOUNT_KEY);
  }
}
