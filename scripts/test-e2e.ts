import { buildExtension, packFirefoxExtension } from '@/tests/support/build-extension';
import { BESIDE_PROJECTS, firstFailure, runVitest } from './vitest-runs';

/**
 * `npm run test:e2e`: the e2e files in two lanes side by side, each one browser at a time (vitest.config.ts):
 * most Chromium files (`e2e`) in one; the Firefox files (`e2e-firefox`, `bench-firefox`), then a few
 * Chromium files (`e2e-beside`) and the benchmarks' smoke runs (`bench`: tests/bench/smoke.ts), in the
 * other. One vitest run would put every file of one-at-a-time projects in a single queue. Much of both
 * lanes' time is waiting on the extension's timers (the 12 s fallback poll, request deadlines, the event
 * page's suspension), so side by side they take minutes less on two cores, each a little slower. Both
 * builds are made first, once: neither lane rewrites a build the other's browser loaded. The first lane
 * reports as it goes; the second's report follows it whole, so neither interleaves with the other.
 * Arguments after `--` go to both lanes (`npm run test:e2e -- --reporter=verbose`); as a filter may name
 * the files of one lane only, a lane it leaves without a file then passes. `npm test` (scripts/test.ts)
 * runs the unit tests beside these lanes.
 */

const given = process.argv.slice(2);
const extra = given.length === 0 ? [] : [...given, '--passWithNoTests'];

buildExtension();
packFirefoxExtension();
const beside = runVitest(BESIDE_PROJECTS, extra, { live: false });
const chromium = await runVitest(['e2e'], extra, { live: true }).finished;
const besideCode = await beside.finished;
process.stdout.write(
  `\nThe lane beside it (projects ${BESIDE_PROJECTS.join(', ')}), run at the same time:\n`,
);
beside.show();
process.exitCode = firstFailure([chromium, besideCode]);
