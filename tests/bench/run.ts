import { buildExtension } from '@/tests/support/build-extension';
import type { TableRow } from './benchmark';
import { benchmarks } from './benchmarks';

/**
 * `npm run bench` (tsx tests/bench/run.ts [--json] [--only <text>]): runs every benchmark and prints a table,
 * or with --json one JSON object merging the figures of all of them; --only keeps the benchmarks whose name
 * holds the text (`--only popup` measures the popup's and the export click's figures alone). Figures are
 * ratios measured within one run, so they compare across machines; no test asserts a time. The production
 * extension is built first, for the figures measured in Chromium on the replica (browser-benchmark.ts).
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

const asJson = process.argv.includes('--json');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? '' : (process.argv[onlyAt + 1] ?? '').toLowerCase();
const figures: Record<string, number> = {};
const chosen = benchmarks(buildExtension()).filter((benchmark) =>
  benchmark.name.toLowerCase().includes(only),
);
if (chosen.length === 0) throw new Error(`No benchmark's name holds "${only}".`);
for (const benchmark of chosen) {
  const result = await benchmark.run();
  for (const [key, value] of Object.entries(result.figures)) {
    if (key in figures) throw new Error(`Two benchmarks report ${key}.`);
    figures[key] = value;
  }
  if (!asJson) printTable(benchmark.name, result.rows);
}
if (asJson) console.log(JSON.stringify(figures));
