import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const chromeBuildDir = fileURLToPath(new URL('../.output/chrome-mv3', import.meta.url));

/** Builds the production extension, exactly what a user would load, and returns its folder. */
export function buildExtension(): string {
  execFileSync(process.execPath, ['node_modules/wxt/bin/wxt.mjs', 'build'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return chromeBuildDir;
}
