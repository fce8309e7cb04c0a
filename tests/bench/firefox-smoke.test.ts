import { describe, inject } from 'vitest';
import { benchmarks } from './benchmarks';
import { itRunsEachAtSmokeScale } from './smoke';

/** The Firefox benchmark once at its smoke scale, on the Firefox build this run made (smoke.test.ts). */
describe('npm run bench, the Firefox benchmark once at its smoke scale', () => {
  const all = benchmarks({
    chromium: () => {
      throw new Error('The Chromium benchmarks run in smoke.test.ts.');
    },
    firefox: () => inject('firefoxExtensionDir'),
  });
  itRunsEachAtSmokeScale(all.filter((benchmark) => benchmark.browser === 'firefox'));
});
