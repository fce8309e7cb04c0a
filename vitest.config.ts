import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('.', import.meta.url)) };
/** The e2e files that drive Firefox ESR (testing "Firefox"). */
const FIREFOX_FILES = 'tests/e2e/firefox-*.test.ts';
/**
 * Chromium files run in the Firefox files' lane (testing "Lanes"), so that the lanes take about as long:
 * the canary hunt, the library's analysis and the upgrade, whose waits allow half a minute and more.
 */
const BESIDE_FILES = [
  'tests/e2e/canary-hunt.test.ts',
  'tests/e2e/library-analysis.test.ts',
  'tests/e2e/upgrade.test.ts',
];
/**
 * Chromium files whose time is mostly waiting on the extension's own timers (the 12 s fallback poll, the
 * rate governor's holds, a bulk run's second between requests, a fault's recovery), in a lane of their own
 * beside the others (testing "Lanes"): they leave the cores to the other lanes while they wait. The
 * network-fault drills, whose recovery is held to 20 s after a fault ends, missed it once beside the
 * Firefox files on a fresh machine: they stay in the first lane.
 */
const WAITING_FILES = [
  'tests/e2e/fallback-poll.test.ts',
  'tests/e2e/account-run.test.ts',
  'tests/e2e/faults-endpoints.test.ts',
];
/** The benchmarks' own tests and smoke runs (tests/bench/smoke.ts) that drive Firefox. */
const BENCH_FIREFOX_FILES = 'tests/bench/firefox-*.test.ts';

/** An e2e project: one file at a time, a browser per file, its builds made once per run. */
function e2eProject(
  name: string,
  files: { include: string[]; exclude?: string[] },
  globalSetup = 'tests/e2e/global-setup.ts',
) {
  return {
    resolve: { alias },
    test: {
      name,
      ...files,
      environment: 'node' as const,
      fileParallelism: false,
      // One worker for the project's files, their modules loaded once: each file launches its own browser
      // and replica (its fixtures), and no helper keeps state in a module.
      isolate: false,
      // For a test that hangs, not a time a test is held to: beside the other lane, on a busy machine, tests
      // that take 15 s alone took over 50.
      testTimeout: 120_000,
      hookTimeout: 180_000,
      globalSetup: [globalSetup],
    },
  };
}

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
          // For a test that hangs, not a time a test is held to: the conversation of 10,000 messages read
          // in one test took 1 s alone and over 5 s beside other work; a library of 100,000 rows built
          // before its tests took over 10 s beside the e2e lanes on a machine whose fresh memory is dear.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The files share one module graph per worker: a fresh graph for each of the 200 files cost more
          // time in imports than their tests take. No unit test relies on a module's first load.
          isolate: false,
          // Worker threads, not child processes: alone, the unit tests took 109 s of CPU in threads against
          // 121 s in forks. None changes the process (its directory, its exit) or reads its heap.
          pool: 'threads',
        },
      },
      // One Chromium at a time: the machine has two cores and the tests share one build.
      e2eProject('e2e', {
        include: ['tests/e2e/**/*.test.ts'],
        exclude: [FIREFOX_FILES, ...BESIDE_FILES, ...WAITING_FILES],
      }),
      // The lanes beside it (scripts/test-e2e.ts): one browser at a time in each too.
      e2eProject('e2e-firefox', { include: [FIREFOX_FILES] }, 'tests/e2e/firefox-global-setup.ts'),
      e2eProject('e2e-beside', { include: BESIDE_FILES }),
      e2eProject('e2e-waiting', { include: WAITING_FILES }),
      // `npm run bench`'s own tests and each benchmark's smoke run, on the same builds, in the lane beside.
      e2eProject('bench-firefox', { include: [BENCH_FIREFOX_FILES] }, 'tests/e2e/firefox-global-setup.ts'),
      e2eProject('bench', { include: ['tests/bench/**/*.test.ts'], exclude: [BENCH_FIREFOX_FILES] }),
    ],
  },
});
