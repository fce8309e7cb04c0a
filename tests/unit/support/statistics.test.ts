import { describe, expect, it } from 'vitest';
import { trimmedMean } from '@/tests/support/statistics';

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
