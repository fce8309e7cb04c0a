import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { writeExportOfConversations } from '@/tests/support/big-export-file';
import { targetTextOf } from '@/tests/support/figures-markdown';
import { atScale, defineBenchmark } from './benchmark';

/**
 * `inspect <data export> --zip all.zip` (export-format "ZIP of many conversations") over a generated data
 * export of 2,000 conversations, run as a user runs it (node with tsx, through the package's bin) in a child
 * process. The figure is the most heap the run held at once over the ZIP's size: target ≤ 0.5, and the run
 * must succeed (exit 0, report.json counts 2,000 documents written, none failed). Held is the largest V8
 * heap left after a full collection (tests/bench/heap-peak.mjs), each collection marking in one pause, program
 * and modules included, nothing subtracted; the peak in use, garbage not yet collected included, is shown beside it. The draw favours the
 * pool's long chats (1.4 GB of data export), so the ZIP comes to about 60 MB: the heap of the program itself
 * (about 15 MB) does not dominate the figure.
 */
const CONVERSATIONS = { full: 2_000, smoke: 20 };
/** The generator's draw raised to this power favours its long conversations (tests/support/big-export-file.ts). */
const LONG_CHATS_SKEW = 0.5;
const PEAK_LINE = /heap peak bytes: (\d+) held: (\d+)/;

interface ZipRun {
  code: number | null;
  stderrTail: string;
  seconds: number;
}

function inspectToZip(path: string, zipPath: string): Promise<ZipRun> {
  const args = [
    // Each full collection marks in one pause, so what is left after it is what the program held. Marked
    // alongside the program, as by default, it also keeps what was allocated while it marked: the same run
    // read 0.44 to 0.54 that way, and more with other work on the machine.
    '--no-concurrent-marking',
    '--no-incremental-marking',
    '--import',
    './tests/bench/heap-peak.mjs',
    'bin/chat-lens-inspect.mjs',
    path,
    '--zip',
    zipPath,
  ];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stderrTail: stderr, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/** What report.json of the archive counts as written and failed. */
async function reportCounts(zipPath: string): Promise<{ written: number; failed: number }> {
  const entries = unzipSync(await readFile(zipPath), { filter: (file) => file.name === 'report.json' });
  const report = entries['report.json'];
  if (report === undefined) return { written: 0, failed: 0 };
  const { counts } = JSON.parse(strFromU8(report)) as { counts: { written: number; failed: number } };
  return counts;
}

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

export const zipHeapBenchmark = defineBenchmark({
  name: 'ZIP of many conversations heap',
  figures: ['zip_heap_ratio_2000'],
  async run(scale) {
    const conversations = atScale(scale, CONVERSATIONS);
    const folder = mkdtempSync(join(tmpdir(), 'chat-lens-zip-bench-'));
    try {
      const path = join(folder, 'conversations.json');
      const zipPath = join(folder, 'all.zip');
      const written = await writeExportOfConversations(path, conversations, LONG_CHATS_SKEW);
      const run = await inspectToZip(path, zipPath);
      const peak = run.stderrTail.match(PEAK_LINE);
      const counts = run.code === 0 ? await reportCounts(zipPath) : { written: 0, failed: 0 };
      if (run.code !== 0 || peak === null || counts.written !== conversations || counts.failed !== 0) {
        throw new Error(
          `inspect --zip over ${megabytes(written.bytes)} failed: exit ${run.code}, ${counts.written} of ${conversations} written, ${counts.failed} failed.\n${run.stderrTail}`,
        );
      }
      const zipBytes = (await stat(zipPath)).size;
      const [inUse, held] = [Number(peak[1]), Number(peak[2])];
      const ratio = held / zipBytes;
      return {
        figures: { zip_heap_ratio_2000: Number(ratio.toFixed(4)) },
        rows: [
          {
            label: `inspect --zip, ${conversations} conversations as Markdown`,
            cells: {
              value: ratio.toFixed(3),
              target: targetTextOf('zip_heap_ratio_2000'),
              detail: `heap held ${megabytes(held)} (in use at most ${megabytes(inUse)}) over a ZIP of ${megabytes(zipBytes)}, from ${megabytes(written.bytes)} of data export, in ${run.seconds.toFixed(1)} s`,
            },
          },
        ],
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
});
