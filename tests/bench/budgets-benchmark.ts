import { measureBundleSizes } from '@/tests/support/bundle-sizes';
import { upperBoundOf } from '@/tests/support/figure-targets';
import type { Benchmark } from './benchmark';

/**
 * The byte budgets of the production build that run.ts made (tests/support/bundle-sizes.ts), the same
 * numbers tests/e2e/budgets.test.ts asserts.
 */
export const budgetsBenchmark = (extensionDir: string): Benchmark => ({
  name: 'byte budgets of the production build',
  run() {
    const figures: Record<string, number> = { ...measureBundleSizes(extensionDir) };
    return {
      figures,
      rows: Object.entries(figures).map(([figure, bytes]) => {
        const budget = upperBoundOf(figure);
        return {
          label: figure,
          cells: {
            bytes: bytes.toLocaleString('en-US'),
            budget: budget.toLocaleString('en-US'),
            met: bytes <= budget ? 'yes' : 'NO',
          },
        };
      }),
    };
  },
});
