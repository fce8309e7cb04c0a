import type { Benchmark, BenchmarkResult, Scale } from './benchmark';

/** A benchmark that threw, or whose figures were not the ones it declares, and what went wrong. */
export interface BenchmarkError {
  benchmark: string;
  error: string;
}

export interface BenchRun {
  /** Every figure measured, whichever benchmarks failed. */
  figures: Record<string, number>;
  errors: BenchmarkError[];
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
  return problems;
}

/**
 * Runs `benchmarks` one after another at `scale`. One that throws, or reports other figures than it declares,
 * is an error of its own: the others still run, and every finite figure measured is kept (a figure another
 * benchmark reported first is not overwritten). `onResult` hears each result as it comes, for a table.
 */
export async function runBenchmarks(
  benchmarks: readonly Benchmark[],
  scale: Scale,
  onResult: (benchmark: Benchmark, result: BenchmarkResult) => void = () => undefined,
): Promise<BenchRun> {
  const figures: Record<string, number> = {};
  const errors: BenchmarkError[] = [];
  for (const benchmark of benchmarks) {
    let result: BenchmarkResult;
    try {
      result = await benchmark.run(scale);
    } catch (error) {
      errors.push({ benchmark: benchmark.name, error: messageOf(error) });
      continue;
    }
    const problems = problemsOf(benchmark, result, figures);
    if (problems.length > 0) errors.push({ benchmark: benchmark.name, error: `${problems.join('; ')}.` });
    for (const [figure, value] of Object.entries(result.figures))
      if (Number.isFinite(value) && !(figure in figures)) figures[figure] = value;
    onResult(benchmark, result);
  }
  return { figures, errors };
}
