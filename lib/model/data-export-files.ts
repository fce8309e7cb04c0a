import { type DataExportLayout, findDataExportLayout, NOT_A_DATA_EXPORT } from './data-export-layout';
import { fail, ok, type Result } from './result';
import { type RandomAccessBytes, readZipDirectory } from './zip-directory';
import { ZipEntryError, zipEntryChunks } from './zip-entry';

/**
 * A data export as a reader meets it, whether a ZIP archive or the folder it unpacks to: where its
 * conversations and files lie, and each file's bytes on demand, so the CLI and the library page read it
 * the same way and hold one chunk of it at a time (export-format "Reading the data export").
 */
export interface DataExportFiles {
  layout: DataExportLayout;
  /** The conversations files' bytes, unpacked, all parts together: the whole that progress counts. */
  partsBytes: number;
  /** A file's bytes by its full name, chunk by chunk; a failure is thrown from the iteration. */
  read(name: string): AsyncIterable<Uint8Array>;
}

/**
 * A data export in a folder: the full names of its files (`/` between folders), a reader of any of them by
 * name, and each one's size, asked of the conversations files alone.
 */
export async function folderDataExport(
  names: readonly string[],
  read: (name: string) => AsyncIterable<Uint8Array>,
  sizeOf: (name: string) => Promise<number>,
): Promise<Result<DataExportFiles>> {
  const layout = findDataExportLayout(names);
  if (!layout.ok) return layout;
  const sizes = await Promise.all(layout.value.parts.map(sizeOf));
  return ok({ layout: layout.value, partsBytes: sizes.reduce((total, size) => total + size, 0), read });
}

async function* missing(name: string): AsyncGenerator<Uint8Array> {
  yield* [];
  throw new ZipEntryError({ code: 'not-found', message: `${name} is not in the ZIP archive.` });
}

/**
 * A data export in a ZIP archive, its entries read from the archive's directory. An archive cut off before
 * its end still gives the files before the cut, with a warning; one without a conversations file is a typed
 * error.
 */
export async function zipDataExport(source: RandomAccessBytes): Promise<Result<DataExportFiles>> {
  const directory = await readZipDirectory(source);
  if (!directory.ok) return directory;
  const entries = new Map(
    directory.value.entries.filter((entry) => !entry.name.endsWith('/')).map((entry) => [entry.name, entry]),
  );
  const layout = findDataExportLayout([...entries.keys()]);
  if (!layout.ok) {
    const [cutOff] = directory.warnings;
    return cutOff === undefined ? layout : fail('cut-off', `${cutOff} ${NOT_A_DATA_EXPORT}`);
  }
  const read = (name: string): AsyncIterable<Uint8Array> => {
    const entry = entries.get(name);
    return entry === undefined ? missing(name) : zipEntryChunks(source, entry);
  };
  const partsBytes = layout.value.parts.reduce(
    (total, name) => total + (entries.get(name)?.uncompressedSize ?? 0),
    0,
  );
  return ok({ layout: layout.value, partsBytes, read }, directory.warnings);
}
