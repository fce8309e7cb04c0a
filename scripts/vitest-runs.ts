import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { BUILT_FOR_E2E } from '@/tests/support/build-extension';

/**
 * The vitest runs `npm test` and `npm run test:e2e` start side by side (testing "Lanes"), each a child
 * process whose report is either the terminal's own, live, or held whole until `show` and then followed:
 * no two reports interleave.
 */

const vitest = 'node_modules/vitest/vitest.mjs';

/**
 * The lanes beside the Chromium files' (vitest.config.ts, testing "Lanes"), each its vitest projects: the
 * Firefox files with a few Chromium files and the benchmarks' smoke runs, and the Chromium files whose
 * time is mostly waiting on the extension's timers.
 */
export const BESIDE_LANES: ReadonlyArray<{ name: string; projects: string[] }> = [
  { name: 'The Firefox lane', projects: ['e2e-firefox', 'bench-firefox', 'e2e-beside', 'bench'] },
  { name: 'The waiting lane', projects: ['e2e-waiting'] },
];

/** A lane beside the Chromium lane, running. */
export interface BesideLane {
  name: string;
  projects: string[];
  run: VitestRun;
}

export interface VitestRun {
  /** The run's exit code, once it ended. */
  finished: Promise<number>;
  /** Writes what a held run reported so far, then the rest as it comes. */
  show(): void;
  /** Ends the run (when what it runs beside failed first). */
  stop(): void;
}

/**
 * `vitest run` of these projects, on the builds made for this run: live, or held until shown; `niceness`
 * above 0 gives it the cores only when the runs beside it leave them (its workers, forked later, inherit
 * it).
 */
export function runVitest(
  projects: string[],
  extra: string[],
  { live, niceness = 0 }: { live: boolean; niceness?: number },
): VitestRun {
  const args = [vitest, 'run', ...projects.flatMap((project) => ['--project', project]), ...extra];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    // A held report keeps its colours where the terminal shows them.
    env: { ...process.env, [BUILT_FOR_E2E]: '1', ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  if (niceness > 0 && child.pid !== undefined) setPriority(child.pid, niceness);
  const held: string[] = [];
  let shown = live;
  const take =
    (stream: NodeJS.WriteStream) =>
    (chunk: Buffer): void => {
      if (shown) stream.write(chunk);
      else held.push(chunk.toString());
    };
  child.stdout?.on('data', take(process.stdout));
  child.stderr?.on('data', take(process.stderr));
  const finished = new Promise<number>((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
  return {
    finished,
    show() {
      if (shown) return;
      shown = true;
      process.stdout.write(held.splice(0).join(''));
    },
    stop() {
      child.kill();
    },
  };
}

/** Each lane beside the Chromium lane (BESIDE_LANES), started at once, its report held. */
export const startBesideLanes = (extra: string[]): BesideLane[] =>
  BESIDE_LANES.map((lane) => ({ ...lane, run: runVitest(lane.projects, extra, { live: false }) }));

/** Once the Chromium lane ended: each lane beside it reports whole, in turn. Their exit codes. */
export async function reportBesideLanes(lanes: BesideLane[]): Promise<number[]> {
  const codes: number[] = [];
  for (const { name, projects, run } of lanes) {
    codes.push(await run.finished);
    process.stdout.write(`\n${name} (projects ${projects.join(', ')}), run at the same time:\n`);
    run.show();
  }
  return codes;
}

/** The first failing run's exit code, or 0. */
export const firstFailure = (codes: number[]): number => codes.find((code) => code !== 0) ?? 0;
