import { readFileSync } from 'node:fs';
import { parseJson } from '@/lib/model/parse-json';
import { readBenchRepeats, repeatsMarkdown, spreadFiguresMarkdown } from '@/tests/bench/figure-spread';
import { intervalsMarkdown, readBenchIntervals } from '@/tests/support/figure-intervals';
import {
  benchErrorsMarkdown,
  benchRunMarkdown,
  figuresMarkdown,
  readBenchFigures,
  readBenchRun,
} from '@/tests/support/figures-markdown';

/**
 * `npm run figures -- <bench json file>`: the Markdown table of every figure of `npm run bench -- --json`
 * with its target and whether it is met, for "The latest run" of docs/benchmarks.md: which run it is above
 * it, what failed below. The file holds the one JSON object the bench prints; its last line is read, so a
 * saved log works too. A run with `--repeat` gets the median and the worst run of each repeated figure, its
 * "met" judging the worst (tests/bench/figure-spread.ts); one without, the one-value table. Under it, each
 * run's interval of the figures that have one (tests/support/figure-intervals.ts).
 */
const file = process.argv[2];
if (file === undefined) {
  console.error('Usage: npm run figures -- <file with the output of npm run bench -- --json>');
  process.exit(2);
}
const lastLine = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
const parsed = parseJson(lastLine);
if (!parsed.ok) {
  console.error(`${file}: ${parsed.error.message}`);
  process.exit(1);
}
const run = readBenchRun(parsed.value);
const figures = readBenchFigures(parsed.value);
const repeats = readBenchRepeats(parsed.value);
console.log(
  [
    benchRunMarkdown(run),
    repeats === null ? '' : repeatsMarkdown(repeats),
    repeats === null ? figuresMarkdown(figures) : spreadFiguresMarkdown(figures, repeats),
    intervalsMarkdown(readBenchIntervals(parsed.value)),
    benchErrorsMarkdown(run),
  ]
    .filter((part) => part !== '')
    .join('\n\n'),
);
