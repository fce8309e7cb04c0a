import { freshPageMicroseconds } from '@/tests/bench/machine-costs';
import { buildExtension, packFirefoxExtension } from '@/tests/support/build-extension';
import { firstFailure, reportBesideLanes, runVitest, startBesideLanes } from './vitest-runs';

/**
 * `npm test`: the unit tests, started first, beside the builds and then the e2e lanes of `npm run test:e2e`
 * (scripts/test-e2e.ts), rather than before them (testing "Lanes"): the lanes spend much of their time
 * waiting on the extension's timers, time the unit tests fill. They run at a lower priority, so that the
 * browsers' drills, some held to a time after a fault ends, get the cores first. The unit tests report
 * live; the Chromium lane's report, held until they end, follows them and then goes on live; each lane
 * beside it reports whole once the one before ended: no two reports interleave. Fails if any run fails.
 * Arguments after `--` go to every run, each passing if a filter leaves it without a file.
 */

const given = process.argv.slice(2);
const extra = given.length === 0 ? [] : [...given, '--passWithNoTests'];

// What the machine charges for fresh memory moves the suite's time more than anything else from one
// machine to another of the same kind (testing "Lanes"): the report ends with it, read at both ends.
const started = performance.now();
const freshPageAtStart = freshPageMicroseconds();
const unit = runVitest(['unit'], extra, { live: true, niceness: 10 });
try {
  buildExtension();
  packFirefoxExtension();
} catch (error) {
  unit.stop();
  throw error;
}
const beside = startBesideLanes(extra);
const chromium = runVitest(['e2e'], extra, { live: false });
const unitCode = await unit.finished;
process.stdout.write('\nThe Chromium lane (project e2e), run beside the unit tests:\n');
chromium.show();
const chromiumCode = await chromium.finished;
process.exitCode = firstFailure([unitCode, chromiumCode, ...(await reportBesideLanes(beside))]);
process.stdout.write(
  `\nThe suite took ${Math.round((performance.now() - started) / 1000)} s; the first touch of a fresh page of ` +
    `memory cost ${freshPageAtStart} µs at its start and ${freshPageMicroseconds()} µs at its end.\n`,
);
