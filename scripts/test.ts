import { buildExtension, packFirefoxExtension } from '@/tests/support/build-extension';
import { BESIDE_PROJECTS, firstFailure, runVitest } from './vitest-runs';

/**
 * `npm test`: the unit tests, started first, beside the builds and then the two e2e lanes of
 * `npm run test:e2e` (scripts/test-e2e.ts), rather than before them (testing "Lanes"): the lanes spend
 * much of their time waiting on the extension's timers, time the unit tests fill. They run at a lower
 * priority, so that the browsers' drills, some held to a time after a fault ends, get the cores first.
 * The unit tests report live; the Chromium lane's report, held until they end, follows them and then goes
 * on live; the lane beside it reports whole once the Chromium lane ended: no two reports interleave. Fails
 * if any of the three fails. Arguments after `--` go to all three, each passing if a filter leaves it
 * without a file.
 */

const given = process.argv.slice(2);
const extra = given.length === 0 ? [] : [...given, '--passWithNoTests'];

const unit = runVitest(['unit'], extra, { live: true, niceness: 10 });
try {
  buildExtension();
  packFirefoxExtension();
} catch (error) {
  unit.stop();
  throw error;
}
const beside = runVitest(BESIDE_PROJECTS, extra, { live: false });
const chromium = runVitest(['e2e'], extra, { live: false });
const unitCode = await unit.finished;
process.stdout.write('\nThe Chromium lane (project e2e), run beside the unit tests:\n');
chromium.show();
const chromiumCode = await chromium.finished;
const besideCode = await beside.finished;
process.stdout.write(
  `\nThe lane beside it (projects ${BESIDE_PROJECTS.join(', ')}), run at the same time:\n`,
);
beside.show();
process.exitCode = firstFailure([unitCode, chromiumCode, besideCode]);
