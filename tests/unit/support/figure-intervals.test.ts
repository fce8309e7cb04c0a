import { describe, expect, it } from 'vitest';
import { intervalsMarkdown, readBenchIntervals } from '@/tests/support/figure-intervals';

const sure = (low: number, high: number) => ({ low, high, level: 0.9 });

describe('the intervals table from the bench JSON', () => {
  it("reads each run's interval, leaving out what is not one", () => {
    const json = {
      popup_render_ratio: 1.52,
      intervals: {
        popup_render_ratio: [sure(1.404, 1.682), { low: 'x', high: 2 }, sure(1.45, 1.6)],
        export_click_ms_10k_ratio: 'broken',
        sse_first_chunk_delay_ratio: [{ low: 0.9, high: Number.NaN, level: 0.9 }],
      },
    };
    expect(readBenchIntervals(json)).toEqual({ popup_render_ratio: [sure(1.404, 1.682), sure(1.45, 1.6)] });
    expect(readBenchIntervals({ popup_render_ratio: 1.52 })).toEqual({});
    expect(readBenchIntervals(null)).toEqual({});
  });

  it("says of each figure what its runs can tell of the target, in the targets' order", () => {
    const table = intervalsMarkdown({
      export_click_ms_10k_ratio: [sure(1.663, 2.315), sure(1.2, 1.9), sure(2.05, 2.4)],
      popup_render_ratio: [sure(1.404, 1.682), sure(1.424, 1.703)],
    });
    expect(table.split('\n')).toEqual([
      "| figure | each run's 90% interval | target | the runs say |",
      '| --- | --- | --- | --- |',
      '| `popup_render_ratio` | 1.404 to 1.682; 1.424 to 1.703 | ≤ 1.5 | cannot tell in 2 |',
      '| `export_click_ms_10k_ratio` | 1.663 to 2.315; 1.2 to 1.9; 2.05 to 2.4 | ≤ 2 | met in 1, missed in 1, cannot tell in 1 |',
    ]);
  });

  it('is empty for a run that gave no interval, so the page shows no empty table', () => {
    expect(intervalsMarkdown({})).toBe('');
  });
});
