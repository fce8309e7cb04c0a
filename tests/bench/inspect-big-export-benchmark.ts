import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBigExport } from '@/tests/support/big-export-file';
import { atScale, defineBenchmark } from './benchmark';

/**
 * `inspect --format csv` over a generated data export of at least 600 MB, run as a
 * user runs it (node with tsx, through the package's bin) in a child process. The figure is its peak
 * resident memory over the file's size: target ≤ 0.5, and the run must succeed (exit 0, every query row).
 */
const FILE_BYTES = { full: 620_000_000, smoke: 2_000_000 };
const TIME = '/usr/bin/time';
const POLL_MS = 20;

interface InspectRun {
  code: number | null;
  stdoutBytes: number;
  peakRssBytes: number;
  seconds: number;
  stderrTail: string;
}

/** VmHWM of /proc/<pid>/status: the process's peak resident set so far, in bytes. */
async function peakResidentBytes(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  const kilobytes = status?.match(/^VmHWM:\s+(\d+) kB$/m)?.[1];
  return kilobytes === undefined ? null : Number(kilobytes) * 1024;
}

/**
 * The child's peak resident memory: GNU time's "Maximum resident set size" where /usr/bin/time exists
 * (the kernel's count at exit, nothing missed; time exits with the child's code); otherwise VmHWM of
 * the child polled while it runs.
 */
function inspectCsv(path: string): Promise<InspectRun> {
  const command = [process.execPath, 'bin/chat-lens-inspect.mjs', path, '--format', 'csv'];
  const timed = existsSync(TIME);
  const [program = '', ...args] = timed ? [TIME, '-v', ...command] : command;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdoutBytes = 0;
    let stderr = '';
    let polledPeak = 0;
    const poll = setInterval(async () => {
      if (timed || child.pid === undefined) return;
      polledPeak = Math.max(polledPeak, (await peakResidentBytes(child.pid)) ?? 0);
    }, POLL_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    child.on('error', (error) => {
      clearInterval(poll);
      reject(error);
    });
    child.on('close', (code) => {
      clearInterval(poll);
      const timedKilobytes = stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1];
      resolve({
        code,
        stdoutBytes,
        peakRssBytes: timedKilobytes === undefined ? polledPeak : Number(timedKilobytes) * 1024,
        seconds: (performance.now() - started) / 1000,
        stderrTail: stderr,
      });
    });
  });
}

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

export const inspectBigExportBenchmark = defineBenchmark({
  name: 'inspect big export',
  figures: ['inspect_big_export_rss_ratio'],
  async run(scale) {
    const path = join(tmpdir(), `chat-lens-big-export-${process.pid}.json`);
    try {
      const written = await writeBigExport(path, atScale(scale, FILE_BYTES));
      const run = await inspectCsv(path);
      if (run.code !== 0 || run.stdoutBytes !== written.csvBytes || run.peakRssBytes === 0) {
        throw new Error(
          `inspect --format csv over ${megabytes(written.bytes)} failed: exit ${run.code}, ${run.stdoutBytes} of ${written.csvBytes} CSV bytes, peak ${run.peakRssBytes} bytes.\n${run.stderrTail}`,
        );
      }
      const ratio = run.peakRssBytes / written.bytes;
      return {
        figures: { inspect_big_export_rss_ratio: Number(ratio.toFixed(4)) },
        rows: [
          {
            label: `${written.conversations} conversations, --format csv`,
            cells: {
              file: megabytes(written.bytes),
              'peak RSS': megabytes(run.peakRssBytes),
              seconds: run.seconds.toFixed(1),
              ratio: ratio.toFixed(3),
            },
          },
        ],
      };
    } finally {
      await rm(path, { force: true });
    }
  },
});
