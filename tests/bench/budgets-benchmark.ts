import { measureBundleSizes } from '@/tests/support/bundle-sizes';
import { upperBoundOf } from '@/tests/support/figure-targets';
import { type Benchmark, defineBenchmark } from './benchmark';

/**
 * The byte budgets of the production build (tests/support/bundle-sizes.ts), the same
 * numbers tests/e2e/budgets.test.ts asserts.
 */
export const budgetsBenchmark = (extensionDir: () => string): Benchmark =>
  defineBenchmark({
    name: 'byte budgets of the production build',
    figures: ['page_hook_bytes', 'relay_bytes', 'popup_js_gzip_bytes', 'sidepanel_js_gzip_bytes'],
    run() {
      const figures = measureBundleSizes(extensionDir());
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
