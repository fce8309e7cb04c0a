import type { BrowserContext, Page, Worker } from 'playwright-core';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { targetTextOf } from '@/tests/support/figures-markdown';
import { launchBrowserWithExtension } from '@/tests/support/launch-browser';
import { intervalText, median, medianRatioInterval } from '@/tests/support/statistics';
import {
  atScale,
  type Benchmark,
  type BenchmarkResult,
  defineBenchmark,
  joinedResults,
  type Scale,
} from './benchmark';
import { openChatTab } from './chat-tab';
import {
  CLICK_SIZES,
  exportClickDetail,
  exportClickLabel,
  fileInPopupMs,
  holdFile,
  holdTexts,
  measureClickFigure,
  parseHeldTextsMs,
  saveHeldFile,
  untilSettled,
  watchClickPhases,
} from './export-baseline';
import { emptyExtensionPage, OPENS, type Opened, timeOpen } from './page-opens';

/**
 * The popup's first render with data against opening an empty extension page, and
 * the Export click on a 10,000-message conversation against JSON.parse of its messages-format bodies,
 * both in the same Chromium of the same run.
 */

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export function uiBenchmark(extensionDir: () => string): Benchmark {
  return defineBenchmark({
    name: 'popup and export in Chromium',
    browser: 'chromium',
    figures: ['popup_render_ratio', 'popup_first_paint_ratio', 'export_click_ms_10k_ratio'],
    run: (scale) => measureUi(extensionDir(), scale),
  });
}

async function measureUi(extensionDir: string, scale: Scale): Promise<BenchmarkResult> {
  const replica = await startReplica();
  const browser = await launchBrowserWithExtension({
    extensionDir,
    replicaPort: replica.port,
    headless: true,
  });
  const tabIdOf = tabIdsFrom(browser.serviceWorker);
  try {
    const popup = await popupFigures(browser.context, browser.extensionId, tabIdOf, atScale(scale, OPENS));
    const exported = await exportFigures(browser.context, browser.extensionId, tabIdOf, replica, scale);
    return joinedResults(popup, exported);
  } finally {
    await browser.context.close();
    await replica.close();
  }
}

type TabIdOf = (page: Page) => Promise<number>;

/** The tab id Chromium gave a page, as the extension sees it. */
const tabIdsFrom =
  (worker: Worker): TabIdOf =>
  async (page) => {
    const id = await worker.evaluate(
      async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)?.id ?? null,
      page.url(),
    );
    if (id === null) throw new Error(`no tab has the URL ${page.url()}`);
    return id;
  };

async function popupFigures(
  context: BrowserContext,
  extensionId: string,
  tabIdOf: TabIdOf,
  opens: number,
): Promise<BenchmarkResult> {
  const chat = await openChatTab(context, FIXTURE_IDS.liveShopping);
  const tabId = await tabIdOf(chat.page);
  const popupUrl = `chrome-extension://${extensionId}/popup.html?tabId=${tabId}`;
  const withData = 'main[data-face="views"] [role="tabpanel"]';
  // The same views, waited for once, so every timed open finds the tab lens stored (the first render).
  await timeOpen(context, popupUrl, withData);
  const popups: Opened[] = [];
  const empties: Opened[] = [];
  for (let open = 0; open < opens; open += 1) {
    // An extension page with no script: what opening any extension page costs. Both opens end with the
    // same wait for an element, as the driver's own set-up in a fresh page (its selector engine, about
    // 30 ms here) is no part of either page.
    empties.push(await timeOpen(context, emptyExtensionPage(extensionId), 'body'));
    popups.push(await timeOpen(context, popupUrl, withData));
  }
  await chat.page.close();
  const ratio = (of: (opened: Opened) => number) => median(popups.map(of)) / median(empties.map(of));
  const wall = ratio((opened) => opened.wallMs);
  const interval = medianRatioInterval(
    popups.map((opened) => opened.wallMs),
    empties.map((opened) => opened.wallMs),
  );
  // The popup paints nothing before its first render with data (components/first-state.ts).
  const paint = ratio((opened) => opened.firstPaintMs);
  const ms = (list: Opened[], of: (opened: Opened) => number) => median(list.map(of)).toFixed(1);
  return {
    figures: { popup_render_ratio: round(wall, 3), popup_first_paint_ratio: round(paint, 3) },
    intervals: { popup_render_ratio: interval },
    rows: [
      {
        label: 'popup, first render with data',
        cells: {
          value: wall.toFixed(3),
          target: targetTextOf('popup_render_ratio'),
          detail: `median of ${opens}: popup ${ms(popups, (o) => o.wallMs)} ms, empty page ${ms(empties, (o) => o.wallMs)} ms; ${intervalText(interval)}`,
        },
      },
      {
        label: 'popup, first contentful paint (browser clock)',
        cells: {
          value: paint.toFixed(3),
          target: targetTextOf('popup_first_paint_ratio'),
          detail: `median of ${opens}: popup ${ms(popups, (o) => o.firstPaintMs)} ms, empty page ${ms(empties, (o) => o.firstPaintMs)} ms after navigation start`,
        },
      },
    ],
  };
}

/** What `start` makes `page` download, once the browser has saved it: the saved file's path. */
async function savedBy(page: Page, start: () => Promise<unknown>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), start()]);
  return download.path();
}

async function exportFigures(
  context: BrowserContext,
  extensionId: string,
  tabIdOf: TabIdOf,
  replica: Replica,
  scale: Scale,
): Promise<BenchmarkResult> {
  const size = atScale(scale, CLICK_SIZES);
  const chat = await openChatTab(context, FIXTURE_IDS[size.conversation]);
  const tabId = await tabIdOf(chat.page);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  await popup.waitForSelector('main[data-face="views"]', { timeout: 60_000 });
  // Clicked in the page: Playwright's own click first waits for the button to be stable over two
  // animation frames (20 to 50 ms here), which is the test driver's time, not the export's.
  const exportLocator = popup.getByRole('button', { name: /^Export/ });
  const exportButton = await exportLocator.elementHandle();
  if (exportButton === null) throw new Error('The popup shows no Export button.');
  const figure = await measureClickFigure(
    {
      pointAtExport: async () => {
        await popup.mouse.move(0, 0);
        await exportLocator.hover();
        await popup.waitForSelector('button[data-readied="true"]', { timeout: 60_000 });
      },
      click: () => savedBy(popup, () => exportButton.evaluate((button: HTMLElement) => button.click())),
      openCopier: async (text) => {
        const copier = await context.newPage();
        await copier.goto(emptyExtensionPage(extensionId));
        await copier.evaluate(holdFile, text);
        return {
          save: () => savedBy(copier, () => copier.evaluate(saveHeldFile)),
          close: () => copier.close(),
        };
      },
      settle: () => popup.evaluate(untilSettled),
      replica,
      holdTexts: (texts) => popup.evaluate(holdTexts, texts),
      parseOnce: () => popup.evaluate(parseHeldTextsMs),
      watchPhases: () => popup.evaluate(watchClickPhases),
      fileInPopup: () => popup.evaluate(fileInPopupMs),
    },
    size,
  );
  await popup.close();
  await chat.page.close();
  const ratio = figure.clickMs / figure.parseMs;
  return {
    figures: { export_click_ms_10k_ratio: round(ratio, 3) },
    intervals: { export_click_ms_10k_ratio: figure.interval },
    rows: [
      {
        label: exportClickLabel(size),
        cells: {
          value: ratio.toFixed(3),
          target: targetTextOf('export_click_ms_10k_ratio'),
          detail: exportClickDetail(figure),
        },
      },
    ],
  };
}
