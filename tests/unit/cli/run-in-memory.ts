import { type CliIo, runCli } from '@/lib/cli/run-cli';
import { splitAt } from '@/tests/unit/fuzz/text-edits';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  written: Map<string, string>;
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
}

const encoder = new TextEncoder();

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
  let stdout = '';
  let stderr = '';
  let clock = 0;
  const written = new Map<string, string>();
  const text = (path: string): string => {
    const content = files[path];
    if (content === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
    return typeof content === 'string' ? content : JSON.stringify(content);
  };
  const io: CliIo = {
    fileSize: async (path) => options.fileSize ?? encoder.encode(text(path)).byteLength,
    readChunks: async function* (path) {
      const bytes = encoder.encode(text(path));
      const chunks = options.chunking?.(bytes) ?? [bytes];
      for (const [index, chunk] of chunks.entries()) {
        if (index === options.failReadAfterChunk) throw new Error('EIO: i/o error, read');
        yield chunk;
      }
    },
    createFile: async (path) => {
      written.set(path, '');
      return {
        write: async (piece) => void written.set(path, (written.get(path) ?? '') + piece),
        close: async () => {},
      };
    },
    stdout: async (piece) => {
      stdout += piece;
    },
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
  return { code: await runCli(argv, io), stdout, stderr, written };
}
