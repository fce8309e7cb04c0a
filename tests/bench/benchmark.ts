import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { median } from '@/tests/support/statistics';

/**
 * The shape every benchmark module has. `npm run bench` runs them all and merges their figures into
 * one JSON object, so a new benchmark adds its module to benchmarks.ts and its keys appear beside these.
 */
export interface TableRow {
  label: string;
  cells: Record<string, string>;
}

export interface BenchmarkResult {
  /** Flat key -> number; keys are unique across all benchmarks. */
  figures: Record<string, number>;
  /** What the table on stdout shows. */
  rows: TableRow[];
}

export interface Benchmark {
  name: string;
  /** The in-process benchmarks answer at once; the browser's waits for Chromium and the replica. */
  run(): BenchmarkResult | Promise<BenchmarkResult>;
}

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
  { repetitions = 11, minimumMs = 60 } = {},
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
