import { describe, expect, it } from 'vitest';
import { FIGURE_TARGETS } from '@/tests/support/figure-targets';
import { benchmarks } from './benchmarks';

/**
 * The benchmarks' registry and the figures' targets are two lists of the same figures: a figure with a target
 * that no benchmark measures would stay "not measured" in every run, and one measured without a target would
 * miss from the table's order. No benchmark runs here; tests/bench/smoke.test.ts runs them.
 */
describe('the benchmarks of npm run bench', () => {
  const all = benchmarks({ chromium: () => '/nowhere', firefox: () => '/nowhere' });
  const declared = all.flatMap((benchmark) => benchmark.figures);

  it('declare every figure that has a target, each in one benchmark', () => {
    expect([...declared].sort()).toEqual(Object.keys(FIGURE_TARGETS).sort());
  });

  it('have names of their own, as --only and the errors name them', () => {
    const names = all.map((benchmark) => benchmark.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
