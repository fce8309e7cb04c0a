import { describe, expect, it } from 'vitest';
import { intervalText, median, medianRatioInterval, trimmedMean } from '@/tests/support/statistics';

describe('trimmedMean', () => {
  it('drops the given share at each end before averaging, so a stalled call does not count', () => {
    const pairs = [0.1, 0.2, 0.1, 0.0, 0.1, 0.2, 0.1, 0.0, 0.1, 9.5];
    expect(trimmedMean(pairs, 0.1)).toBeCloseTo(0.1125, 10);
    expect(trimmedMean(pairs, 0)).toBeCloseTo(1.04, 10);
  });

  it('keeps the centre of a spread that is the same on both sides, stalls at both ends included', () => {
    // A pair's difference: the shift plus noise that is as likely either way, as the pairs alternate
    // which side goes first; here 0.04 ms with steps of 0.1 ms and a few stalls of 5 ms.
    const noise = [-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3];
    const pairs = [...noise, ...noise, -5, 5].map((value) => 0.04 + value);
    expect(trimmedMean(pairs, 0.1)).toBeCloseTo(0.04, 10);
  });

  it('is not a number for no values, rather than zero', () => {
    expect(trimmedMean([], 0.1)).toBeNaN();
  });
});

describe('medianRatioInterval', () => {
  // Opens of two pages as a run times them: a popup near 100 ms and an empty page near 65, with stalls.
  const popup = [112.9, 109.6, 104.5, 100.8, 94, 121.3, 114.4, 99.3, 99.2, 122.4, 109];
  const empty = [66.1, 70.3, 61.2, 64.4, 75.9, 62.8, 68.8, 59.9, 64.1, 71.7, 63.5];

  it("holds the run's own ratio, and is the same for the same timings", () => {
    const interval = medianRatioInterval(popup, empty);
    const ratio = median(popup) / median(empty);
    expect(interval.low).toBeLessThan(ratio);
    expect(interval.high).toBeGreaterThan(ratio);
    expect(interval.level).toBe(0.9);
    expect(medianRatioInterval(popup, empty)).toEqual(interval);
  });

  it('narrows as the timings do: no spread, no width', () => {
    expect(medianRatioInterval([100, 100, 100], [50, 50])).toEqual({ low: 2, high: 2, level: 0.9 });
    const noisy = medianRatioInterval(popup, empty);
    const steadier = medianRatioInterval(
      popup.map((value) => 108 + (value - 108) / 4),
      empty.map((value) => 64.4 + (value - 64.4) / 4),
    );
    expect(steadier.high - steadier.low).toBeLessThan((noisy.high - noisy.low) / 2);
  });

  it('is not a number for a side with no timings, rather than a range', () => {
    const none = medianRatioInterval([], empty);
    expect(none.low).toBeNaN();
    expect(none.high).toBeNaN();
  });

  it('reads as its row shows it', () => {
    expect(intervalText({ low: 1.3816, high: 1.6, level: 0.9 })).toBe('90% interval 1.382 to 1.600');
  });
});
