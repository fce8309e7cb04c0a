import { type DataExportFiles, folderDataExport, zipDataExport } from '@/lib/model/data-export-files';
import type { Result } from '@/lib/model/result';
import type { RandomAccessBytes } from '@/lib/model/zip-directory';
import { ZIP_READ_BYTES } from '@/lib/model/zip-entry';

/** A picked file read at any place through `slice`: the browser reads only the piece asked for. */
export const blobSource = (blob: Blob): RandomAccessBytes => ({
  size: blob.size,
  read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
});

/** A picked file's bytes in bounded pieces, in order. */
async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < blob.size; offset += ZIP_READ_BYTES)
    yield new Uint8Array(await blob.slice(offset, offset + ZIP_READ_BYTES).arrayBuffer());
}

/** A file's name from the top of the folder picked: `webkitRelativePath` starts with the folder's own name. */
const nameInFolder = (file: File): string => {
  const path = file.webkitRelativePath || file.name;
  return path.includes('/') ? path.slice(path.indexOf('/') + 1) : path;
};

/**
 * What the user picked on the library page, as a data export (export-format "Reading the data export"): one
 * ZIP file as ChatGPT sent it, a conversations file alone, or every file of the folder it unpacks to.
 */
export async function pickedDataExport(files: readonly File[]): Promise<Result<DataExportFiles>> {
  const [only] = files;
  if (files.length === 1 && only !== undefined && !only.webkitRelativePath && !only.name.endsWith('.json'))
    return zipDataExport(blobSource(only));
  const byName = new Map(files.map((file) => [nameInFolder(file), file]));
  return folderDataExport(
    [...byName.keys()],
    (name) => blobChunks(byName.get(name) ?? new Blob([])),
    async (name) => byName.get(name)?.size ?? 0,
  );
}
