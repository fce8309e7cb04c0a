import { buildExtension, packFirefoxExtension } from '@/tests/support/build-extension';
import { firstFailure, reportBesideLanes, runVitest, startBesideLanes } from './vitest-runs';

/**
 * `npm run test:e2e`: the e2e files in three lanes side by side, each one browser at a time
 * (vitest.config.ts): most Chromium files (`e2e`) in one; the Firefox files (`e2e-firefox`,
 * `bench-firefox`), then a few Chromium files (`e2e-beside`) and the benchmarks' smoke runs (`bench`:
 * tests/bench/smoke.ts), in the second; the Chromium files that mostly wait on the extension's timers
 * (`e2e-waiting`) in the third. One vitest run would put every file of one-at-a-time projects in a single
 * queue. Much of the lanes' time is waiting (the 12 s fallback poll, request deadlines, the rate governor's
 * holds, the event page's suspension), so side by side they take minutes less on two cores, each a little
 * slower. Both builds are made first, once: no lane rewrites a build another's browser loaded. The first
 * lane reports as it goes; each other's report follows whole, so none interleaves with another. Arguments
 * after `--` go to every lane (`npm run test:e2e -- --reporter=verbose`); as a filter may name the files of
 * one lane only, a lane it leaves without a file then passes. `npm test` (scripts/test.ts) runs the unit
 * tests beside these lanes.
 */

const given = process.argv.slice(2);
const extra = given.length === 0 ? [] : [...given, '--passWithNoTests'];

buildExtension();
packFirefoxExtension();
const beside = startBesideLanes(extra);
const chromium = await runVitest(['e2e'], extra, { live: true }).finished;
process.exitCode = firstFailure([chromium, ...(await reportBesideLanes(beside))]);
