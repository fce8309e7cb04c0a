import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { targetTextOf } from '@/tests/support/figures-markdown';
import {
  openExtensionPage,
  openFirefoxChat,
  savedFile,
  startNavigation,
  tabIdOf,
  waitForContent,
} from '@/tests/support/firefox-pages';
import { launchFirefox, launchFirefoxWithExtension } from '@/tests/support/launch-firefox';
import { type Interval, intervalText, median, medianRatioInterval } from '@/tests/support/statistics';
import {
  atScale,
  type Benchmark,
  type BenchmarkResult,
  defineBenchmark,
  joinedResults,
  type Scale,
} from './benchmark';
import * as baseline from './export-baseline';
import { beyond, isTokenFetch, LOAD_SETTLE_MS, requestsAbout } from './own-requests';
import { OPENS } from './page-opens';

const EXPORT_TIMEOUT_MS = 120_000;
/** The first contact with the views: what the popup shows once it has the tab's data. */
const WITH_DATA = 'main[data-face="views"] [role="tabpanel"]';
/** The primary Export button (its format the default, Markdown), not the menu beside it. */
const EXPORT_BUTTON = '.export__buttons > button:first-child';
/**
 * Firefox shows a JSON file in its JSON viewer, a page of its own with scripts; without it manifest.json
 * is plain text in a body, as Chromium shows it: the same empty extension page on both sides.
 */
const PLAIN_JSON = { 'devtools.jsonview.enabled': false };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits: number): number => Number(value.toFixed(digits));
/** A result of one figure, rounded to 3 digits, and its table row; with how sure the run is of it, if known. */
const oneFigure = (
  figure: string,
  label: string,
  value: number,
  detail: string,
  interval?: Interval,
): BenchmarkResult => ({
  figures: { [figure]: round(value, 3) },
  rows: [{ label, cells: { value: String(round(value, 3)), target: targetTextOf(figure), detail } }],
  ...(interval === undefined ? {} : { intervals: { [figure]: interval } }),
});

/**
 * The Chromium figures that Firefox can be held to, measured the same way in Firefox ESR with the
 * production Firefox build, on the replica served as chatgpt.com on port 443 (tests/support/launch-firefox.ts).
 * Firefox sends the add-on's fetches with Sec-Fetch-Site: same-origin, so the replica cannot tell them from
 * the page's: the add-on's own requests are what the same load makes in a Firefox with the add-on beyond
 * what it makes in the same Firefox without it.
 */
export const firefoxBenchmark = (firefoxBuild: () => string): Benchmark =>
  defineBenchmark({
    name: 'the add-on in Firefox',
    browser: 'firefox',
    figures: [
      'firefox_own_requests_per_load',
      'firefox_popup_render_ratio',
      'firefox_export_click_ms_10k_ratio',
    ],
    run: (scale) => measureInFirefox(firefoxBuild(), scale),
  });

async function measureInFirefox(extensionDir: string, scale: Scale): Promise<BenchmarkResult> {
  const settleMs = atScale(scale, LOAD_SETTLE_MS);
  const downloadDir = mkdtempSync(join(tmpdir(), 'chat-lens-firefox-bench-'));
  const replica = await startReplica({ port: 443 });
  try {
    const launch = { downloadDir, prefs: PLAIN_JSON };
    const alone = await launchFirefox({ ...launch, extensionDir: null });
    const pageAlone = await requestsOfLoad(replica, alone, settleMs).finally(() => alone.close());
    const firefox = await launchFirefoxWithExtension({ ...launch, extensionDir });
    try {
      const { browser, extensionOrigin } = firefox;
      const load = ownRequestFigures(await requestsOfLoad(replica, browser, settleMs), pageAlone, settleMs);
      const popup = await popupFigures(browser, extensionOrigin, atScale(scale, OPENS));
      const exported = await exportFigures(
        browser,
        extensionOrigin,
        downloadDir,
        replica,
        atScale(scale, baseline.CLICK_SIZES),
      );
      return joinedResults(load, popup, exported);
    } finally {
      await firefox.close();
    }
  } finally {
    await replica.close();
    rmSync(downloadDir, { recursive: true, force: true });
  }
}

/** Every request about a one-page conversation from its open to `settleMs` after the page loaded it. */
async function requestsOfLoad(replica: Replica, browser: Browser, settleMs: number): Promise<string[]> {
  const id = FIXTURE_IDS.plain;
  const from = Date.now();
  const chat = await openFirefoxChat(browser, `/c/${id}`);
  await sleep(settleMs);
  const requests = requestsAbout(replica, id, { from, to: Date.now() });
  await chat.close();
  return requests.filter((request) => !isTokenFetch(request));
}

