import { spawn } from 'node:child_process';

/**
 * `npm run test:e2e`: the Chromium files and the Firefox files (vitest.config.ts's `e2e` and `e2e-firefox`
 * projects) in two runs side by side, each one browser at a time. One vitest run would put every file of
 * two one-at-a-time projects in a single queue. Much of both runs' time is waiting on the extension's own
 * timers (the 12 s fallback poll, request deadlines, the event page's suspension), so side by side the two
 * take about a minute less on two cores than one after the other, each a little slower. The Chromium run
 * reports as it goes; the Firefox run's report follows it whole, so neither interleaves with the other.
 * Arguments after `--` go to both runs (`npm run test:e2e -- --reporter=verbose`); as a filter may name the
 * files of one browser only, a run it leaves without a file then passes.
 */

const vitest = 'node_modules/vitest/vitest.mjs';
const given = process.argv.slice(2);
const extra = given.length === 0 ? [] : [...given, '--passWithNoTests'];

interface Finished {
  code: number;
  output: string;
}

function run(project: string, live: boolean): Promise<Finished> {
  const child = spawn(process.execPath, [vitest, 'run', '--project', project, ...extra], {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
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

const firefox = run('e2e-firefox', false);
const chromium = await run('e2e', true);
const firefoxDone = await firefox;
process.stdout.write(
  `\nThe Firefox files (project e2e-firefox), run beside the Chromium files:\n${firefoxDone.output}`,
);
process.exitCode = chromium.code !== 0 ? chromium.code : firefoxDone.code;
