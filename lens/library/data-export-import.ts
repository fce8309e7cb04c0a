import { exportInspector } from '@/lens/insights/export-inspection';
import { isDataExportItem, normalizeDataExportItem } from '@/lib/model/data-export';
import type { DataExportFiles } from '@/lib/model/data-export-files';
import { readDataExportMembers } from '@/lib/model/data-export-members';
import { readDataExportItems } from '@/lib/model/data-export-stream';
import type { LensError } from '@/lib/model/result';
import { ZipEntryError } from '@/lib/model/zip-entry';
import type { MergeCounts } from './data-export-merge';
import { accountOfExport } from './library-account';
import type { LibraryAccount, LibraryConversation } from './library-record';
import { recordOfInspection } from './record-of-inspection';

/** Conversations written in one transaction: many small transactions are slow (architecture "The library"). */
export const IMPORT_BATCH = 50;

export interface ImportProgress {
  /** Conversations read so far, readable or not. */
  conversations: number;
  bytesRead: number;
  /** The conversations files' bytes, unpacked. */
  totalBytes: number;
}

export interface ImportOutcome extends MergeCounts {
  /** Items of the export that are no readable conversation, or name no id: left out. */
  skipped: number;
  /** Why reading stopped before the end, after everything read before it was written; null when it did not. */
  stopped: LensError | null;
  cancelled: boolean;
  /** What `ads.json` said of the account and was kept: its interests and its ads of no conversation. */
  account: { interests: number; ads: number } | null;
}

export interface ImportOptions {
  keepAnswerText: boolean;
  savedAt: number;
  /** Writes a batch: what the library lacks or holds older (data-export-merge.ts), and how each went. */
  write(records: LibraryConversation[]): Promise<MergeCounts>;
  /** Merges what the export says of the account into the library (LibraryStore.addAccount). */
  writeAccount(account: LibraryAccount): Promise<void>;
  progress(progress: ImportProgress): void;
  /** The user asked to stop: what was read is written, nothing more is read. */
  cancelled(): boolean;
}

const NOT_CONVERSATIONS =
  'Not a ChatGPT data export: its conversations file holds no conversation (a list of objects with a mapping).';

/** A failed read: the archive's typed error, or the browser's reason a file could not be read. */
const readError = (error: unknown): LensError =>
  error instanceof ZipEntryError
    ? error.error
    : {
        code: 'network',
        message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
      };

/**
 * A data export read into the library one conversation at a time (export-format "Reading the data export"):
 * each normalized and inspected through the same core as the extension's, kept as the extension keeps it
 * (record-of-inspection.ts), and written in batches. A damaged export, a failed read or a cancel stops the
 * reading; what was read before is written all the same (architecture "Tolerant reader").
 */
export async function importDataExport(
  source: DataExportFiles,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = {
    added: 0,
    updated: 0,
    reread: 0,
    unchanged: 0,
    skipped: 0,
    stopped: null,
    cancelled: false,
    account: null,
  };
  const members = await readDataExportMembers(source.layout, source.read);
  // What the side files say of the account is read whole before the conversations, so it is kept first.
  const account = members.ads === null ? null : accountOfExport(members.ads, options.savedAt);
  if (account !== null) {
    await options.writeAccount(account);
    outcome.account = { interests: account.interests.length, ads: account.ads.length };
  }
  // What the side files say of each conversation: its ads, dated, and its rated answers (site-interface 10.8).
  const inspectOne = exportInspector(members);
  const batch: LibraryConversation[] = [];
  let read = 0;
  let isExport = false;
  let thrown: LensError | null = null;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const counts = await options.write(batch.splice(0));
    outcome.added += counts.added;
    outcome.updated += counts.updated;
    outcome.reread += counts.reread;
    outcome.unchanged += counts.unchanged;
  };
  async function* guarded(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of chunks) {
        if (options.cancelled()) return;
        yield chunk;
      }
    } catch (error) {
      thrown = readError(error);
    }
  }
  function* parts(): Generator<AsyncIterable<Uint8Array>> {
    for (const name of source.layout.parts) {
      if (thrown !== null || options.cancelled()) return;
      yield guarded(source.read(name));
    }
  }
  const result = await readDataExportItems(parts(), {
    item: async (item) => {
      if (options.cancelled()) return;
      isExport ||= isDataExportItem(item);
      const normalized = normalizeDataExportItem(item, read);
      read += 1;
      const record = normalized.ok ? recordOfInspection(inspectOne(normalized.value), options) : null;
      if (record === null) outcome.skipped += 1;
      else batch.push(record);
      if (batch.length >= IMPORT_BATCH) await flush();
    },
    progress: (bytesRead) =>
      options.progress({ conversations: read, bytesRead, totalBytes: source.partsBytes }),
  });
  await flush();
  outcome.cancelled = options.cancelled();
  if (outcome.cancelled) return outcome;
  if (thrown !== null) outcome.stopped = thrown;
  else if (!result.ok) outcome.stopped = result.error;
  else if (!isExport) outcome.stopped = { code: 'unexpected-shape', message: NOT_CONVERSATIONS };
  return outcome;
}
