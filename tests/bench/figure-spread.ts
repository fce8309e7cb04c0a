import { isRecord } from '@/lib/model/json-read';
import { FIGURE_TARGETS, type FigureTarget } from '@/tests/support/figure-targets';
import {
  figureNumber,
  figureOrder,
  isFiniteNumber,
  metText,
  targetTextOf,
} from '@/tests/support/figures-markdown';
import { median } from '@/tests/support/statistics';

/**
 * A figure measured over repeated runs (`npm run bench -- --repeat N`, benchmarks "Repeated runs"): the
 * median the JSON reports as the figure, the worst run, and every run's value in the order they ran.
 */
export interface FigureSpread {
  median: number;
  /** The run furthest on the wrong side of the figure's target; null when it has no target, so no wrong side. */
  worst: number | null;
  runs: number[];
}

/**
 * The run furthest on the wrong side of `target`: the highest for "≤", the lowest for "≥", the furthest from
 * it either way for "=" (the first of two as far). Null for a figure without a target, or for no runs.
 */
export function worstRun(values: readonly number[], target: FigureTarget): number | null {
  if (target === null || values.length === 0) return null;
  if ('atMost' in target) return Math.max(...values);
  if ('atLeast' in target) return Math.min(...values);
  const { exactly } = target;
  return values.reduce((worst, value) =>
    Math.abs(value - exactly) > Math.abs(worst - exactly) ? value : worst,
  );
}

/**
 * The spread of a figure's values over its runs; of an even count, the median is the mean of the middle two,
 * kept to 12 digits so the JSON shows 5.63065 where the float sum makes 5.630649999999999.
 */
export const spreadOf = (values: readonly number[], target: FigureTarget): FigureSpread => ({
  median: Number(median([...values]).toPrecision(12)),
  worst: worstRun(values, target),
  runs: [...values],
});

/** The repeats of a bench JSON: how many runs were asked for, and each repeated figure's spread. */
export interface BenchRepeats {
  repeat: number;
  spread: Record<string, FigureSpread>;
}

/**
 * The `spread` member and `run.repeat` of the bench's JSON, read tolerantly: null for a run without
 * `--repeat` (an older JSON included), so its table stays the one-value table; an entry that is not a
 * spread of finite numbers is left out (its figure then shows as run once).
 */
export function readBenchRepeats(json: unknown): BenchRepeats | null {
  if (!isRecord(json) || !isRecord(json.spread)) return null;
  const spread: Record<string, FigureSpread> = {};
  for (const [figure, entry] of Object.entries(json.spread)) {
    if (!isRecord(entry) || !isFiniteNumber(entry.median) || !Array.isArray(entry.runs)) continue;
    const runs = entry.runs;
    if (runs.length === 0 || !runs.every(isFiniteNumber)) continue;
    if (entry.worst !== null && !isFiniteNumber(entry.worst)) continue;
    spread[figure] = { median: entry.median, worst: entry.worst, runs };
  }
  const asked = isRecord(json.run) ? json.run.repeat : undefined;
  const most = Math.max(1, ...Object.values(spread).map((each) => each.runs.length));
  return { repeat: isFiniteNumber(asked) && asked >= 1 ? asked : most, spread };
}

/**
 * The figures table of docs/benchmarks.md for a run with `--repeat`: as figuresMarkdown
 * (tests/support/figures-markdown.ts), every figure with a target in its order then the others, with the
 * median and the worst of the runs; "met" judges the worst run, as a target is a promise about every run.
 * A figure of a benchmark run once shows its one value and "run once"; a worst from fewer runs than asked
 * (some failed) says of how many.
 */
export function spreadFiguresMarkdown(
  figures: Readonly<Record<string, number>>,
  { repeat, spread }: BenchRepeats,
): string {
  const rows = figureOrder(figures).map((figure) => {
    const target = FIGURE_TARGETS[figure] ?? null;
    const value = figures[figure];
    const spreadOfFigure = spread[figure];
    const cells = (() => {
      if (value === undefined) return ['not measured', '–', 'not measured'];
      if (spreadOfFigure === undefined) return [figureNumber(value), 'run once', metText(value, target)];
      const { worst, runs } = spreadOfFigure;
      const of = runs.length < repeat ? ` (of ${runs.length})` : '';
      if (worst === null) return [figureNumber(value), `–${of}`, metText(value, target)];
      return [figureNumber(value), `${figureNumber(worst)}${of}`, metText(worst, target)];
    })();
    return `| \`${figure}\` | ${cells[0]} | ${cells[1]} | ${targetTextOf(figure)} | ${cells[2]} |`;
  });
  return [
    `| figure | median of ${repeat} | worst of ${repeat} | target | met |`,
    '| --- | ---: | ---: | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The line under the run's name: what was repeated, and what "met" judges. */
export const repeatsMarkdown = ({ repeat }: BenchRepeats): string =>
  `Each benchmark that drives a browser ran ${repeat} ${repeat === 1 ? 'time' : 'times'} (\`--repeat ${repeat}\`): its figures show the median and the worst run, and "met" judges the worst; the others ran once.`;

/**
 * The figures table of several whole runs of `npm run bench -- --json` (benchmarks "Repeated runs"): every
 * figure in figureOrder's order with its value in each run, the worst of them and "met" judging the worst,
 * as a target holds for every run. A run that lacks a figure shows "not measured" in its column; the worst
 * of fewer runs than were given says of how many; a figure without a target has no worst, and one that no
 * run measured is "not measured".
 */
export function wholeRunsMarkdown(runs: readonly Readonly<Record<string, number>>[]): string {
  const every = Object.assign({}, ...runs) as Record<string, number>;
  const rows = figureOrder(every).map((figure) => {
    const target = FIGURE_TARGETS[figure] ?? null;
    const values = runs.map((run) => run[figure]);
    const measured = values.filter((value) => value !== undefined);
    const of = measured.length < runs.length ? ` (of ${measured.length})` : '';
    const worst = worstRun(measured, target);
    const cells = values.map((value) => (value === undefined ? 'not measured' : figureNumber(value)));
    const [worstCell, met] = (() => {
      if (measured.length === 0) return ['–', 'not measured'];
      if (worst === null) return [`–${of}`, '–'];
      return [`${figureNumber(worst)}${of}`, metText(worst, target)];
    })();
    return `| \`${figure}\` | ${cells.join(' | ')} | ${worstCell} | ${targetTextOf(figure)} | ${met} |`;
  });
  const numbers = runs.map((_, index) => `run ${index + 1}`);
  return [
    `| figure | ${numbers.join(' | ')} | worst of ${runs.length} | target | met |`,
    `| --- | ${numbers.map(() => '---: | ').join('')}---: | --- | --- |`,
    ...rows,
  ].join('\n');
}
