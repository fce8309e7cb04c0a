import { join } from 'node:path';
import { type DataExportFiles, folderDataExport, zipDataExport } from '@/lib/model/data-export-files';
import { findDataExportLayout } from '@/lib/model/data-export-layout';
import { fail, ok, type Result } from '@/lib/model/result';
import type { CliIo } from './cli-io';

/** A data export opened from a ZIP archive or a folder (export-format "Reading the data export"). */
export interface OpenedExport {
  source: DataExportFiles;
  /** Where its images and attachments lie on disk, for Markdown to link them; null inside a ZIP archive. */
  filesFolder: string | null;
  /** What was found wrong but not fatal (an archive cut off before its end). */
  warnings: string[];
  close(): Promise<void>;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The folder's files, and those of the folders at its top when its top holds no conversations file. */
async function folderNames(io: Pick<CliIo, 'listFolder' | 'isFolder'>, folder: string): Promise<string[]> {
  const top = await io.listFolder(folder);
  if (findDataExportLayout(top).ok) return top;
  const inner: string[] = [];
  for (const name of top)
    if (await io.isFolder(join(folder, name)))
      for (const own of await io.listFolder(join(folder, name))) inner.push(`${name}/${own}`);
  return [...top, ...inner];
}

/** The data export a folder holds: conversations.json or its parts, at its top or in a folder there. */
export async function openFolderExport(
  io: Pick<CliIo, 'listFolder' | 'isFolder' | 'readChunks' | 'fileSize'>,
  folder: string,
): Promise<Result<OpenedExport>> {
  let names: string[];
  try {
    names = await folderNames(io, folder);
  } catch (error) {
    return fail('not-found', `Cannot read the folder ${folder}: ${reason(error)}`);
  }
  const pathOf = (name: string): string => join(folder, name);
  const source = await folderDataExport(
    names,
    (name) => io.readChunks(pathOf(name)),
    (name) => io.fileSize(pathOf(name)),
  );
  if (!source.ok) return source;
  const filesFolder = pathOf(source.value.layout.folder);
  return ok({ source: source.value, filesFolder, warnings: source.warnings, close: async () => {} });
}

/** The data export a ZIP archive holds, read in place: the archive's end, then one entry at a time. */
export async function openZipExport(
  io: Pick<CliIo, 'openRandomAccess'>,
  file: string,
): Promise<Result<OpenedExport>> {
  const archive = await io.openRandomAccess(file);
  const source = await zipDataExport(archive).catch((error: unknown) =>
    fail<DataExportFiles>('not-a-zip', `Cannot read the ZIP archive: ${reason(error)}`),
  );
  if (!source.ok) {
    await archive.close();
    return source;
  }
  return ok({ source: source.value, filesFolder: null, warnings: source.warnings, close: archive.close });
}
