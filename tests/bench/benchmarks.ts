import type { Benchmark } from './benchmark';
import { normalizeBenchmark } from './normalize-benchmark';

/** Every benchmark of `npm run bench`; a later issue appends its module here. */
export const BENCHMARKS: Benchmark[] = [normalizeBenchmark];
