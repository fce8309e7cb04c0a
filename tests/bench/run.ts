import { spawnSync } from 'node:child_process';
import { buildExtension, buildFirefoxExtension, projectRoot } from '@/tests/support/build-extension';
import type { Scale, TableRow } from './benchmark';
import { benchmarks } from './benchmarks';
import { freshPageMicroseconds } from './machine-costs';
import { parseRepeat, runBenchmarks } from './run-benchmarks';

/**
 * `npm run bench` (tsx tests/bench/run.ts [--json] [--only <text>] [--smoke] [--repeat <n>]): runs every
 * benchmark and prints a table, or with --json one JSON object: every figure measured, `errors` (each
 * benchmark that failed, and why) and `run` (when, at which commit, at which scale, and what the machine
 * charged for a fresh page of memory at the run's start and end: machine-costs.ts). --only keeps the
 * benchmarks whose name holds the text (`--only popup` measures the popup's and the export click's figures
 * alone); --smoke runs each at the smallest scale that goes through its whole path, whose figures only show
 * that it works. --repeat runs each benchmark that drives a browser n times (run-benchmarks.ts says why only
 * those): each of its figures is then the median, and the JSON adds `spread` (each repeated figure's median,
 * worst run and runs) and `run.repeat`; a JSON without them reads as before. `intervals` gives, for each
 * figure that is a ratio of two medians of a browser's timings, each run's 90% interval (benchmarks
 * "How sure one run is"). A benchmark that fails does not stop the others; the run then exits 1. Figures are ratios measured within one run, so they compare across
 * machines; no test asserts a time. Each browser's production build is made when the first benchmark that
 * loads it runs (benchmarks.ts).
 */
function printTable(title: string, rows: TableRow[]): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.cells)))];
  const header = ['', ...columns];
  const lines = rows.map((row) => [row.label, ...columns.map((column) => row.cells[column] ?? '')]);
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...lines.map((line) => (line[index] ?? '').length)),
  );
  const format = (cells: string[]): string =>
    cells
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0)))
      .join('  ');
  console.log(`\n${title}`);
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/** The commit measured, and whether the work tree differed from it. */
function commitOf(): { commit: string | null; uncommittedChanges: boolean } {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).stdout?.trim() ?? '';
  const commit = git('rev-parse', 'HEAD');
  return { commit: commit === '' ? null : commit, uncommittedChanges: git('status', '--porcelain') !== '' };
}

/** `make` called once, when first asked for, its answer kept. */
function once(make: () => string): () => string {
  let made: string | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const asJson = process.argv.includes('--json');
const scale: Scale = process.argv.includes('--smoke') ? 'smoke' : 'full';
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? '' : (process.argv[onlyAt + 1] ?? '').toLowerCase();
const repeatAt = process.argv.indexOf('--repeat');
let repeat: number | undefined;
try {
  repeat = repeatAt === -1 ? undefined : parseRepeat(process.argv[repeatAt + 1]);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const chosen = benchmarks({ chromium: once(buildExtension), firefox: once(buildFirefoxExtension) }).filter(
  (benchmark) => benchmark.name.toLowerCase().includes(only),
);
if (chosen.length === 0) throw new Error(`No benchmark's name holds "${only}".`);
const started = new Date();
const freshPageAtStart = freshPageMicroseconds();
const { figures, errors, spread, intervals } = await runBenchmarks(
  chosen,
  scale,
  (benchmark, result, { run, runs }) => {
    if (!asJson)
      printTable(runs === 1 ? benchmark.name : `${benchmark.name}, run ${run} of ${runs}`, result.rows);
  },
  repeat,
);
if (!asJson && spread !== undefined && Object.keys(spread).length > 0)
  printTable(
    `Over ${repeat} runs of each benchmark that drives a browser`,
    Object.entries(spread).map(([figure, { median, worst, runs }]) => ({
      label: figure,
      cells: { median: String(median), worst: worst === null ? '–' : String(worst), runs: runs.join(', ') },
    })),
  );
for (const { benchmark, error } of errors) console.error(`\nFAILED: ${benchmark}: ${error}`);
if (asJson) {
  const repeats = repeat === undefined ? {} : { spread };
  const sureness = intervals === undefined ? {} : { intervals };
  const run = {
    scale,
    startedAt: started.toISOString(),
    ...commitOf(),
    ...(repeat === undefined ? {} : { repeat }),
    freshPageUs: { atStart: freshPageAtStart, atEnd: freshPageMicroseconds() },
  };
  console.log(JSON.stringify({ ...figures, errors, ...repeats, ...sureness, run }));
}
process.exitCode = errors.length === 0 ? 0 : 1;
