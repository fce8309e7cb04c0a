import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Debian's Firefox ESR, the one `.ci/run` installs; FIREFOX_PATH points elsewhere. */
const DEFAULT_FIREFOX = '/usr/bin/firefox-esr';

/**
 * The add-on's internal UUID, fixed through a pref so that its pages have a known origin: Firefox draws a
 * new one for every profile otherwise.
 */
const EXTENSION_UUID = '3c1e5b0a-7d2f-4e8b-9a61-c0ffee5e1f0e';

export interface FirefoxWithExtension {
  browser: Browser;
  /** moz-extension://<uuid>, where the popup and the side panel (the sidebar) are served. */
  extensionOrigin: string;
  close(): Promise<void>;
}

export class FirefoxMissingError extends Error {
  override name = 'FirefoxMissingError';
}

/** The Firefox binary to drive, or an error that says how to get one. */
export function findFirefox(): string {
  const path = process.env.FIREFOX_PATH ?? DEFAULT_FIREFOX;
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    throw new FirefoxMissingError(
      `Firefox was not found at ${path}. Install it with \`sudo apt-get install -y firefox-esr\` ` +
        '(Debian/Ubuntu), or point FIREFOX_PATH at a Firefox binary.',
    );
  }
}

/** The add-on id Firefox knows the build by (wxt.config.ts, browser_specific_settings.gecko). */
function geckoIdOf(extensionDir: string): string {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8'));
  return manifest.browser_specific_settings.gecko.id;
}

/**
 * Starts headless Firefox with every host name resolved to this machine, so that the production build,
 * unchanged, talks to the replica as chatgpt.com (architecture "Tests"). Firefox keeps the port of a
 * resolved name: the replica must listen on 443. Files download into `downloadDir`. With `extensionDir`
 * null, no add-on is installed: the same Firefox, for what the page does alone. `prefs` adds to Firefox's.
 */
export async function launchFirefox(options: {
  extensionDir: string | null;
  downloadDir: string;
  /** Where every host name resolves, the replica's address: 127.0.0.1 by default. */
  address?: string;
  prefs?: Record<string, unknown>;
}): Promise<Browser> {
  const { extensionDir } = options;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
    // The replica's certificate is made at its start and signed by nobody.
    acceptInsecureCerts: true,
    // No test reads a request through the driver (the replica logs them): without puppeteer's network
    // events, Firefox's parent process, which sends them for every request, did about 6% less work in the
    // Firefox files (testing "Lanes").
    networkEnabled: false,
    // Without it Firefox refuses a WebDriver navigation to a moz-extension:// page.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      ...(extensionDir === null
        ? {}
        : {
            'extensions.webextensions.uuids': JSON.stringify({ [geckoIdOf(extensionDir)]: EXTENSION_UUID }),
          }),
      'network.dns.forceResolve': options.address ?? '127.0.0.1',
      'browser.download.dir': options.downloadDir,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      ...options.prefs,
    },
  });
  if (extensionDir === null) return browser;
  try {
    await browser.installExtension(extensionDir);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}

/** Firefox with the built add-on installed (launchFirefox). */
export async function launchFirefoxWithExtension(options: {
  extensionDir: string;
  downloadDir: string;
  address?: string;
  prefs?: Record<string, unknown>;
}): Promise<FirefoxWithExtension> {
  const browser = await launchFirefox(options);
  return {
    browser,
    extensionOrigin: `moz-extension://${EXTENSION_UUID}`,
    close: () => browser.close(),
  };
}
