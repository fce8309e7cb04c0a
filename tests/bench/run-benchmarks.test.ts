import { describe, expect, it } from 'vitest';
import type { Benchmark, BenchmarkResult, Scale } from './benchmark';
import { type Attempt, parseRepeat, runBenchmarks } from './run-benchmarks';

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
        {
          ...reporting('unsure', { h: 1 }),
          run: () => ({ figures: { h: 1 }, rows: [], intervals: { i: { low: 0, high: 1, level: 0.9 } } }),
        },
      ],
      'full',
    );
    expect(run.figures).toEqual({ a: 1, e: 2, f: 3, g: 4, h: 1 });
    expect(run.errors).toEqual([
      { benchmark: 'missing one', error: 'it reported no b.' },
      { benchmark: 'not finite', error: 'it reported c as NaN; it reported d as Infinity.' },
      { benchmark: 'undeclared', error: 'it reported g, which it does not declare.' },
      { benchmark: 'twice', error: 'another benchmark reported a already.' },
      { benchmark: 'unsure', error: 'it gave an interval of i, which it does not declare.' },
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

/** A benchmark that drives a browser and reports, run after run, the next figures of `runs`. */
const browserRuns = (name: string, runs: Array<Record<string, number> | Error>): Benchmark => {
  let next = 0;
  const figures = Object.keys(runs.find((run) => !(run instanceof Error)) ?? {});
  return {
    name,
    figures,
    browser: 'chromium',
    run: async (): Promise<BenchmarkResult> => {
      const run = runs[next];
      next += 1;
      if (run === undefined) throw new Error(`${name} ran more often than its ${runs.length} runs.`);
      if (run instanceof Error) throw run;
      return { figures: run, rows: [] };
    },
  };
};

describe('runBenchmarks with a repeat', () => {
  it('runs a browser benchmark N times and reports the median, the worst by the target and each run', async () => {
    const heard: Attempt[] = [];
    const run = await runBenchmarks(
      [
        // the targets (figure-targets.ts): ≤ 1.5, ≥ 1,000, = 0, none, and a figure the targets do not list
        browserRuns('popup', [
          {
            popup_render_ratio: 1.4,
            bulk_min_gap_ms: 1_200,
            own_requests_per_load: 0,
            own_token_requests_per_load: 1,
            brand_new_ratio: 5,
          },
          {
            popup_render_ratio: 1.62,
            bulk_min_gap_ms: 900,
            own_requests_per_load: 2,
            own_token_requests_per_load: 3,
            brand_new_ratio: 4,
          },
          {
            popup_render_ratio: 1.45,
            bulk_min_gap_ms: 1_100,
            own_requests_per_load: -3,
            own_token_requests_per_load: 2,
            brand_new_ratio: 6,
          },
        ]),
      ],
      'full',
      (_benchmark, _result, attempt) => heard.push(attempt),
      3,
    );
    expect(run.errors).toEqual([]);
    expect(run.figures).toEqual({
      popup_render_ratio: 1.45,
      bulk_min_gap_ms: 1_100,
      own_requests_per_load: 0,
      own_token_requests_per_load: 2,
      brand_new_ratio: 5,
    });
    expect(run.spread).toEqual({
      popup_render_ratio: { median: 1.45, worst: 1.62, runs: [1.4, 1.62, 1.45] },
      bulk_min_gap_ms: { median: 1_100, worst: 900, runs: [1_200, 900, 1_100] },
      own_requests_per_load: { median: 0, worst: -3, runs: [0, 2, -3] },
      own_token_requests_per_load: { median: 2, worst: null, runs: [1, 3, 2] },
      brand_new_ratio: { median: 5, worst: null, runs: [5, 4, 6] },
    });
    expect(heard).toEqual([
      { run: 1, runs: 3 },
      { run: 2, runs: 3 },
      { run: 3, runs: 3 },
    ]);
  });

  it('takes the mean of the middle two as the median of an even count of runs', async () => {
    const run = await runBenchmarks(
      [
        browserRuns('popup', [
          { popup_render_ratio: 1.6 },
          { popup_render_ratio: 1.4 },
          { popup_render_ratio: 2.1 },
          { popup_render_ratio: 1.5 },
        ]),
      ],
      'full',
      undefined,
      4,
    );
    expect(run.figures.popup_render_ratio).toBe(1.55);
    expect(run.spread?.popup_render_ratio?.worst).toBe(2.1);
    expect(run.spread?.popup_render_ratio?.runs).toEqual([1.6, 1.4, 2.1, 1.5]);
  });

  it("keeps each run's interval of a figure in the order of the runs, and none of a failed run", async () => {
    const sure = (low: number, high: number) => ({ low, high, level: 0.9 });
    const answers: BenchmarkResult[] = [
      {
        figures: { popup_render_ratio: 1.45, b: 2 },
        rows: [],
        intervals: { popup_render_ratio: sure(1.4, 1.6) },
      },
      {
        figures: { popup_render_ratio: Number.NaN, b: 2 },
        rows: [],
        intervals: { popup_render_ratio: sure(0, 9) },
      },
      {
        figures: { popup_render_ratio: 1.52, b: 2 },
        rows: [],
        intervals: { popup_render_ratio: sure(1.45, 1.61) },
      },
    ];
    let next = 0;
    const popup: Benchmark = {
      name: 'popup',
      figures: ['popup_render_ratio', 'b'],
      browser: 'chromium',
      run: async () => answers[next++] as BenchmarkResult,
    };
    const run = await runBenchmarks([popup, reporting('soak', { c: 1 })], 'full', undefined, 3);
    expect(run.intervals).toEqual({ popup_render_ratio: [sure(1.4, 1.6), sure(1.45, 1.61)] });
    expect((await runBenchmarks([reporting('soak', { c: 1 })], 'full')).intervals).toBeUndefined();
  });

  it('runs once at a repeat of 1, the median and the worst being that run', async () => {
    const run = await runBenchmarks(
      [browserRuns('popup', [{ popup_render_ratio: 1.3 }])],
      'full',
      undefined,
      1,
    );
    expect(run).toEqual({
      figures: { popup_render_ratio: 1.3 },
      errors: [],
      spread: { popup_render_ratio: { median: 1.3, worst: 1.3, runs: [1.3] } },
    });
  });

  it('runs a benchmark that drives no browser once, its figure without a spread', async () => {
    let calls = 0;
    const computed: Benchmark = {
      name: 'normalize',
      figures: ['normalize_tree_ratio_10k'],
      run: () => {
        calls += 1;
        return { figures: { normalize_tree_ratio_10k: 0.35 }, rows: [] };
      },
    };
    const run = await runBenchmarks(
      [computed, browserRuns('popup', [{ popup_render_ratio: 1.3 }, { popup_render_ratio: 1.5 }])],
      'full',
      undefined,
      2,
    );
    expect(calls).toBe(1);
    expect(run.figures).toEqual({ normalize_tree_ratio_10k: 0.35, popup_render_ratio: 1.4 });
    expect(Object.keys(run.spread ?? {})).toEqual(['popup_render_ratio']);
  });

  it('reports a figure from the runs that succeeded, and each run that failed by its number', async () => {
    const run = await runBenchmarks(
      [
        browserRuns('popup and export in Chromium', [
          { popup_render_ratio: 1.4, export_click_ms_10k_ratio: 1.8 },
          new Error('Timeout 30000ms exceeded waiting for the download'),
          { popup_render_ratio: 1.6, export_click_ms_10k_ratio: Number.NaN },
        ]),
        browserRuns('library page in Chromium', [
          new Error('the page crashed'),
          new Error('the page crashed again'),
        ]),
      ],
      'full',
      undefined,
      3,
    );
    expect(run.figures).toEqual({ popup_render_ratio: 1.5, export_click_ms_10k_ratio: 1.8 });
    expect(run.spread).toEqual({
      popup_render_ratio: { median: 1.5, worst: 1.6, runs: [1.4, 1.6] },
      export_click_ms_10k_ratio: { median: 1.8, worst: 1.8, runs: [1.8] },
    });
    expect(run.errors).toEqual([
      {
        benchmark: 'popup and export in Chromium',
        error: 'run 2 of 3: Timeout 30000ms exceeded waiting for the download',
      },
      {
        benchmark: 'popup and export in Chromium',
        error: 'run 3 of 3: it reported export_click_ms_10k_ratio as NaN.',
      },
      { benchmark: 'library page in Chromium', error: 'run 1 of 3: the page crashed' },
      { benchmark: 'library page in Chromium', error: 'run 2 of 3: the page crashed again' },
      {
        benchmark: 'library page in Chromium',
        error: 'run 3 of 3: library page in Chromium ran more often than its 2 runs.',
      },
    ]);
  });

  it('leaves the run as it was without a repeat: browser benchmarks once, no spread', async () => {
    const run = await runBenchmarks(
      [browserRuns('popup', [{ popup_render_ratio: 1.3 }, { popup_render_ratio: 1.9 }])],
      'full',
    );
    expect(run).toEqual({ figures: { popup_render_ratio: 1.3 }, errors: [] });
    expect('spread' in run).toBe(false);
  });

  it('refuses a repeat that is not a whole number of runs, 1 or more', async () => {
    for (const bad of [0, -1, 2.5, Number.NaN])
      await expect(runBenchmarks([], 'full', undefined, bad)).rejects.toThrow('whole number of times');
  });
});

describe('parseRepeat, the value of --repeat', () => {
  it('reads a whole number of runs, 1 or more', () => {
    expect(parseRepeat('1')).toBe(1);
    expect(parseRepeat('3')).toBe(3);
    expect(parseRepeat('12')).toBe(12);
  });

  it('refuses anything else with what was given', () => {
    expect(() => parseRepeat(undefined)).toThrow(
      '--repeat takes a whole number of runs, 1 or more (as in --repeat 3), not nothing.',
    );
    for (const bad of ['0', '-1', '2.5', 'three', '3x', '', '03', '--json'])
      expect(() => parseRepeat(bad), bad).toThrow(`not "${bad}"`);
  });
});
