import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const chromeBuildDir = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));

export const firefoxBuildDir = fileURLToPath(new URL('../../.output/firefox-mv3', import.meta.url));

/**
 * Held while a build runs (util-linux `flock`): the Chromium and the Firefox e2e runs start side by side
 * (scripts/test-e2e.ts), and two builds at once would both rewrite `.wxt/`. Not the lock the README asks a
 * benchmark to hold, which is held around a whole run that builds.
 */
const BUILD_LOCK = join(tmpdir(), 'chat-lens-wxt-build.lock');

/**
 * Runs `wxt <args>` for production, one build at a time. NODE_ENV is set for the build: under the test
 * runner it is "test", which would ship React's development bundle.
 */
export function runWxtProduction(args: string[]): void {
  execFileSync('flock', [BUILD_LOCK, process.execPath, 'node_modules/wxt/bin/wxt.mjs', ...args], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Builds the production extension, exactly what a user would load, and returns its folder. */
export function buildExtension(): string {
  runWxtProduction(['build']);
  return chromeBuildDir;
}

/** Builds the production Firefox add-on (MV3, wxt.config.ts) and returns its folder. */
export function buildFirefoxExtension(): string {
  runWxtProduction(['build', '-b', 'firefox', '--mv3']);
  return firefoxBuildDir;
}

/**
 * Builds the production Firefox add-on into its folder, packs it and the sources for addons.mozilla.org
 * (`.output/*-firefox.zip`, `.output/*-sources.zip`), and returns the folder.
 */
export function packFirefoxExtension(): string {
  runWxtProduction(['zip', '-b', 'firefox']);
  return firefoxBuildDir;
}
