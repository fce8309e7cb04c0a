import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * Finds a Chromium the tests and the demo can drive. No browser download works on these machines, so it is
 * Debian's package: installed here when missing and we are root, otherwise the caller is told exactly what to
 * run.
 */
const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export class ChromiumMissingError extends Error {
  override name = 'ChromiumMissingError';
}

export function findChromium(options: { install?: boolean } = {}): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new ChromiumMissingError(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
  }
  const found = candidates.find(isExecutable);
  if (found) return found;
  if (options.install !== false && process.getuid?.() === 0) {
    console.error("Chromium is missing: installing Debian's chromium package (apt-get install chromium)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = candidates.find(isExecutable);
    if (installed) return installed;
  }
  throw new ChromiumMissingError(
    'Chromium was not found. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}
