import { type CliIo, runCli } from '@/lens/cli/run-cli';
import { bytesOf } from '@/tests/unit/export/export-text';
import { splitAt } from '@/tests/unit/fuzz/text-edits';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Each file written, as UTF-8 text. */
  written: Map<string, string>;
  /** Each file written, as its bytes (a Parquet table). */
  writtenBytes: Map<string, Uint8Array>;
  /** Each folder the command made. */
  folders: Set<string>;
}

export interface RunOptions {
  /** How a file's bytes are cut into the chunks a stream hands on; one chunk of the whole by default. */
  chunking?: (bytes: Uint8Array) => Uint8Array[];
  /** The size the file claims, to stand for a file too big to write in a test. */
  fileSize?: number;
  stderrIsTerminal?: boolean;
  /** Milliseconds each look at the clock moves it on, for the progress line's pace. */
  msPerTick?: number;
  /** A chunk index after which reading the file fails, as a disk error would. */
  failReadAfterChunk?: number;
  /** Making a folder fails, as on a disk the user may not write. */
  readOnlyDisk?: boolean;
}

const encoder = new TextEncoder();

/** What the command wrote to one place: text as it was written, bytes as they were. */
type Piece = string | Uint8Array;

const textOf = (pieces: readonly Piece[]): string =>
  pieces.map((piece) => (typeof piece === 'string' ? piece : new TextDecoder().decode(piece))).join('');

/** A chunking that cuts the bytes at the given offsets (each taken modulo the length plus one, each once). */
export function cutAt(offsets: number[]): (bytes: Uint8Array) => Uint8Array[] {
  return (bytes) => splitAt(bytes, [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))]);
}

/** Runs the command over in-memory files, as a user would run it over files on disk. */
export async function run(
  argv: string[],
  files: Record<string, unknown>,
  options: RunOptions = {},
): Promise<RunResult> {
  const stdout: Piece[] = [];
  let stderr = '';
  let clock = 0;
  const outputs = new Map<string, Piece[]>();
  const folders = new Set<string>();
  const text = (path: string): string => {
    const content = files[path];
    if (content === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
    return typeof content === 'string' ? content : JSON.stringify(content);
  };
  // A file given as bytes (an image beside a data export) is read as it is; any other as its text.
  const bytesAt = (path: string): Uint8Array => {
    const content = files[path];
    return content instanceof Uint8Array ? content : encoder.encode(text(path));
  };
  const io: CliIo = {
    fileSize: async (path) => options.fileSize ?? bytesAt(path).byteLength,
    readChunks: async function* (path) {
      const bytes = bytesAt(path);
      const chunks = options.chunking?.(bytes) ?? [bytes];
      for (const [index, chunk] of chunks.entries()) {
        if (index === options.failReadAfterChunk) throw new Error('EIO: i/o error, read');
        yield chunk;
      }
    },
    openRandomAccess: async (path) => {
      const bytes = bytesAt(path);
      return {
        size: bytes.byteLength,
        read: async (offset, length) => bytes.slice(offset, offset + length),
        close: async () => {},
      };
    },
    isFolder: async (path) => {
      const prefix = `${path.replace(/\/$/, '')}/`;
      return files[path] === undefined && Object.keys(files).some((name) => name.startsWith(prefix));
    },
    listFolder: async (folder) => {
      const prefix = folder === '.' || folder === '' ? '' : `${folder.replace(/\/$/, '')}/`;
      // As a disk lists them: the files, and each folder inside once.
      const names = Object.keys(files).flatMap((path) =>
        path.startsWith(prefix) ? [path.slice(prefix.length).split('/')[0] ?? ''] : [],
      );
      return [...new Set(names)];
    },
    createFile: async (path) => {
      const pieces: Piece[] = [];
      outputs.set(path, pieces);
      return {
        write: async (piece) => void pieces.push(piece),
        close: async () => {},
      };
    },
    makeDirectory: async (path) => {
      if (options.readOnlyDisk) throw new Error(`EACCES: permission denied, mkdir '${path}'`);
      folders.add(path.replace(/\/+$/, ''));
    },
    rename: async (from, to) => {
      const pieces = outputs.get(from);
      if (pieces === undefined) throw new Error(`ENOENT: no such file, rename '${from}'`);
      outputs.delete(from);
      outputs.set(to, pieces);
    },
    // A file given to the command is on its disk: removing it takes it out of `files`.
    removeFile: async (path) => {
      if (path in files) delete files[path];
      else if (!outputs.delete(path)) throw new Error(`ENOENT: no such file, unlink '${path}'`);
    },
    stdout: async (piece) => void stdout.push(piece),
    stderr: (piece) => {
      stderr += piece;
    },
    stderrIsTerminal: options.stderrIsTerminal ?? false,
    now: () => new Date('2026-11-20T12:00:00Z'),
    monotonicMs: () => {
      clock += options.msPerTick ?? 0;
      return clock;
    },
  };
  const code = await runCli(argv, io);
  return {
    code,
    stdout: textOf(stdout),
    stderr,
    written: new Map([...outputs].map(([path, pieces]) => [path, textOf(pieces)])),
    writtenBytes: new Map([...outputs].map(([path, pieces]) => [path, bytesOf(pieces)])),
    folders,
  };
}
