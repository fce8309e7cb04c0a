import { describe, expect, it } from 'vitest';
import { widerThanShare, wilsonInterval } from '@/lib/library/proportion-interval';

/*
 * Worked by hand, with z = 1.96 (z² = 3.8416), p = k / n:
 *   centre = (p + z²/2n) / (1 + z²/n)
 *   half   = z / (1 + z²/n) · √(p(1 − p)/n + z²/4n²)
 */
describe('wilsonInterval', () => {
  it('3 of 10', () => {
    // z²/n = 0.38416, scale 1.38416; centre = (0.3 + 0.19208) / 1.38416 = 0.355508;
    // √(0.021 + 0.009604) = √0.030604 = 0.174940; half = 1.96 · 0.174940 / 1.38416 = 0.247718.
    const interval = wilsonInterval(3, 10);
    expect(interval?.low).toBeCloseTo(0.10779, 5);
    expect(interval?.high).toBeCloseTo(0.60323, 5);
  });

  it('0 of 5: from 0, never below', () => {
    // z²/n = 0.76832, scale 1.76832; centre = 0.38416 / 1.76832 = 0.217246;
    // half = 1.96 · √(3.8416/100) / 1.76832 = 1.96 · 0.196 / 1.76832 = 0.217246 = centre.
    expect(wilsonInterval(0, 5)).toEqual({ low: 0, high: expect.closeTo(0.434492, 5) });
  });

  it('5 of 5: the mirror of 0 of 5, up to 1, never above', () => {
    // p = 1: centre = (1 + 0.38416) / 1.76832 = 0.782754, half 0.217246 as for 0 of 5.
    expect(wilsonInterval(5, 5)).toEqual({ low: expect.closeTo(0.565508, 5), high: 1 });
  });

  it('1 of 1', () => {
    // z²/n = 3.8416, scale 4.8416; centre = (1 + 1.9208) / 4.8416 = 0.603272;
    // half = 1.96 · √(3.8416/4) / 4.8416 = 1.96 · 0.98 / 4.8416 = 0.396728.
    expect(wilsonInterval(1, 1)).toEqual({ low: expect.closeTo(0.206544, 5), high: 1 });
  });

  it('is null when there was nothing to count', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('widerThanShare', () => {
  it('holds when the interval spans more than the share', () => {
    // 3 of 10: 0.60323 − 0.10779 = 0.49544 > 0.3.
    expect(widerThanShare({ low: 0.10779, high: 0.60323 }, 0.3)).toBe(true);
    // 0 of 5: 0.434 > 0.
    expect(widerThanShare({ low: 0, high: 0.434492 }, 0)).toBe(true);
  });

  it('fails when the share is larger than the interval’s width', () => {
    // 5 of 5: 1 − 0.565508 = 0.434492 < 1.
    expect(widerThanShare({ low: 0.565508, high: 1 }, 1)).toBe(false);
  });
});
