import { describe, expect, it } from 'vitest';
import { FIGURE_TARGETS } from '@/tests/support/figure-targets';
import {
  benchErrorsMarkdown,
  benchRunMarkdown,
  figuresMarkdown,
  readBenchFigures,
  readBenchRun,
} from '@/tests/support/figures-markdown';

const rowOf = (table: string, figure: string): string | undefined =>
  table.split('\n').find((line) => line.startsWith(`| \`${figure}\` |`));

describe('the README figures table from the bench JSON', () => {
  it('lists every figure with a target once, in the targets’ order, missing ones as not measured', () => {
    const table = figuresMarkdown({});
    const figures = table
      .split('\n')
      .slice(2)
      .map((line) => /^\| `([^`]+)`/.exec(line)?.[1]);
    expect(figures).toEqual(Object.keys(FIGURE_TARGETS));
    expect(rowOf(table, 'relay_bytes')).toBe('| `relay_bytes` | not measured | ≤ 15,360 | not measured |');
  });

  it('says whether each value meets its target, exact counts included', () => {
    const table = figuresMarkdown({
      relay_bytes: 4_140,
      popup_js_gzip_bytes: 130_000,
      own_requests_older_pages: 3,
      own_requests_per_load: 0,
      normalize_tree_ratio_10k: 0.123456,
    });
    expect(rowOf(table, 'relay_bytes')).toBe('| `relay_bytes` | 4,140 | ≤ 15,360 | yes |');
    expect(rowOf(table, 'popup_js_gzip_bytes')).toBe(
      '| `popup_js_gzip_bytes` | 130,000 | ≤ 122,880 | **no** |',
    );
    expect(rowOf(table, 'own_requests_older_pages')).toBe(
      '| `own_requests_older_pages` | 3 | = 2 | **no** |',
    );
    expect(rowOf(table, 'own_requests_per_load')).toBe('| `own_requests_per_load` | 0 | = 0 | yes |');
    expect(rowOf(table, 'normalize_tree_ratio_10k')).toBe(
      '| `normalize_tree_ratio_10k` | 0.1235 | ≤ 0.5 | yes |',
    );
  });

  it('shows a figure without a target as counted, and one the targets do not list at the end', () => {
    const table = figuresMarkdown({ own_token_requests_per_load: 1, brand_new_ratio: 2 });
    expect(rowOf(table, 'own_token_requests_per_load')).toBe('| `own_token_requests_per_load` | 1 | – | – |');
    expect(table.split('\n').at(-1)).toBe('| `brand_new_ratio` | 2 | – | – |');
  });

  it('reads only finite numbers from the JSON, anything else as absent', () => {
    expect(readBenchFigures({ a: 1, b: '2', c: null, d: Number.NaN })).toEqual({ a: 1 });
    expect(readBenchFigures([1, 2])).toEqual({});
    expect(readBenchFigures('{"a":1}')).toEqual({});
  });

  it('names the run above the table and what failed below it', () => {
    const run = readBenchRun({
      a: 1,
      errors: [
        { benchmark: 'library page in Chromium', error: 'strict mode violation\n  at importLibrary' },
        {},
        7,
      ],
      run: {
        scale: 'full',
        startedAt: '2026-11-29T08:10:42.123Z',
        commit: '0123456789abcdef0123',
        uncommittedChanges: false,
        freshPageUs: { atStart: 10.2, atEnd: 9.8 },
      },
    });
    expect(benchRunMarkdown(run)).toBe(
      'One run of `npm run bench -- --json`, started 2026-11-29 08:10 UTC, at commit `0123456789ab`. The first touch of a fresh page of memory cost 10.2 µs at its start and 9.8 µs at its end.',
    );
    expect(benchErrorsMarkdown(run)).toBe(
      'Failed in this run:\n\n- library page in Chromium: strict mode violation\n- a benchmark: no message',
    );
  });

  it('says when the run was a smoke run or its tree had changes, and reads a JSON without a run', () => {
    const smoke = readBenchRun({
      run: { scale: 'smoke', startedAt: '2026-11-29T08:10:00Z', commit: 'abc', uncommittedChanges: true },
    });
    expect(benchRunMarkdown(smoke)).toContain('its figures measure nothing');
    expect(benchRunMarkdown(smoke)).toContain('changes the commit does not hold');
    // A run from before the machine was read, or with a reading that is no number, says nothing of it.
    const unread = readBenchRun({ run: { commit: 'abc', freshPageUs: { atStart: 'fast', atEnd: 3 } } });
    expect(benchRunMarkdown(unread)).not.toContain('fresh page');
    const bare = readBenchRun({ a: 1 });
    expect(benchRunMarkdown(bare)).toBe(
      'One run of `npm run bench -- --json`, at an unknown time, at an unknown commit.',
    );
    expect(benchErrorsMarkdown(bare)).toBe('');
  });
});
