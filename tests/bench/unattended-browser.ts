import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '@/tests/support/find-chromium';
import { chromiumArgs } from '@/tests/support/launch-browser';

/**
 * Headless Chromium started on one URL with no automation attached, as a user's browser runs. Playwright
 * instruments every page it drives, and that costs a wrapped fetch: a bare wrapper that only called the
 * native fetch measured 0.045 ms per call slower with Playwright attached and 0.00 to 0.01 ms without.
 * So the page that times the page hook opens here and posts what it measured to the replica
 * (Replica.nextReport).
 */
export interface UnattendedBrowser {
  close(): Promise<void>;
}

export function openUnattended(options: {
  extensionDir: string | null;
  replicaPort: number;
  url: string;
}): UnattendedBrowser {
  const userDataDir = mkdtempSync(join(tmpdir(), 'chat-lens-unattended-'));
  const child: ChildProcess = spawn(
    findChromium(),
    ['--headless', `--user-data-dir=${userDataDir}`, ...chromiumArgs(options), options.url],
    // Its own process group, so that closing it ends Chromium's helper processes too.
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    close: async () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
      // Chromium's helper processes may still be writing to the profile as it exits.
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
