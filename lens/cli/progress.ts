import { countOf } from '@/lib/model/count-text';

/** A file this big takes seconds to read: its progress is shown even when stderr is not a terminal. */
export const BIG_FILE_BYTES = 64 * 1024 * 1024;
const EVERY_MS = 1000;

export interface ProgressOptions {
  file: string;
  totalBytes: number;
  /** On a terminal one line is rewritten in place; elsewhere (a log) each report is a line of its own. */
  isTerminal: boolean;
  write(text: string): void;
  monotonicMs(): number;
}

export interface Progress {
  /** Bytes read so far and conversations read: printed at most once a second. */
  update(bytesRead: number, conversations: number): void;
  /** Any other line for stderr while progress is shown: it does not land on the progress line. */
  message(text: string): void;
  /** The run ended: a progress line rewritten in place is finished with a line break. */
  finish(): void;
}

const megabytes = (bytes: number): string => (bytes / 1_000_000).toFixed(1);

/**
 * Progress of a long read on stderr: bytes read of the file's size and conversations read, once a second,
 * when stderr is a terminal or the file is big. Standard output carries the output alone. A run shorter than
 * a second prints no progress at all.
 */
export function progressReporter(options: ProgressOptions): Progress {
  const shown = options.isTerminal || options.totalBytes >= BIG_FILE_BYTES;
  let lastMs = options.monotonicMs();
  let lineOpen = false;
  const closeLine = (): void => {
    if (lineOpen) options.write('\n');
    lineOpen = false;
  };
  return {
    update(bytesRead, conversations) {
      if (!shown) return;
      const nowMs = options.monotonicMs();
      if (nowMs - lastMs < EVERY_MS) return;
      lastMs = nowMs;
      const percent = options.totalBytes > 0 ? Math.floor((bytesRead / options.totalBytes) * 100) : 100;
      const line = `${options.file}: ${megabytes(bytesRead)} of ${megabytes(options.totalBytes)} MB read (${percent}%), ${countOf(conversations, 'conversation')}`;
      if (!options.isTerminal) return options.write(`${line}\n`);
      // Back to the line's start, and clear what a longer earlier line left.
      options.write(`\r${line}\x1b[K`);
      lineOpen = true;
    },
    message(text) {
      closeLine();
      options.write(text);
    },
    finish: closeLine,
  };
}
