import { describe, expect, it } from 'vitest';
import { FIGURE_TARGETS } from '@/tests/support/figure-targets';
import { figuresMarkdown, readBenchFigures, readBenchRun } from '@/tests/support/figures-markdown';
import {
  readBenchRepeats,
  repeatsMarkdown,
  spreadFiguresMarkdown,
  spreadOf,
  wholeRunsMarkdown,
  worstRun,
} from './figure-spread';

const rowOf = (table: string, figure: string): string | undefined =>
  table.split('\n').find((line) => line.startsWith(`| \`${figure}\` |`));

describe('the worst run of a repeated figure', () => {
  it('is the highest for a "≤" target and the lowest for a "≥" one', () => {
    expect(worstRun([1.4, 1.62, 1.45], { atMost: 1.5 })).toBe(1.62);
    expect(worstRun([1_200, 900, 1_100], { atLeast: 1_000 })).toBe(900);
  });

  it('is the furthest from an "=" target either way, the first of two as far', () => {
    expect(worstRun([41, 39, 42], { exactly: 41 })).toBe(39);
    expect(worstRun([1, -1], { exactly: 0 })).toBe(1);
    expect(worstRun([0, 0], { exactly: 0 })).toBe(0);
  });

  it('is none for a figure without a target, or without runs', () => {
    expect(worstRun([1, 2, 3], null)).toBeNull();
    expect(worstRun([], { atMost: 1 })).toBeNull();
  });

  it('comes with the median, the middle run of an odd count and the mean of the middle two of an even one', () => {
    expect(spreadOf([3, 1, 2], { atMost: 5 })).toEqual({ median: 2, worst: 3, runs: [3, 1, 2] });
    expect(spreadOf([4, 1, 3, 2], { atLeast: 0 })).toEqual({ median: 2.5, worst: 1, runs: [4, 1, 3, 2] });
    expect(spreadOf([7], { atMost: 5 })).toEqual({ median: 7, worst: 7, runs: [7] });
    expect(spreadOf([5.5325, 5.7288], { atMost: 0.5 }).median).toBe(5.63065);
  });
});

/** The JSON `npm run bench -- --json --repeat 3` prints, as figures-table.ts reads it. */
const repeatedJson = {
  normalize_tree_ratio_10k: 0.35,
  popup_render_ratio: 1.45,
  export_click_ms_10k_ratio: 1.9,
  popup_first_paint_ratio: 2,
  errors: [{ benchmark: 'popup and export in Chromium', error: 'run 2 of 3: Timeout' }],
  spread: {
    popup_render_ratio: { median: 1.45, worst: 1.62, runs: [1.4, 1.62, 1.45] },
    export_click_ms_10k_ratio: { median: 1.9, worst: 1.95, runs: [1.85, 1.95] },
    popup_first_paint_ratio: { median: 2, worst: null, runs: [1.9, 2, 2.2] },
  },
  run: {
    scale: 'full',
    startedAt: '2026-12-05T09:00:00.000Z',
    commit: '0123456789abcdef',
    uncommittedChanges: false,
    repeat: 3,
  },
};

