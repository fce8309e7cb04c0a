import { expect, it } from 'vitest';
import type { Benchmark } from './benchmark';
import { runBenchmarks } from './run-benchmarks';

/** The longest smoke run (the fuzz suite's files at a few runs each) takes about a minute on a busy machine. */
const SMOKE_TIMEOUT_MS = 300_000;

/**
 * Each benchmark of `list` run once at its smoke scale, as `npm run bench -- --smoke` runs it: it must go
 * through its whole path and report every figure it declares as a finite number. What the figures are is
 * not asserted: at this scale they measure nothing, and no test asserts a time.
 */
export function itRunsEachAtSmokeScale(list: readonly Benchmark[]): void {
  it.each(list.map((benchmark) => [benchmark.name, benchmark] as const))(
    'the benchmark "%s" runs whole and reports each of its figures',
    async (_name, benchmark) => {
      const run = await runBenchmarks([benchmark], 'smoke');
      expect(run.errors).toEqual([]);
      expect(Object.keys(run.figures).sort()).toEqual([...benchmark.figures].sort());
    },
    SMOKE_TIMEOUT_MS,
  );
}
