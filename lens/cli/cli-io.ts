/**
 * Where output goes: each write resolves once the piece is handed on, so a slow reader slows the command down
 * instead of filling its memory. A piece is text (written as UTF-8) or bytes (a Parquet table).
 */
export interface OutputSink {
  write(piece: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

import type { RandomAccessBytes } from '@/lib/model/zip-directory';

/** Everything the command touches, passed in so that tests run it without a process or a disk. */
export interface CliIo {
  /** The file's size in bytes; rejects when the file cannot be read. */
  fileSize(path: string): Promise<number>;
  /** The file's bytes, chunk by chunk: a data export is streamed, any other file is read whole from them. */
  readChunks(path: string): AsyncIterable<Uint8Array>;
  /** The file opened to be read at any place (a ZIP archive); rejects when it cannot be read. */
  openRandomAccess(path: string): Promise<RandomAccessBytes & { close(): Promise<void> }>;
  /** Whether the path is a folder (a data export unpacked); false for a file or nothing. */
  isFolder(path: string): Promise<boolean>;
  /** The names of the files in a folder; rejects when it cannot be read. */
  listFolder(path: string): Promise<string[]>;
  /** The file of --out, created (or emptied) when the first output is ready. */
  createFile(path: string): Promise<OutputSink>;
  /** The folder of --out-dir, made with its parents when missing. */
  makeDirectory(path: string): Promise<void>;
  /** Gives a written file its name, replacing a file of that name: a dataset's file once complete. */
  rename(from: string, to: string): Promise<void>;
  /** Removes a file: a dataset's file of an earlier run. */
  removeFile(path: string): Promise<void>;
  stdout(piece: string | Uint8Array): Promise<void>;
  stderr(text: string): void;
  /** Whether stderr is a terminal: progress then rewrites one line in place. */
  stderrIsTerminal: boolean;
  now(): Date;
  /** Milliseconds on a clock that only moves forward, for the pace of the progress line. */
  monotonicMs(): number;
}
