import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('.', import.meta.url)) };

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
          environment: 'node',
          // One browser at a time: the machine has two cores and the tests share one build.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
