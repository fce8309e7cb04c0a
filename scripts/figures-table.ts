import { readFileSync } from 'node:fs';
import { parseJson } from '@/lib/model/parse-json';
import {
  readBenchRepeats,
  repeatsMarkdown,
  spreadFiguresMarkdown,
  wholeRunsMarkdown,
} from '@/tests/bench/figure-spread';
import { intervalsMarkdown, readBenchIntervals } from '@/tests/support/figure-intervals';
import {
  benchErrorsMarkdown,
  benchRunMarkdown,
  figuresMarkdown,
  readBenchFigures,
  readBenchRun,
} from '@/tests/support/figures-markdown';
import type { Interval } from '@/tests/support/statistics';

/**
 * `npm run figures -- <bench json file>`: the Markdown table of every figure of `npm run bench -- --json`
 * with its target and whether it is met, for "The latest run" of docs/benchmarks.md: which run it is above
 * it, what failed below. The file holds the one JSON object the bench prints; its last line is read, so a
 * saved log works too. A run with `--repeat` gets the median and the worst run of each repeated figure, its
 * "met" judging the worst (tests/bench/figure-spread.ts); one without, the one-value table. Under it, each
 * run's interval of the figures that have one (tests/support/figure-intervals.ts). Given several files (whole
 * runs, benchmarks "Repeated runs"), one table of every run's figures and the worst of them, "met" judging
 * the worst.
 */
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error(
    'Usage: npm run figures -- <file with the output of npm run bench -- --json> [files of more whole runs]',
  );
  process.exit(2);
}

/** The one JSON object a file holds; its last line is read, so a saved log works too. */
function benchJson(file: string): unknown {
  const lastLine = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
  const parsed = parseJson(lastLine);
  if (parsed.ok) return parsed.value;
  console.error(`${file}: ${parsed.error.message}`);
  process.exit(1);
}

/** One run: which it is, its figures (with the spread of a repeated run), their intervals, what failed. */
function oneRunMarkdown(json: unknown): string {
  const run = readBenchRun(json);
  const figures = readBenchFigures(json);
  const repeats = readBenchRepeats(json);
  return [
    benchRunMarkdown(run),
    repeats === null ? '' : repeatsMarkdown(repeats),
    repeats === null ? figuresMarkdown(figures) : spreadFiguresMarkdown(figures, repeats),
    intervalsMarkdown(readBenchIntervals(json)),
    benchErrorsMarkdown(run),
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

/**
 * Several whole runs: each one's line and failures, one table of every run's figures and the worst, and
 * under it every run's intervals in the runs' order.
 */
function wholeRunsOf(jsons: readonly unknown[]): string {
  const runs = jsons.map(readBenchRun);
  const intervals: Record<string, Interval[]> = {};
  for (const [figure, ofRun] of jsons.flatMap((json) => Object.entries(readBenchIntervals(json))))
    intervals[figure] = [...(intervals[figure] ?? []), ...ofRun];
  return [
    runs.map((run, index) => `${index + 1}. ${benchRunMarkdown(run)}`).join('\n'),
    wholeRunsMarkdown(jsons.map(readBenchFigures)),
    intervalsMarkdown(intervals),
    ...runs.map((run, index) => benchErrorsMarkdown(run, `run ${index + 1}`)),
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

const jsons = files.map(benchJson);
console.log(jsons.length === 1 ? oneRunMarkdown(jsons[0]) : wholeRunsOf(jsons));
