import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { LibrarySchema } from './library-schema';
import { summaryOf } from './library-summary';

type UpgradeTransaction = IDBPTransaction<LibrarySchema, StoreNames<LibrarySchema>[], 'versionchange'>;

/**
 * The library database's versions, oldest first: opening runs every step after the version found, in the
 * one upgrade transaction, so an upgrade stopped half-way leaves the old database as it was. A step only
 * adds or rebuilds; it never drops what the user kept.
 */
export type LibraryMigration = (db: IDBPDatabase<LibrarySchema>, tx: UpgradeTransaction) => Promise<void>;

/** Every summary made again from its conversation: a summary is derived, never the only copy of anything. */
async function rebuildSummaries(tx: UpgradeTransaction): Promise<void> {
  const summaries = tx.objectStore('summaries');
  await summaries.clear();
  for await (const cursor of tx.objectStore('conversations').iterate())
    await summaries.put(summaryOf(cursor.value));
}

export const LIBRARY_MIGRATIONS: readonly LibraryMigration[] = [
  // 1: a record per conversation, by id; the index finds what automatic deletion removes.
  async (db) => {
    const conversations = db.createObjectStore('conversations', { keyPath: 'id' });
    conversations.createIndex('savedAt', 'savedAt');
  },
  // 2: each conversation's summary beside it, made here from the conversations already kept.
  async (db, tx) => {
    db.createObjectStore('summaries', { keyPath: 'id' });
    await rebuildSummaries(tx);
  },
  // 3: each ad of a conversation says when it was shown (a data export's ad history dates it); those kept
  // before were not dated.
  async (_db, tx) => {
    for await (const cursor of tx.objectStore('conversations').iterate())
      await cursor.update({
        ...cursor.value,
        ads: cursor.value.ads.map((ad) => ({ ...ad, shownAt: ad.shownAt ?? null })),
      });
  },
  // 4: each conversation says what it held that was not read (unknown, null, for those kept before), and
  // its summary counts it.
  async (_db, tx) => {
    for await (const cursor of tx.objectStore('conversations').iterate())
      await cursor.update({ ...cursor.value, unread: cursor.value.unread ?? null });
    await rebuildSummaries(tx);
  },
  // 5: what a data export says of the account (its ads' interests, the ads of no conversation), one record.
  async (db) => {
    db.createObjectStore('account');
  },
];
