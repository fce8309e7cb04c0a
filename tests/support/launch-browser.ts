import { type BrowserContext, chromium, type Worker } from 'playwright-core';
import { findChromium } from './find-chromium';

export interface LensBrowser {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
}

/**
 * Starts Chromium with the built extension, resolving chatgpt.com and ws.chatgpt.com to the replica so
 * that the production build, unchanged, talks to it (architecture "Tests").
 */
export async function launchBrowserWithExtension(options: {
  extensionDir: string;
  replicaPort: number;
  headless: boolean;
  /** Where to save a HAR of the session when the context closes (the demo inspects it). */
  recordHarPath?: string;
  /** The profile, when a test opens one browser after another on it (an update); a new one otherwise. */
  userDataDir?: string;
}): Promise<LensBrowser> {
  const context = await launchBrowser(options);
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(serviceWorker.url()).host;
  return { context, extensionId, serviceWorker };
}

/**
 * The same Chromium on the replica, with the extension at `extensionDir` or, when it is null, with no
 * extension at all: the baseline the benchmarks compare the page's own timings against.
 */
export async function launchBrowser(options: {
  extensionDir: string | null;
  replicaPort: number;
  headless: boolean;
  recordHarPath?: string;
  userDataDir?: string;
}): Promise<BrowserContext> {
  // '' has Playwright make a profile of the launch's own, and remove it once the browser has exited: a few
  // megabytes a launch, which runs of the suite would otherwise pile up in the temporary folder.
  return chromium.launchPersistentContext(options.userDataDir ?? '', {
    executablePath: findChromium(),
    headless: options.headless,
    // The demo closes the browser itself on Ctrl-C, after saving what it recorded.
    handleSIGINT: false,
    viewport: { width: 1280, height: 800 },
    ...(options.recordHarPath
      ? { recordHar: { path: options.recordHarPath, content: 'embed' as const } }
      : {}),
    args: chromiumArgs(options),
  });
}

/**
 * The features Playwright turns off in the Chromium it launches (playwright-core's chromiumSwitches). Chromium
 * honours only the last --disable-features of its command line, and Playwright puts its own before the
 * caller's arguments: so a caller that turns off a feature of its own must repeat these.
 * tests/unit/support/chromium-features.test.ts holds this list to the installed Playwright's.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

const DISABLED_FEATURES = [
  ...PLAYWRIGHT_DISABLED_FEATURES,
  // Chromium preloads its omnibox popup, a WebUI page in a renderer of its own, for every window: a
  // headless browser never shows it, and it took a third of a launch's CPU here (4.5 s against 2.9) and
  // a quarter of a second for each window a test opens (testing "Lanes").
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** Chromium's arguments for the replica: its hosts mapped to it, and the extension or none. */
export function chromiumArgs(options: { extensionDir: string | null; replicaPort: number }): string[] {
  // The live site's socket is on ws.chatgpt.com (site-interface 10.1): the replica serves it too.
  const hostRules = ['chatgpt.com', 'ws.chatgpt.com'].map(
    (host) => `MAP ${host}:443 127.0.0.1:${options.replicaPort}`,
  );
  const extensionArgs = options.extensionDir
    ? [`--disable-extensions-except=${options.extensionDir}`, `--load-extension=${options.extensionDir}`]
    : ['--disable-extensions'];
  return [
    ...extensionArgs,
    `--host-resolver-rules=${hostRules.join(',')}`,
    '--ignore-certificate-errors',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ];
}
