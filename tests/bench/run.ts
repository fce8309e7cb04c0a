import { spawnSync } from 'node:child_process';
import { buildExtension, buildFirefoxExtension, projectRoot } from '@/tests/support/build-extension';
import type { Scale, TableRow } from './benchmark';
import { benchmarks } from './benchmarks';
import { runBenchmarks } from './run-benchmarks';

/**
 * `npm run bench` (tsx tests/bench/run.ts [--json] [--only <text>] [--smoke]): runs every benchmark and prints
 * a table, or with --json one JSON object: every figure measured, `errors` (each benchmark that failed, and
 * why) and `run` (when, at which commit, at which scale). --only keeps the benchmarks whose name holds the
 * text (`--only popup` measures the popup's and the export click's figures alone); --smoke runs each at the
 * smallest scale that goes through its whole path, whose figures only show that it works. A benchmark that
 * fails does not stop the others; the run then exits 1. Figures are ratios measured within one run, so they
 * compare across machines; no test asserts a time. Each browser's production build is made when the first
 * benchmark that loads it runs (benchmarks.ts).
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
const chosen = benchmarks({ chromium: once(buildExtension), firefox: once(buildFirefoxExtension) }).filter(
  (benchmark) => benchmark.name.toLowerCase().includes(only),
);
if (chosen.length === 0) throw new Error(`No benchmark's name holds "${only}".`);
const started = new Date();
const { figures, errors } = await runBenchmarks(chosen, scale, (benchmark, result) => {
  if (!asJson) printTable(benchmark.name, result.rows);
});
for (const { benchmark, error } of errors) console.error(`\nFAILED: ${benchmark}: ${error}`);
if (asJson)
  console.log(
    JSON.stringify({ ...figures, errors, run: { scale, startedAt: started.toISOString(), ...commitOf() } }),
  );
process.exitCode = errors.length === 0 ? 0 : 1;
