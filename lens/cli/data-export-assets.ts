import { dirname, join, relative } from 'node:path';
import type { AssetPathResolver } from '@/lens/export/markdown-assets';
import type { Inspection } from '@/lens/insights/inspection';
import { type AssetFile, type AssetFiles, conversationAssets } from '@/lib/export/asset-files';
import {
  type DataExportMembers,
  NO_EXPORT_MEMBERS,
  readDataExportMembers,
} from '@/lib/model/data-export-members';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { isRecord } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { textOf } from '@/lib/model/text-of';
import type { CliIo } from './cli-io';

/**
 * The files of a data export's images and attachments (site-interface 10.8), for the Markdown to show them
 * (export-format "Images and files"): beside `conversations.json` a file is named by its id, `file-<id>-<name>`
 * (`file_…-<name>` for a `sediment://` pointer), or is a `.dat` file that `conversation_asset_file_names.json`
 * names. A pointer whose file is not there stays a line naming it.
 */

/** The file id a pointer names: `sediment://file_abc` → `file_abc`; an attachment's id as it is. */
const fileIdOf = (pointer: string): string => pointer.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');

/** Every string of a value of the names file, at any depth (its shape is not described anywhere). */
function stringsOf(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 4) return found;
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, found, depth + 1);
  else if (isRecord(value))
    for (const [key, member] of Object.entries(value)) {
      found.push(key);
      stringsOf(member, found, depth + 1);
    }
  return found;
}

/** The entries of the names file, each the strings it holds: one entry per member or item. */
function namesEntries(namesFile: unknown): string[][] {
  if (Array.isArray(namesFile)) return namesFile.map((item) => stringsOf(item));
  if (isRecord(namesFile)) return Object.entries(namesFile).map(([key, value]) => [key, ...stringsOf(value)]);
  return [];
}

const namesTheFile = (name: string, fileId: string): boolean =>
  name === fileId || name.startsWith(`${fileId}-`) || name.startsWith(`${fileId}.`);

/**
 * `fileNames`: the files beside the export's conversations; `namesFile`: `conversation_asset_file_names.json`
 * parsed, if there is one; `folder`: the way from the written document to them, `''` when beside it.
 */
export function dataExportAssetPaths(
  fileNames: readonly string[],
  namesFile: unknown,
  folder: string,
): AssetPathResolver {
  const present = new Set(fileNames);
  const entries = namesEntries(namesFile);
  const prefix = folder === '' || folder.endsWith('/') ? folder : `${folder}/`;
  return (pointer) => {
    const fileId = fileIdOf(pointer);
    if (fileId === '') return null;
    const named = fileNames.find((name) => namesTheFile(name, fileId));
    if (named !== undefined) return `${prefix}${named}`;
    for (const strings of entries) {
      if (!strings.some((text) => text.includes(fileId))) continue;
      const file = strings.find((text) => present.has(text));
      if (file !== undefined) return `${prefix}${file}`;
    }
    return null;
  };
}

const NAMES_FILE = 'conversation_asset_file_names.json';

/**
 * What `inspect` takes from beside a data export: for Markdown, where its files are from the document
 * written; for a ZIP, their bytes (export-format "ZIP"). Each is absent when the format does not use it or
 * the folder cannot be read: every image is then named by a line, as in the extension's export.
 */
export interface DataExportFiles {
  assetPath?: AssetPathResolver;
  assetFiles?: (inspection: Inspection) => Promise<AssetFiles>;
}

/** `conversation_asset_file_names.json` parsed, when the export's files include it; null otherwise. */
async function namesFileOf(
  names: readonly string[],
  read: (name: string) => AsyncIterable<Uint8Array>,
): Promise<unknown> {
  if (!names.includes(NAMES_FILE)) return null;
  try {
    const parsed = parseJson(await textOf(read(NAMES_FILE)));
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
}

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return joinedBytes(parts);
}

/**
 * The bytes of each image and file of a conversation that the export holds, read when the conversation is
 * written; a file that cannot be read is left out, and the document names it by a line.
 */
function assetFilesReader(
  read: (name: string) => AsyncIterable<Uint8Array>,
  resolve: AssetPathResolver,
): (inspection: Inspection) => Promise<AssetFiles> {
  return async (inspection) => {
    const files = new Map<string, AssetFile>();
    for (const asset of conversationAssets(inspection.conversation)) {
      const name = resolve(asset.pointer ?? (asset.fileId as string));
      if (name === null) continue;
      try {
        files.set(asset.fileId as string, { bytes: await bytesOf(read(name)), mimeType: null, name });
      } catch {
        // Listed but unreadable: named by a line, as a file the export lacks.
      }
    }
    return files;
  };
}

/** How a document is written, which decides what it takes of the export's files. */
export interface WrittenAs {
  format: string | null;
  out: string | null;
  outDir: string | null;
  zip: string | null;
}

/**
 * The export's files as its format uses them. `names`: the files beside the conversations, read by `read`;
 * `folder`: where they lie on disk, or null when they lie inside a ZIP archive, which no document can link
 * into. Markdown written to the file `out` (standard output when null: its paths are then from the current
 * folder) links them; a ZIP, and many conversations' documents in a ZIP or folder (`zip`, `outDir`), hold
 * their bytes beside them, wherever they lie.
 */
export async function dataExportFiles(
  names: readonly string[],
  read: (name: string) => AsyncIterable<Uint8Array>,
  folder: string | null,
  written: WrittenAs,
): Promise<DataExportFiles> {
  const format = written.format ?? (written.zip === null ? null : 'md');
  const many = written.zip !== null || written.outDir !== null;
  const bytes = format === 'zip' || (many && (format === 'md' || format === 'html'));
  if (!bytes && (format !== 'md' || folder === null)) return {};
  const namesFile = await namesFileOf(names, read);
  const fromExport = (way: string) => dataExportAssetPaths(names, namesFile, way);
  if (bytes || folder === null) return { assetFiles: assetFilesReader(read, fromExport('')) };
  const way = relative(written.out === null ? '.' : dirname(written.out), folder)
    .split('\\')
    .join('/');
  return { assetPath: fromExport(way) };
}

/**
 * The files beside the data export `file` (conversations.json named alone): its images and attachments as
 * its format uses them, and what its side files say (data-export-members.ts). A folder that cannot be
 * listed gives neither.
 */
export async function readDataExportFiles(
  io: Pick<CliIo, 'listFolder' | 'readChunks'>,
  file: string,
  written: WrittenAs,
): Promise<{ files: DataExportFiles; members: DataExportMembers }> {
  const folder = dirname(file);
  let names: string[];
  try {
    names = await io.listFolder(folder);
  } catch {
    return { files: {}, members: NO_EXPORT_MEMBERS };
  }
  const read = (name: string) => io.readChunks(join(folder, name));
  const members = await readDataExportMembers({ folder: '', files: names }, read);
  return {
    files: await dataExportFiles(names, read, folder, written),
    // The folder of a file named alone may be any folder (Downloads): its other files are no export's.
    members: { ...members, unknown: [] },
  };
}
