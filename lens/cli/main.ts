import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { OutputSink } from './cli-io';
import { runCli } from './run-cli';

/** Resolves once the stream took the piece: a slow reader of the output holds the command back. */
function writeTo(stream: Writable, piece: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(piece, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Standard output: a reader that stopped reading (`inspect … | head`) ends the command quietly, as it
 * ends any other command of a pipe; any other failed write is reported by run-cli ("Cannot write").
 */
async function writeToStdout(piece: string | Uint8Array): Promise<void> {
  try {
    await writeTo(process.stdout, piece);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
    throw error;
  }
}

// A failed write is reported through its callback (run-cli says "Cannot write"); without a listener the
// same error would also end the process with a stack trace.
process.stdout.on('error', () => {});

async function createFile(path: string): Promise<OutputSink> {
  const stream = (await open(path, 'w')).createWriteStream();
  stream.on('error', () => {});
  return {
    write: (piece) => writeTo(stream, piece),
    close: () =>
      new Promise((resolve, reject) => {
        stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A file read at any place through one handle: a ZIP archive's end first, then its entries' pieces. */
async function openRandomAccess(path: string) {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  return {
    size,
    read: async (offset: number, length: number) => {
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, offset);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

// The process side of `npm run inspect` / `chat-lens-inspect`: real files, real streams, the exit code.
process.exitCode = await runCli(process.argv.slice(2), {
  fileSize: async (path) => (await stat(path)).size,
  readChunks: (path) => createReadStream(path, { highWaterMark: 256 * 1024 }),
  listFolder: (path) => readdir(path),
  isFolder: async (path) => (await stat(path).catch(() => null))?.isDirectory() === true,
  openRandomAccess,
  createFile,
  makeDirectory: async (path) => {
    await mkdir(path, { recursive: true });
  },
  rename,
  removeFile: (path) => rm(path),
  stdout: writeToStdout,
  stderr: (text) => process.stderr.write(text),
  stderrIsTerminal: process.stderr.isTTY === true,
  now: () => new Date(),
  monotonicMs: () => performance.now(),
});
