import { describe, expect, it } from 'vitest';
import { FIGURE_TARGETS } from '@/tests/support/figure-targets';
import { figuresMarkdown, readBenchFigures } from '@/tests/support/figures-markdown';

const rowOf = (table: string, figure: string): string | undefined =>
  table.split('\n').find((line) => line.startsWith(`| \`${figure}\` |`));

describe('the README figures table from the bench JSON', () => {
  it('lists every figure with a target once, in the targets’ order, missing ones as pending', () => {
    const table = figuresMarkdown({});
    const figures = table
      .split('\n')
      .slice(2)
      .map((line) => /^\| `([^`]+)`/.exec(line)?.[1]);
    expect(figures).toEqual(Object.keys(FIGURE_TARGETS));
    expect(rowOf(table, 'relay_bytes')).toBe('| `relay_bytes` | pending | ≤ 15,360 | pending |');
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
});
