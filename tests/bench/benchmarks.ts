import { accountPaceBenchmark } from './account-pace-benchmark';
import { accountRunBenchmark } from './account-run-benchmark';
import type { Benchmark } from './benchmark';
import { browserBenchmark } from './browser-benchmark';
import { budgetsBenchmark } from './budgets-benchmark';
import { exportHtmlBenchmark } from './export-html-benchmark';
import { exportMarkdownBenchmark } from './export-md-benchmark';
import { fanoutBenchmark } from './fanout-benchmark';
import { firefoxBenchmark } from './firefox-benchmark';
import { fuzzBenchmark } from './fuzz-benchmark';
import { importHeapBenchmark } from './import-heap-benchmark';
import { insightsBenchmark } from './insights-benchmark';
import { inspectBigExportBenchmark } from './inspect-big-export-benchmark';
import { libraryPageBenchmark } from './library-page-benchmark';
import { libraryWriteBenchmark } from './library-write-benchmark';
import { normalizeBenchmark } from './normalize-benchmark';
import { soakBenchmark } from './soak-benchmark';
import { sseParseBenchmark } from './sse-parse-benchmark';
import { streamAssembleBenchmark } from './stream-assemble-benchmark';
import { uiBenchmark } from './ui-benchmark';
import { varianceBenchmark } from './variance-benchmark';
import { zipHeapBenchmark } from './zip-heap-benchmark';

/**
 * The production builds the browsers' benchmarks load: each made, or found made, when the first benchmark
 * that needs it runs, so `--only` with no browser builds nothing.
 */
export interface ExtensionBuilds {
  chromium: () => string;
  firefox: () => string;
}

/**
 * Every benchmark of `npm run bench`; a new benchmark appends its module here, and declares its figures,
 * each with its target in tests/support/figure-targets.ts (a unit test holds the two lists together).
 */
export const benchmarks = ({ chromium, firefox }: ExtensionBuilds): Benchmark[] => [
  // First, on a fresh heap: its 165 KiB of bodies measured after the 10,000-message benchmarks paid for
  // their collections (1.75 against 1.2 to 1.4 alone), as a model parse allocates more than the bare one.
  sseParseBenchmark,
  streamAssembleBenchmark,
  normalizeBenchmark,
  insightsBenchmark,
  exportMarkdownBenchmark,
  exportHtmlBenchmark,
  libraryWriteBenchmark,
  varianceBenchmark,
  fanoutBenchmark,
  inspectBigExportBenchmark,
  accountRunBenchmark,
  accountPaceBenchmark,
  zipHeapBenchmark,
  soakBenchmark,
  fuzzBenchmark,
  browserBenchmark(chromium),
  uiBenchmark(chromium),
  firefoxBenchmark(firefox),
  libraryPageBenchmark(chromium),
  importHeapBenchmark(chromium),
  budgetsBenchmark(chromium),
];
