import { describe, inject } from 'vitest';
import { benchmarks } from './benchmarks';
import { itRunsEachAtSmokeScale } from './smoke';

/**
 * `npm run bench` breaks unseen unless a test runs it: every benchmark but Firefox's runs here once, at its
 * smoke scale, on the production build this run made (firefox-smoke.test.ts runs Firefox's).
 */
describe('npm run bench, each benchmark once at its smoke scale', () => {
  const all = benchmarks({
    chromium: () => inject('extensionDir'),
    firefox: () => {
      throw new Error('The Firefox benchmark runs in firefox-smoke.test.ts.');
    },
  });
  itRunsEachAtSmokeScale(all.filter((benchmark) => benchmark.browser !== 'firefox'));
});
