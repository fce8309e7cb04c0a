import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const chromeBuildDir = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));

export const firefoxBuildDir = fileURLToPath(new URL('../../.output/firefox-mv3', import.meta.url));

/**
 * Runs `wxt <args>` for production. NODE_ENV is set for the build: under the test runner it is "test",
 * which would ship React's development bundle.
 */
export function runWxtProduction(args: string[]): void {
  execFileSync(process.execPath, ['node_modules/wxt/bin/wxt.mjs', ...args], {
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

/**
 * Set by scripts/test-e2e.ts once it has built both, before its two vitest runs start side by side: their
 * global setups then take the builds as they are, so neither rewrites a build the other's browser loaded.
 */
export const BUILT_FOR_E2E = 'CHAT_LENS_E2E_BUILT';

/** The build `build` makes, or the one scripts/test-e2e.ts made for this run. */
export const builtOnce = (build: () => string, dir: string): string =>
  process.env[BUILT_FOR_E2E] === '1' ? dir : build();
