import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedWindow, rowOffsets, visibleWindow } from '@/components/views/visible-window';

describe('visibleWindow', () => {
  const offsets = rowOffsets(Array.from({ length: 10_000 }, (_, index) => (index % 3 === 0 ? 30 : 50)));

  it('renders a few dozen of 10,000 rows wherever the list is scrolled', () => {
    const top = visibleWindow(offsets, { scrollTop: 0, height: 400, margin: 200 });
    expect(top).toEqual({ start: 0, end: expect.any(Number) });
    expect(top.end).toBeLessThan(20);
    const middle = visibleWindow(offsets, { scrollTop: 200_000, height: 400, margin: 200 });
    expect(middle.end - middle.start).toBeLessThan(25);
    const bottom = visibleWindow(offsets, {
      scrollTop: (offsets.at(-1) ?? 0) - 400,
      height: 400,
      margin: 200,
    });
    expect(bottom.end).toBe(10_000);
  });

  it('has nothing to render for no rows', () => {
    expect(visibleWindow(rowOffsets([]), { scrollTop: 0, height: 400, margin: 100 })).toEqual({
      start: 0,
      end: 0,
    });
  });

  it('always covers every row that overlaps the viewport', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 300 }),
        fc.nat(20_000),
        fc.integer({ min: 1, max: 900 }),
        fc.nat(300),
        (heights, scroll, height, margin) => {
          const starts = rowOffsets(heights);
          const total = starts.at(-1) ?? 0;
          const scrollTop = Math.min(scroll, Math.max(0, total - height));
          const { start, end } = visibleWindow(starts, { scrollTop, height, margin });
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(heights.length);
          heights.forEach((_, index) => {
            const rowTop = starts[index] ?? 0;
            const rowBottom = starts[index + 1] ?? 0;
            const overlaps = rowBottom > scrollTop && rowTop < scrollTop + height;
            if (overlaps) expect(index >= start && index < end).toBe(true);
          });
        },
      ),
    );
  });
});

describe('fixedWindow', () => {
  it('is the window of rows all of one height, worked out without their offsets', () => {
    fc.assert(
      fc.property(
        fc.nat(400),
        fc.integer({ min: 1, max: 80 }),
        fc.nat(40_000),
        fc.integer({ min: 1, max: 900 }),
        fc.nat(500),
        (count, rowHeight, scroll, height, margin) => {
          const offsets = rowOffsets(new Array<number>(count).fill(rowHeight));
          const scrollTop = Math.min(scroll, Math.max(0, count * rowHeight - height));
          const view = { scrollTop, height, margin };
          expect(fixedWindow(count, rowHeight, view)).toEqual(visibleWindow(offsets, view));
        },
      ),
    );
  });

  it('renders a few dozen of 100,000 rows wherever the table is scrolled', () => {
    const view = (scrollTop: number) => ({ scrollTop, height: 480, margin: 400 });
    expect(fixedWindow(100_000, 36, view(0))).toEqual({ start: 0, end: 25 });
    expect(fixedWindow(100_000, 36, view(1_800_000))).toEqual({ start: 49_988, end: 50_025 });
    expect(fixedWindow(100_000, 36, view(3_600_000 - 480)).end).toBe(100_000);
    expect(fixedWindow(0, 36, view(0))).toEqual({ start: 0, end: 0 });
  });
});
