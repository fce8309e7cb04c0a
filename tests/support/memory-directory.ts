import type { DirectoryHandle, FileHandle, WritableFile } from '@/lens/library/directory-dataset-folder';
import type { TableChunk } from '@/lib/library/table-sink';

/** A folder in memory with the handle methods a dataset is written with, as Chromium's behave. */
export interface MemoryDirectory extends DirectoryHandle {
  /** Every file under it, its bytes by `/`-separated path, in no order. */
  files(): Map<string, Uint8Array>;
}

const notFound = (name: string): Error =>
  Object.assign(new Error(`${name} was not found`), { name: 'NotFoundError' });

const bytesOf = (pieces: readonly TableChunk[]): Uint8Array => {
  const parts = pieces.map((piece) => (typeof piece === 'string' ? new TextEncoder().encode(piece) : piece));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

/** `renames`: its file handles have `move`, as a recent Chromium's; without, as an older one's. */
export function memoryDirectory(options: { renames: boolean } = { renames: true }): MemoryDirectory {
  const folders = new Map<string, MemoryDirectory>();
  const files = new Map<string, Uint8Array>();
  const fileHandle = (name: string): FileHandle => {
    let current = name;
    const handle: FileHandle = {
      // As in Chromium, what is written reaches the file only when the stream is closed.
      createWritable: async (): Promise<WritableFile> => {
        const pieces: TableChunk[] = [];
        return {
          write: async (data) => void pieces.push(data),
          close: async () => void files.set(current, bytesOf(pieces)),
        };
      },
    };
    if (options.renames)
      handle.move = async (to) => {
        const bytes = files.get(current);
        if (bytes === undefined) throw notFound(current);
        files.delete(current);
        files.set(to, bytes);
        current = to;
      };
    return handle;
  };
  return {
    getDirectoryHandle: async (name, create) => {
      if (files.has(name)) throw Object.assign(new Error(name), { name: 'TypeMismatchError' });
      const known = folders.get(name);
      if (known !== undefined) return known;
      if (create?.create !== true) throw notFound(name);
      const made = memoryDirectory(options);
      folders.set(name, made);
      return made;
    },
    getFileHandle: async (name, create) => {
      if (folders.has(name)) throw Object.assign(new Error(name), { name: 'TypeMismatchError' });
      if (!files.has(name)) {
        if (create?.create !== true) throw notFound(name);
        // As in Chromium, a file made by its handle is there, empty, before anything is written.
        files.set(name, new Uint8Array());
      }
      return fileHandle(name);
    },
    removeEntry: async (name) => {
      if (!files.delete(name) && !folders.delete(name)) throw notFound(name);
    },
    keys: async function* () {
      yield* [...folders.keys(), ...files.keys()];
    },
    files: () => {
      const all = new Map(files);
      for (const [name, folder] of folders)
        for (const [path, bytes] of folder.files()) all.set(`${name}/${path}`, bytes);
      return all;
    },
  };
}