function ownRequestFigures(withAddOn: string[], pageAlone: string[], settleMs: number): BenchmarkResult {
  const own = beyond(withAddOn, pageAlone);
  const missing = beyond(pageAlone, withAddOn);
  const notMade = missing.length > 0 ? `; not made with it: ${missing.join(', ')}` : '';
  return oneFigure(
    'firefox_own_requests_per_load',
    'own requests, one-page conversation',
    own.length,
    `${settleMs / 1000} s after the page loaded, with the add-on beyond without: ${own.join(', ') || '-'} (${withAddOn.length} with, ${pageAlone.length} without${notMade})`,
  );
}

/** Opening `url` in a fresh tab until `selector` is in it, in ms as the driver sees it. */
async function timeOpen(browser: Browser, url: string, selector: string): Promise<number> {
  const page = await browser.newPage();
  const start = performance.now();
  startNavigation(page, url);
  await waitForContent(page, selector, 30_000);
  const wallMs = performance.now() - start;
  await page.close();
  return wallMs;
}

async function popupFigures(
  browser: Browser,
  extensionOrigin: string,
  opens: number,
): Promise<BenchmarkResult> {
  const chat = await openFirefoxChat(browser, `/c/${FIXTURE_IDS.liveShopping}`);
  const popupUrl = `${extensionOrigin}/popup.html?tabId=${await tabIdOf(browser, extensionOrigin, chat)}`;
  // The same views, waited for once, so every timed open finds the tab lens stored (the first render).
  await timeOpen(browser, popupUrl, WITH_DATA);
  const popups: number[] = [];
  const empties: number[] = [];
  for (let open = 0; open < opens; open += 1) {
    empties.push(await timeOpen(browser, `${extensionOrigin}/manifest.json`, 'body'));
    popups.push(await timeOpen(browser, popupUrl, WITH_DATA));
  }
  await chat.close();
  const ratio = median(popups) / median(empties);
  const interval = medianRatioInterval(popups, empties);
  return oneFigure(
    'firefox_popup_render_ratio',
    'popup, first render with data',
    ratio,
    `median of ${opens}: popup ${median(popups).toFixed(1)} ms, empty page ${median(empties).toFixed(1)} ms; ${intervalText(interval)}`,
    interval,
  );
}

/** What `start` makes Firefox download, once it has saved it in `downloadDir`: the saved file's path. */
async function savedBy(downloadDir: string, start: () => Promise<unknown>): Promise<string> {
  const before = new Set(readdirSync(downloadDir));
  await start();
  const limit = performance.now() + EXPORT_TIMEOUT_MS;
  for (;;) {
    const saved = savedFile(downloadDir, before);
    if (saved !== undefined) return join(downloadDir, saved);
    if (performance.now() > limit) throw new Error('Firefox saved no file.');
    await sleep(5);
  }
}

async function exportFigures(
  browser: Browser,
  extensionOrigin: string,
  downloadDir: string,
  replica: Replica,
  size: baseline.ClickSize,
): Promise<BenchmarkResult> {
  const chat = await openFirefoxChat(browser, `/c/${FIXTURE_IDS[size.conversation]}`);
  const tabId = await tabIdOf(browser, extensionOrigin, chat);
  const popup = await openExtensionPage(browser, `${extensionOrigin}/popup.html?tabId=${tabId}`);
  await waitForContent(popup, 'main[data-face="views"]', 60_000);
  const figure = await baseline.measureClickFigure(
    {
      pointAtExport: async () => {
        await popup.mouse.move(0, 0);
        await popup.hover(EXPORT_BUTTON);
        await waitForContent(popup, `${EXPORT_BUTTON}[data-readied="true"]`, 60_000);
      },
      click: () =>
        savedBy(downloadDir, () => popup.$eval(EXPORT_BUTTON, (button) => (button as HTMLElement).click())),
      openCopier: async (text) => {
        const copier = await openExtensionPage(browser, `${extensionOrigin}/manifest.json`, {
          selector: 'body',
        });
        await copier.evaluate(baseline.holdFile, text);
        return {
          save: () => savedBy(downloadDir, () => copier.evaluate(baseline.saveHeldFile)),
          close: () => copier.close(),
        };
      },
      settle: () => popup.evaluate(baseline.untilSettled),
      replica,
      holdTexts: (texts) => popup.evaluate(baseline.holdTexts, texts),
      parseOnce: () => popup.evaluate(baseline.parseHeldTextsMs),
      watchPhases: () => popup.evaluate(baseline.watchClickPhases),
      fileInPopup: () => popup.evaluate(baseline.fileInPopupMs),
    },
    size,
  );
  await popup.close();
  await chat.close();
  const ratio = figure.clickMs / figure.parseMs;
  return oneFigure(
    'firefox_export_click_ms_10k_ratio',
    baseline.exportClickLabel(size),
    ratio,
    baseline.exportClickDetail(figure),
    figure.interval,
  );
}
