import type { LibraryData } from '@/components/library/shared/library-data';
import { accountZipFileName } from '@/components/library/shared/library-file-names';
import type { AccountRunStore } from '@/lens/library/account-run-store';
import { downloadFile } from '@/lens/runtime/contract/download-file';
import { zipTreeSink } from '@/lib/export/tree-sink';
import type { RunSelection } from './account-run-selection';
import { type AccountRunZipCounts, writeAccountRunZip } from './account-run-zip';

/** The ZIP's bytes are gathered into a Blob every so many, so the page's heap holds one such piece at most. */
const BLOB_PIECE_BYTES = 8 * 1024 * 1024;

/** Bytes written in order, kept as Blobs, which the browser may hold outside the page's heap. */
function blobParts() {
  const blobs: Blob[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = (): void => {
    if (pending.length === 0) return;
    blobs.push(new Blob(pending as BlobPart[]));
    pending = [];
    pendingBytes = 0;
  };
  return {
    write: async (chunk: Uint8Array): Promise<void> => {
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= BLOB_PIECE_BYTES) flush();
    },
    finish: async (): Promise<void> => flush(),
    blob: (type: string): Blob => new Blob(blobs, { type }),
  };
}

/**
 * Writes the run's ZIP (components/library/account-run/account-run-zip.ts) and saves it. `progress` hears
 * each conversation written, of how many the run fetched.
 */
export async function downloadAccountRunZip(
  runStore: AccountRunStore,
  data: LibraryData,
  selection: RunSelection,
  progress: (written: number, total: number) => void,
): Promise<AccountRunZipCounts> {
  const run = await runStore.run();
  if (run === null) throw new Error('No run has kept anything yet.');
  const items = await runStore.items();
  const total = items.filter((item) => item.state === 'done').length;
  let written = 0;
  const exportedAt = new Date();
  const parts = blobParts();
  const counts = await writeAccountRunZip(
    {
      run,
      items,
      filesOf: async (id) => {
        progress(written, total);
        written += 1;
        return runStore.filesOf(id);
      },
      record: (id) => data.read((store) => store.get(id)),
      selection,
    },
    zipTreeSink(exportedAt, parts.write, parts.finish),
    exportedAt,
  );
  const mimeType = 'application/zip';
  downloadFile(document, {
    fileName: accountZipFileName(exportedAt.getTime()),
    mimeType,
    body: parts.blob(mimeType),
  });
  return counts;
}
