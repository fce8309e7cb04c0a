import { spawn } from 'node:child_process';
import { BUILT_FOR_E2E, buildExtension, packFirefoxExtension } from '@/tests/support/build-extension';

/**
 * `npm run test:e2e`: the e2e files in two lanes side by side, each one browser at a time (vitest.config.ts):
 * most Chromium files (`e2e`) in one; the Firefox files (`e2e-firefox`, `bench-firefox`), then a few
 * Chromium files (`e2e-beside`: the fallback poll's, the account run's and the canary hunt) and the benchmarks' smoke runs
 * (`bench`: tests/bench/smoke.ts), in the other. One vitest run would put every file of
 * one-at-a-time projects in a single queue. Much of both lanes' time is waiting on the extension's timers
 * (the 12 s fallback poll, request deadlines, the event page's suspension), so side by side they take
 * minutes less on two cores, each a little slower. Both builds are made first, once: neither lane rewrites
 * a build the other's browser loaded. The first lane reports as it goes; the second's report follows it
 * whole, so neither interleaves with the other. Arguments after `--` go to both lanes
 * (`npm run test:e2e -- --reporter=verbose`); as a filter may name the files of one lane only, a lane it
 * leaves without a file then passes.
 */

const vitest = 'node_modules/vitest/vitest.mjs';
const given = process.argv.slice(2);
const extra = given.length === 0 ? [] : [...given, '--passWithNoTests'];

interface Finished {
  code: number;
  output: string;
}

function run(projects: string[], live: boolean): Promise<Finished> {
  const args = [vitest, 'run', ...projects.flatMap((project) => ['--project', project]), ...extra];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    env: { ...process.env, [BUILT_FOR_E2E]: '1' },
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal === null ? 1 : 128), output: output.join('') }),
    );
  });
}

buildExtension();
packFirefoxExtension();
const beside = run(['e2e-firefox', 'bench-firefox', 'e2e-beside', 'bench'], false);
const chromium = await run(['e2e'], true);
const besideDone = await beside;
process.stdout.write(
  `\nThe lane beside it (projects e2e-firefox, bench-firefox, e2e-beside and bench), run at the same time:\n${besideDone.output}`,
);
process.exitCode = chromium.code !== 0 ? chromium.code : besideDone.code;
