import type { Benchmark } from './benchmark';
import { exportMarkdownBenchmark } from './export-md-benchmark';
import { insightsBenchmark } from './insights-benchmark';
import { normalizeBenchmark } from './normalize-benchmark';
import { sseParseBenchmark } from './sse-parse-benchmark';

/** Every benchmark of `npm run bench`; a later issue appends its module here. */
export const BENCHMARKS: Benchmark[] = [
  normalizeBenchmark,
  insightsBenchmark,
  exportMarkdownBenchmark,
  sseParseBenchmark,
];
