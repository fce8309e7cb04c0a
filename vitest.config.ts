import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('.', import.meta.url)) };
/** The e2e files that drive Firefox ESR (README "Firefox"). */
const FIREFOX_FILES = 'tests/e2e/firefox-*.test.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph per worker: a fresh graph for each of the 200 files cost more
          // time in imports than their tests take. No unit test relies on a module's first load.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [FIREFOX_FILES],
          environment: 'node',
          // One Chromium at a time: the machine has two cores and the tests share one build.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          // One Firefox at a time, in a run beside the Chromium files' (scripts/test-e2e.ts).
          name: 'e2e-firefox',
          include: [FIREFOX_FILES],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/e2e/firefox-global-setup.ts'],
        },
      },
    ],
  },
});
