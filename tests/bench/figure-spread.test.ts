import { describe, expect, it } from 'vitest';
import { spreadOf, worstRun } from './figure-spread';

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
  });
});
