import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '@/tests/support/build-extension';
import type { FuzzReportLine } from '@/tests/support/fuzz-report';
import { atScale, defineBenchmark, type Scale } from './benchmark';

/**
 * `fuzz_runs_total`, the runs `npm run fuzz` executes, counted in an actual run. The fuzz
 * suite runs here as the script runs it, each property appending the runs it executed to a report file
 * (tests/unit/fuzz/fuzz-property.ts), and the figure adds up what was written. A failing property fails the
 * benchmark: a count is only worth something from a suite that passed. A smoke run runs the same files
 * with a few runs per property.
 */
const SMOKE_RUNS = 3;

function runFuzzSuite(report: string, scale: Scale): { lines: FuzzReportLine[]; seconds: number } {
  const started = performance.now();
  const { command, args, env } = atScale(scale, {
    full: { command: 'npm', args: ['run', 'fuzz'], env: {} },
    smoke: {
      command: process.execPath,
      args: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', 'tests/unit/fuzz'],
      env: { FUZZ_RUNS: String(SMOKE_RUNS) },
    },
  });
  const run = spawnSync(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env, FUZZ_REPORT: report },
    encoding: 'utf8',
    // A full run's progress goes to stderr, so `--json` still prints one JSON object on stdout; a smoke
    // run's, inside `npm test`, is kept for its error.
    stdio: atScale(scale, { full: ['ignore', 2, 2], smoke: ['ignore', 'pipe', 'pipe'] }),
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) {
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.slice(-4_000);
    throw new Error(`The fuzz suite failed (exit ${run.status ?? run.signal}).\n${output}`);
  }
  const lines = readFileSync(report, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FuzzReportLine);
  return { lines, seconds };
}

export const fuzzBenchmark = defineBenchmark({
  name: 'fuzz suite',
  figures: ['fuzz_runs_total'],
  run(scale) {
    const folder = mkdtempSync(join(tmpdir(), 'chat-lens-fuzz-'));
    try {
      const { lines, seconds } = runFuzzSuite(join(folder, 'runs.jsonl'), scale);
      if (lines.length === 0) throw new Error('The fuzz suite ran no property.');
      const runs = lines.map((line) => line.runs);
      return {
        figures: { fuzz_runs_total: runs.reduce((sum, each) => sum + each, 0) },
        rows: [
          {
            label: atScale(scale, { full: 'npm run fuzz', smoke: `${SMOKE_RUNS} runs per property` }),
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
});
