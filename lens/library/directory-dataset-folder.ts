import type { TableChunk } from '@/lib/library/table-sink';
import { partialFileName } from './dataset-layout';
import type { DatasetFolder } from './dataset-writer';

/**
 * The methods of the File System Access API's handles a dataset is written with (Chromium's
 * `showDirectoryPicker`), declared here: the DOM's types do not all have them.
 */
export interface WritableFile {
  write(data: TableChunk): Promise<void>;
  close(): Promise<void>;
}

export interface FileHandle {
  createWritable(): Promise<WritableFile>;
  /** Renames the file in its folder; a Chromium without it writes under the final name at once. */
  move?(name: string): Promise<void>;
}

export interface DirectoryHandle {
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string): Promise<void>;
  keys(): AsyncIterable<string>;
}

/** The folder a path names under the root, made when `create`; null when it is missing and not made. */
async function folderAt(root: DirectoryHandle, names: readonly string[], create: boolean) {
  let folder = root;
  try {
    for (const name of names) folder = await folder.getDirectoryHandle(name, { create });
  } catch (error) {
    if (create) throw error;
    return null;
  }
  return folder;
}

const pathNames = (path: string): string[] => path.split('/').filter((name) => name !== '');

/**
 * A folder the user picked as a dataset's folder (export-format "Team dataset"). A file is written under its
 * hidden partial name and renamed once complete; where the browser cannot rename a handle, it is written
 * under its name, its writes kept in the browser's swap file until it is closed (File System Access
 * "createWritable").
 */
export function directoryDatasetFolder(root: DirectoryHandle): DatasetFolder {
  return {
    create: async (path) => {
      const names = pathNames(path);
      const fileName = names.pop() ?? '';
      const folder = await folderAt(root, names, true);
      if (folder === null) throw new Error(`Cannot write ${path}`);
      const partial = await folder.getFileHandle(partialFileName(fileName), { create: true });
      const renames = typeof partial.move === 'function';
      if (!renames) await folder.removeEntry(partialFileName(fileName));
      const handle = renames ? partial : await folder.getFileHandle(fileName, { create: true });
      const file = await handle.createWritable();
      return {
        write: (chunk) => file.write(chunk),
        close: async () => {
          await file.close();
          await handle.move?.(fileName);
        },
      };
    },
    list: async (path) => {
      const folder = await folderAt(root, pathNames(path), false);
      const names: string[] = [];
      if (folder !== null) for await (const name of folder.keys()) names.push(name);
      return names;
    },
    remove: async (path) => {
      const names = pathNames(path);
      const fileName = names.pop() ?? '';
      await (await folderAt(root, names, false))?.removeEntry(fileName);
    },
  };
}
