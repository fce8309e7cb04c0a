import { describe, expect, it } from 'vitest';
import type { Benchmark, BenchmarkResult, Scale } from './benchmark';
import { runBenchmarks } from './run-benchmarks';

const reporting = (
  name: string,
  figures: Record<string, number>,
  declared = Object.keys(figures),
): Benchmark => ({
  name,
  figures: declared,
  run: (): BenchmarkResult => ({ figures, rows: [] }),
});

describe('runBenchmarks', () => {
  it('reports a benchmark that throws by its name and error, and still runs the rest', async () => {
    const broken: Benchmark = {
      name: 'library page in Chromium',
      figures: ['library_filter_ratio_100k'],
      run: async () => {
        throw new Error('strict mode violation: locator(\'input[type="file"]\') resolved to 3 elements');
      },
    };
    const run = await runBenchmarks(
      [reporting('normalize', { a: 0.3 }), broken, reporting('soak', { b: 1.1, c: 0 })],
      'full',
    );
    expect(run.figures).toEqual({ a: 0.3, b: 1.1, c: 0 });
    expect(run.errors).toEqual([
      {
        benchmark: 'library page in Chromium',
        error: 'strict mode violation: locator(\'input[type="file"]\') resolved to 3 elements',
      },
    ]);
  });

  it('holds each result to the figures its benchmark declares, keeping what was measured', async () => {
    const run = await runBenchmarks(
      [
        reporting('missing one', { a: 1 }, ['a', 'b']),
        reporting('not finite', { c: Number.NaN, d: Number.POSITIVE_INFINITY, e: 2 }),
        reporting('undeclared', { f: 3, g: 4 }, ['f']),
        reporting('twice', { a: 9 }),
      ],
      'full',
    );
    expect(run.figures).toEqual({ a: 1, e: 2, f: 3, g: 4 });
    expect(run.errors).toEqual([
      { benchmark: 'missing one', error: 'it reported no b.' },
      { benchmark: 'not finite', error: 'it reported c as NaN; it reported d as Infinity.' },
      { benchmark: 'undeclared', error: 'it reported g, which it does not declare.' },
      { benchmark: 'twice', error: 'another benchmark reported a already.' },
    ]);
  });

  it('runs each benchmark at the scale asked for, and hears each result as it comes', async () => {
    const scales: Scale[] = [];
    const heard: string[] = [];
    const scaled: Benchmark = {
      name: 'scaled',
      figures: ['a'],
      run: (scale) => {
        scales.push(scale);
        return { figures: { a: scale === 'smoke' ? 1 : 2 }, rows: [] };
      },
    };
    const run = await runBenchmarks([scaled], 'smoke', (benchmark) => heard.push(benchmark.name));
    expect(run).toEqual({ figures: { a: 1 }, errors: [] });
    expect(scales).toEqual(['smoke']);
    expect(heard).toEqual(['scaled']);
  });
});
