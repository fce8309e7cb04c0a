import { isRecord } from '@/lib/model/json-read';
import { FIGURE_TARGETS, meetsTarget } from './figure-targets';
import { figureNumber, figureOrder, isFiniteNumber, targetTextOf } from './figures-markdown';
import type { Interval } from './statistics';

/**
 * How sure each run of the bench was of a figure (benchmarks "How sure one run is"): the `intervals` member
 * of `npm run bench -- --json`, as docs/benchmarks.md shows it under the figures table.
 */

/** The `intervals` member, read tolerantly: an entry that is not an interval of finite ends is left out. */
export function readBenchIntervals(json: unknown): Record<string, Interval[]> {
  if (!isRecord(json) || !isRecord(json.intervals)) return {};
  const read: Record<string, Interval[]> = {};
  for (const [figure, runs] of Object.entries(json.intervals)) {
    if (!Array.isArray(runs)) continue;
    const intervals = runs.filter(
      (run): run is Interval =>
        isRecord(run) && isFiniteNumber(run.low) && isFiniteNumber(run.high) && isFiniteNumber(run.level),
    );
    if (intervals.length > 0) read[figure] = intervals;
  }
  return read;
}

/** What one run's interval says of the target: met at both ends, missed at both, or not told apart. */
function verdictOf(figure: string, { low, high }: Interval): 'met' | 'missed' | 'cannot tell' | null {
  const target = FIGURE_TARGETS[figure] ?? null;
  const [lowMet, highMet] = [meetsTarget(low, target), meetsTarget(high, target)];
  if (lowMet === null || highMet === null) return null;
  if (lowMet && highMet) return 'met';
  return !lowMet && !highMet ? 'missed' : 'cannot tell';
}

/**
 * A table of each run's interval of each figure that has them, and what the runs' intervals say of its
 * target: "met in 1, cannot tell in 2". Empty when the run gave no interval.
 */
export function intervalsMarkdown(intervals: Readonly<Record<string, Interval[]>>): string {
  const figures = figureOrder(intervals).filter((figure) => intervals[figure] !== undefined);
  if (figures.length === 0) return '';
  const levels = new Set(figures.flatMap((figure) => (intervals[figure] ?? []).map((run) => run.level)));
  const level = levels.size === 1 ? `${Math.round(([...levels][0] ?? 0) * 100)}% ` : '';
  const rows = figures.map((figure) => {
    const runs = intervals[figure] ?? [];
    const ranges = runs.map(({ low, high }) => `${figureNumber(low)} to ${figureNumber(high)}`).join('; ');
    const verdicts = runs.map((run) => verdictOf(figure, run));
    const said = (['met', 'missed', 'cannot tell'] as const)
      .map((verdict) => [verdict, verdicts.filter((each) => each === verdict).length] as const)
      .filter(([, count]) => count > 0)
      .map(([verdict, count]) => `${verdict} in ${count}`)
      .join(', ');
    return `| \`${figure}\` | ${ranges} | ${targetTextOf(figure)} | ${said || '–'} |`;
  });
  return [
    `| figure | each run's ${level}interval | target | the runs say |`,
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
