import { LIBRARY_READER, type LibraryConversation } from './library-record';
import type { LibraryStore } from './library-store';

/** How a batch of a data export's conversations went into the library. */
export interface MergeCounts {
  added: number;
  updated: number;
  /** Held already, as kept by an earlier reader: read again from the new copy, which holds more. */
  reread: number;
  /** Held already, as new as the export's copy or newer: left as it is. */
  unchanged: number;
}

export interface MergedBatch extends MergeCounts {
  /** What to write: the conversations the library lacks or holds an older copy of. */
  records: LibraryConversation[];
}

/** The export's copy is newer than the one kept: it was updated on the site since. */
const isNewer = (incoming: LibraryConversation, kept: LibraryConversation): boolean =>
  incoming.updatedAt !== null && (kept.updatedAt === null || incoming.updatedAt > kept.updatedAt);

/** What an earlier reader kept lacks what this one reads (architecture "Records kept by an earlier version"). */
const isKeptByEarlierReader = (kept: LibraryConversation): boolean => kept.reader < LIBRARY_READER;

/**
 * A batch of a data export's conversations against what the library holds of them; ids are keys, as in
 * architecture "The library". A conversation already kept is replaced only by a copy updated since, or when
 * an earlier reader kept it, so the same export imported twice writes nothing, and a copy the extension kept
 * with its ads and streams is not replaced by the export's older one. A conversation the batch holds twice
 * counts once, at its last.
 */
export function mergeDataExportBatch(
  kept: ReadonlyMap<string, LibraryConversation>,
  batch: readonly LibraryConversation[],
): MergedBatch {
  const last = new Map(batch.map((record) => [record.id, record]));
  const merged: MergedBatch = { records: [], added: 0, updated: 0, reread: 0, unchanged: 0 };
  for (const record of last.values()) {
    const held = kept.get(record.id);
    if (held === undefined) merged.added += 1;
    else if (isNewer(record, held)) merged.updated += 1;
    else if (isKeptByEarlierReader(held)) merged.reread += 1;
    else {
      merged.unchanged += 1;
      continue;
    }
    merged.records.push(record);
  }
  return merged;
}

/** Writes a batch into the library in one transaction, reading first what it holds of those ids. */
export function libraryBatchWriter(
  store: Pick<LibraryStore, 'get' | 'put'>,
): (batch: LibraryConversation[]) => Promise<MergeCounts> {
  return async (batch) => {
    const held = await Promise.all(batch.map((record) => store.get(record.id)));
    const kept = new Map(
      held.flatMap((record) => (record === undefined ? [] : [[record.id, record] as const])),
    );
    const { records, ...counts } = mergeDataExportBatch(kept, batch);
    if (records.length > 0) await store.put(...records);
    return counts;
  };
}
