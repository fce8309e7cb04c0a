import { FIGURE_TARGETS } from '@/tests/support/figure-targets';
import type { Interval } from '@/tests/support/statistics';
import type { Benchmark, BenchmarkResult, Scale } from './benchmark';
import { type FigureSpread, spreadOf } from './figure-spread';

/** A benchmark that threw, or whose figures were not the ones it declares, and what went wrong. */
export interface BenchmarkError {
  benchmark: string;
  error: string;
}

export interface BenchRun {
  /** Every figure measured, whichever benchmarks failed; a repeated figure's median over its runs. */
  figures: Record<string, number>;
  errors: BenchmarkError[];
  /** With a repeat asked for: each repeated figure's median, worst run and every run's value. */
  spread?: Record<string, FigureSpread>;
  /**
   * Each figure a benchmark gave an interval (benchmarks "How sure one run is"): one per run, in the order
   * they ran. Left out when no benchmark gave one.
   */
  intervals?: Record<string, Interval[]>;
}

/** Which of a benchmark's runs a result is, the first being 1. */
export interface Attempt {
  run: number;
  runs: number;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** What is wrong with a result against the figures its benchmark declares, and with figures already measured. */
function problemsOf(
  benchmark: Benchmark,
  result: BenchmarkResult,
  measured: Record<string, number>,
): string[] {
  const problems: string[] = [];
  for (const figure of benchmark.figures) {
    const value = result.figures[figure];
    if (value === undefined) problems.push(`it reported no ${figure}`);
    else if (!Number.isFinite(value)) problems.push(`it reported ${figure} as ${value}`);
  }
  for (const figure of Object.keys(result.figures)) {
    if (!benchmark.figures.includes(figure))
      problems.push(`it reported ${figure}, which it does not declare`);
    if (figure in measured) problems.push(`another benchmark reported ${figure} already`);
  }
  for (const figure of Object.keys(result.intervals ?? {}))
    if (!benchmark.figures.includes(figure))
      problems.push(`it gave an interval of ${figure}, which it does not declare`);
  return problems;
}

/**
 * `--repeat`'s value: a whole number of runs, 1 or more. Anything else is refused with what was given, so
 * a typo never runs the whole bench once and passes for a repeated run.
 */
export function parseRepeat(text: string | undefined): number {
  if (text === undefined || !/^[1-9]\d*$/.test(text))
    throw new Error(
      `--repeat takes a whole number of runs, 1 or more (as in --repeat 3), not ${text === undefined ? 'nothing' : `"${text}"`}.`,
    );
  return Number(text);
}

/**
 * Runs `benchmarks` one after another at `scale`. One that throws, or reports other figures than it declares,
 * is an error of its own: the others still run, and every finite figure measured is kept (a figure another
 * benchmark reported first is not overwritten). `onResult` hears each result as it comes, for a table.
 *
 * With `repeat`, each benchmark that drives a browser (its `browser` declared) runs `repeat` times in a row,
 * and `spread` holds each of its figures' median (of an even count, the mean of the middle two) and its worst
 * run by the figure's target (figure-spread.ts); the figure itself is the median. A run that fails is an error
 * named by its number, and the figure comes from the runs that reported it. The other benchmarks run once:
 * each is computation in Node whose figure is already made within its one run, a ratio against a baseline
 * timed in the same run (the median of paired timings), a count or a time on a virtual clock (the soak, the
 * account runs), or a size in bytes or memory (the budgets, the fuzz runs' count, a child's heap or RSS
 * peak). The browsers' figures are a few page opens, clicks or real minutes of a whole browser, whose start
 * and scheduling move them from run to run (benchmarks "Repeated runs").
 */
export async function runBenchmarks(
  benchmarks: readonly Benchmark[],
  scale: Scale,
  onResult: (benchmark: Benchmark, result: BenchmarkResult, attempt: Attempt) => void = () => undefined,
  repeat?: number,
): Promise<BenchRun> {
  if (repeat !== undefined && !(Number.isInteger(repeat) && repeat >= 1))
    throw new Error(`A benchmark runs a whole number of times, 1 or more, not ${repeat}.`);
  const figures: Record<string, number> = {};
  const errors: BenchmarkError[] = [];
  const spread: Record<string, FigureSpread> = {};
  const intervals: Record<string, Interval[]> = {};
  for (const benchmark of benchmarks) {
    const repeated = repeat !== undefined && benchmark.browser !== undefined;
    const runs = repeated ? repeat : 1;
    const values = new Map<string, number[]>();
    for (let run = 1; run <= runs; run += 1) {
      const named = (error: string) => ({
        benchmark: benchmark.name,
        error: runs === 1 ? error : `run ${run} of ${runs}: ${error}`,
      });
      let result: BenchmarkResult;
      try {
        result = await benchmark.run(scale);
      } catch (error) {
        errors.push(named(messageOf(error)));
        continue;
      }
      const problems = problemsOf(benchmark, result, figures);
      if (problems.length > 0) errors.push(named(`${problems.join('; ')}.`));
      for (const [figure, value] of Object.entries(result.figures))
        if (Number.isFinite(value) && !(figure in figures))
          values.set(figure, [...(values.get(figure) ?? []), value]);
      for (const [figure, interval] of Object.entries(result.intervals ?? {})) {
        const value = result.figures[figure];
        if (interval !== undefined && value !== undefined && Number.isFinite(value) && !(figure in figures))
          intervals[figure] = [...(intervals[figure] ?? []), interval];
      }
      onResult(benchmark, result, { run, runs });
    }
    // The figures are kept once all runs are done, so a run is held only to other benchmarks' figures.
    for (const [figure, runValues] of values) {
      const measured = spreadOf(runValues, FIGURE_TARGETS[figure] ?? null);
      figures[figure] = measured.median;
      if (repeated) spread[figure] = measured;
    }
  }
  return {
    figures,
    errors,
    ...(repeat === undefined ? {} : { spread }),
    ...(Object.keys(intervals).length === 0 ? {} : { intervals }),
  };
}
