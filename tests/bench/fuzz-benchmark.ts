import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '@/tests/support/build-extension';
import type { FuzzReportLine } from '@/tests/support/fuzz-report';
import type { Benchmark } from './benchmark';

/**
 * `fuzz_runs_total`, the runs `npm run fuzz` executes, counted in an actual run. The fuzz
 * suite runs here as the script runs it, each property appending the runs it executed to a report file
 * (tests/unit/fuzz/fuzz-property.ts), and the figure adds up what was written. A failing property fails the
 * benchmark: a count is only worth something from a suite that passed.
 */
function runFuzzSuite(report: string): { lines: FuzzReportLine[]; seconds: number } {
  const started = performance.now();
  const run = spawnSync('npm', ['run', 'fuzz'], {
    cwd: projectRoot,
    env: { ...process.env, FUZZ_REPORT: report },
    // Its progress goes to stderr, so `--json` still prints one JSON object on stdout.
    stdio: ['ignore', 2, 2],
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`npm run fuzz failed (exit ${run.status ?? run.signal}).`);
  const lines = readFileSync(report, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FuzzReportLine);
  return { lines, seconds };
}

export const fuzzBenchmark: Benchmark = {
  name: 'fuzz suite',
  run() {
    const folder = mkdtempSync(join(tmpdir(), 'chat-lens-fuzz-'));
    try {
      const { lines, seconds } = runFuzzSuite(join(folder, 'runs.jsonl'));
      if (lines.length === 0) throw new Error('npm run fuzz ran no property.');
      const runs = lines.map((line) => line.runs);
      return {
        figures: { fuzz_runs_total: runs.reduce((sum, each) => sum + each, 0) },
        rows: [
          {
            label: 'npm run fuzz',
            cells: {
              properties: String(lines.length),
              'fewest runs': String(Math.min(...runs)),
              'runs in all': String(runs.reduce((sum, each) => sum + each, 0)),
              seconds: seconds.toFixed(0),
            },
          },
        ],
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
