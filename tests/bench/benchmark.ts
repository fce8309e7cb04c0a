import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type Interval, median } from '@/tests/support/statistics';

/**
 * The shape every benchmark module has. `npm run bench` runs them all and merges their figures into
 * one JSON object, so a new benchmark adds its module to benchmarks.ts and its keys appear beside these.
 */
export interface TableRow {
  label: string;
  cells: Record<string, string>;
}

export interface BenchmarkResult<Figure extends string = string> {
  /** Flat key -> number; keys are unique across all benchmarks. */
  figures: Record<Figure, number>;
  /** What the table on stdout shows. */
  rows: TableRow[];
  /**
   * For a figure that is a ratio of two medians of a browser's timings (opens, clicks, answers): how sure
   * this run is of it (statistics.ts medianRatioInterval).
   */
  intervals?: Partial<Record<Figure, Interval>>;
}

/** The results of a benchmark's parts as its one result: their figures, rows and intervals together. */
export const joinedResults = (...parts: BenchmarkResult[]): BenchmarkResult => ({
  figures: Object.assign({}, ...parts.map((part) => part.figures)),
  rows: parts.flatMap((part) => part.rows),
  intervals: Object.assign({}, ...parts.map((part) => part.intervals ?? {})),
});

/**
 * How much a benchmark measures. `full` is the run whose figures docs/benchmarks.md shows; `smoke` is the
 * smallest run that still goes through the benchmark's whole path (tens of messages, one round, waits
 * shortened), which `npm test` makes of every benchmark so that a broken one fails there: its figures mean
 * nothing but that they were measured.
 */
export type Scale = 'full' | 'smoke';

export interface Benchmark<Figure extends string = string> {
  name: string;
  /** Every figure a run reports, the same at either scale (the runner and the smoke tests hold it to them). */
  figures: readonly Figure[];
  /**
   * The browser it drives, if any: `npm test` runs its smoke run in that browser's lane (scripts/test-e2e.ts),
   * and `--repeat` runs only these more than once (run-benchmarks.ts).
   */
  browser?: 'chromium' | 'firefox';
  /** The in-process benchmarks answer at once; the browser's wait for Chromium and the replica. */
  run(scale: Scale): BenchmarkResult<Figure> | Promise<BenchmarkResult<Figure>>;
}

/** A benchmark whose result the type checker holds to the figures it declares. */
export const defineBenchmark = <const Figure extends string>(benchmark: Benchmark<Figure>): Benchmark =>
  benchmark;

/** The value for `scale`: each benchmark names its full and its smoke sizes side by side. */
export const atScale = <T>(scale: Scale, sizes: { full: T; smoke: T }): T => sizes[scale];

// A full collection before every timing, so one task's garbage is not collected on the next one's time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The last result is kept here, so no engine can drop a computation whose result nobody reads. */
const sink: { last: unknown } = { last: null };

/** Milliseconds per call of `task`, averaged over `calls` calls. */
function timePerCall(task: () => unknown, calls: number): number {
  sink.last = null;
  collectGarbage();
  const start = performance.now();
  for (let call = 0; call < calls; call += 1) sink.last = task();
  return (performance.now() - start) / calls;
}

export interface RatioOptions {
  /** Pairs timed; the median of their ratios is kept. */
  repetitions?: number;
  /** How long one timing of either side lasts at least: enough calls are made in a row to reach it. */
  minimumMs?: number;
}

/** measureRatio's options at `scale`: at the smoke scale, one short pair. */
export const ratioOptions = (scale: Scale, full: RatioOptions = {}): RatioOptions =>
  atScale(scale, { full, smoke: { repetitions: 1, minimumMs: 1 } });

export interface RatioMeasurement {
  subjectMs: number;
  baselineMs: number;
  /** Median over the repetitions of subject time / baseline time, each pair timed back to back. */
  ratio: number;
}

/**
 * Times `subject` against `baseline` in the same run: each repetition times both back to back, so a
 * slower or busier machine changes both alike, and the median of the per-repetition ratios is kept.
 */
export function measureRatio(
  subject: () => unknown,
  baseline: () => unknown,
  { repetitions = 11, minimumMs = 60 }: RatioOptions = {},
): RatioMeasurement {
  // Warm up both, and find how many calls make one timing last long enough to read.
  const once = Math.max(timePerCall(baseline, 1), timePerCall(subject, 1), 0.001);
  const calls = Math.max(1, Math.ceil(minimumMs / once));
  timePerCall(baseline, calls);
  timePerCall(subject, calls);
  const ratios: number[] = [];
  const subjects: number[] = [];
  const baselines: number[] = [];
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    const baselineMs = timePerCall(baseline, calls);
    const subjectMs = timePerCall(subject, calls);
    baselines.push(baselineMs);
    subjects.push(subjectMs);
    ratios.push(subjectMs / baselineMs);
  }
  return { subjectMs: median(subjects), baselineMs: median(baselines), ratio: median(ratios) };
}