describe('the figures table of a repeated run', () => {
  it('reads the repeats of the JSON, and none from a run without --repeat', () => {
    expect(readBenchRepeats(repeatedJson)).toEqual({ repeat: 3, spread: repeatedJson.spread });
    const { spread: _spread, ...once } = repeatedJson;
    expect(readBenchRepeats({ ...once, run: { ...once.run, repeat: undefined } })).toBeNull();
    expect(readBenchRepeats([1])).toBeNull();
  });

  it('leaves out a spread that is no spread of finite numbers, and counts the runs when run.repeat is missing', () => {
    const read = readBenchRepeats({
      spread: {
        a: { median: 1, worst: 1, runs: [1, 1] },
        b: { median: '1', worst: 1, runs: [1] },
        c: { median: 1, worst: 1, runs: [] },
        d: { median: 1, worst: 'high', runs: [1] },
        e: { median: 1, worst: 1, runs: [1, null] },
        f: 3,
      },
    });
    expect(read).toEqual({ repeat: 2, spread: { a: { median: 1, worst: 1, runs: [1, 1] } } });
  });

  it('keeps the JSON readable to what reads a run without --repeat', () => {
    expect(readBenchFigures(repeatedJson)).toEqual({
      normalize_tree_ratio_10k: 0.35,
      popup_render_ratio: 1.45,
      export_click_ms_10k_ratio: 1.9,
      popup_first_paint_ratio: 2,
    });
    expect(readBenchRun(repeatedJson).commit).toBe('0123456789abcdef');
    expect(rowOf(figuresMarkdown(readBenchFigures(repeatedJson)), 'popup_render_ratio')).toBe(
      '| `popup_render_ratio` | 1.45 | ≤ 1.5 | yes |',
    );
  });

  it('shows the median and the worst of each repeated figure, "met" judging the worst', () => {
    const repeats = readBenchRepeats(repeatedJson);
    if (repeats === null) throw new Error('The JSON has repeats.');
    const table = spreadFiguresMarkdown(readBenchFigures(repeatedJson), repeats);
    const lines = table.split('\n');
    expect(lines[0]).toBe('| figure | median of 3 | worst of 3 | target | met |');
    expect(lines.slice(2).map((line) => /^\| `([^`]+)`/.exec(line)?.[1])).toEqual(
      Object.keys(FIGURE_TARGETS),
    );
    expect(rowOf(table, 'popup_render_ratio')).toBe(
      '| `popup_render_ratio` | 1.45 | 1.62 | ≤ 1.5 | **no** |',
    );
    expect(rowOf(table, 'export_click_ms_10k_ratio')).toBe(
      '| `export_click_ms_10k_ratio` | 1.9 | 1.95 (of 2) | ≤ 2 | yes |',
    );
    expect(rowOf(table, 'popup_first_paint_ratio')).toBe('| `popup_first_paint_ratio` | 2 | – | – | – |');
    expect(rowOf(table, 'normalize_tree_ratio_10k')).toBe(
      '| `normalize_tree_ratio_10k` | 0.35 | run once | ≤ 0.5 | yes |',
    );
    expect(rowOf(table, 'relay_bytes')).toBe(
      '| `relay_bytes` | not measured | – | ≤ 15,360 | not measured |',
    );
    expect(repeatsMarkdown(repeats)).toContain('ran 3 times (`--repeat 3`)');
  });
});

describe('the figures table of several whole runs', () => {
  const runs: Record<string, number>[] = [
    { popup_render_ratio: 1.4, export_click_ms_10k_ratio: 1.9, popup_first_paint_ratio: 2 },
    { popup_render_ratio: 1.62, popup_first_paint_ratio: 2.2 },
    { popup_render_ratio: 1.45, export_click_ms_10k_ratio: 1.95, popup_first_paint_ratio: 1.9 },
  ];
  const table = wholeRunsMarkdown(runs);

  it('gives each run a column, then the worst of them, every figure with a target in its order', () => {
    const lines = table.split('\n');
    expect(lines[0]).toBe('| figure | run 1 | run 2 | run 3 | worst of 3 | target | met |');
    expect(lines[1]).toBe('| --- | ---: | ---: | ---: | ---: | --- | --- |');
    expect(lines.slice(2).map((line) => /^\| `([^`]+)`/.exec(line)?.[1])).toEqual(
      Object.keys(FIGURE_TARGETS),
    );
  });

  it('judges the worst run, and says of how many runs a figure some runs lack is the worst', () => {
    expect(rowOf(table, 'popup_render_ratio')).toBe(
      '| `popup_render_ratio` | 1.4 | 1.62 | 1.45 | 1.62 | ≤ 1.5 | **no** |',
    );
    expect(rowOf(table, 'export_click_ms_10k_ratio')).toBe(
      '| `export_click_ms_10k_ratio` | 1.9 | not measured | 1.95 | 1.95 (of 2) | ≤ 2 | yes |',
    );
  });

  it('shows a figure without a target without a worst, and one no run measured as not measured', () => {
    expect(rowOf(table, 'popup_first_paint_ratio')).toBe(
      '| `popup_first_paint_ratio` | 2 | 2.2 | 1.9 | – | – | – |',
    );
    expect(rowOf(table, 'relay_bytes')).toBe(
      '| `relay_bytes` | not measured | not measured | not measured | – | ≤ 15,360 | not measured |',
    );
  });
});
