import { zipStream } from '@/lib/export/zip-stream';
import type { TableChunk } from '@/lib/library/table-sink';
import type { DatasetFolder } from './dataset-writer';

/**
 * A dataset's folder as a ZIP of the same layout, for a browser without a folder picker (export-format
 * "Team dataset"): a file's pieces wait until it is complete, then it enters the archive whole, so the
 * archive never holds a half-written file. It starts empty: there is no earlier run to list or remove.
 */
export function zipDatasetFolder(modified: Date): DatasetFolder & { finish(): Blob } {
  const zip = zipStream(modified);
  const archive: Uint8Array[] = [];
  return {
    create: async (path) => {
      const pieces: TableChunk[] = [];
      return {
        write: (chunk) => void pieces.push(chunk),
        // Parquet is compressed already: stored, not deflated again.
        close: async () => void archive.push(...zip.file(path, pieces, false)),
      };
    },
    list: async () => [],
    remove: async () => {},
    finish: () => new Blob([...archive, ...zip.finish()] as BlobPart[], { type: 'application/zip' }),
  };
}
