import { describe, expect, it } from 'vitest';
import { BarChart } from '@/components/library/shared/BarChart';
import { renderView } from '@/tests/unit/components/views/lens-snapshots';

describe('the bar chart', () => {
  it("draws a share's interval across its bar, scaled so its high end fits", () => {
    const html = renderView(BarChart, {
      bars: [
        { key: 'a', label: 'Acme', value: 0.5, valueText: '50%', interval: { low: 0.25, high: 1 } },
        { key: 'b', label: 'Birch', value: 0.25, valueText: '25%' },
      ],
    });
    // The scale reaches the interval's high end (1), so the bar of 0.5 takes half the room (520 − 180 − 70).
    expect(html).toContain('width="135"');
    expect(html).toContain('class="bar-chart__interval" d="M247.5 6v12M247.5 12H450M450 6v12"');
    // Only the bar given an interval has one, and each value is written past its bar or interval.
    expect(html.match(/bar-chart__interval/g)).toHaveLength(1);
    expect(html).toContain('x="456"');
    expect(html).toContain('aria-hidden="true"');
  });
});
