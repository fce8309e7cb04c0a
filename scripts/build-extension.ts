import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const chromeBuildDir = fileURLToPath(new URL('../.output/chrome-mv3', import.meta.url));

/**
 * Builds the production extension, exactly what a user would load, and returns its folder. NODE_ENV is
 * set for the build: under the test runner it is "test", which would ship React's development bundle.
 */
export function buildExtension(): string {
  execFileSync(process.execPath, ['node_modules/wxt/bin/wxt.mjs', 'build'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return chromeBuildDir;
}
