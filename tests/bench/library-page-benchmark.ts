import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { libraryFileText } from '@/lens/library/library-file';
import type { LibraryConversation } from '@/lens/library/library-record';
import { summaryOf } from '@/lens/library/library-summary';
import { searchTextOf } from '@/lib/library/searchable-rows';
import { startReplica } from '@/tests/replica/server';
import { targetTextOf } from '@/tests/support/figures-markdown';
import { generateLibrary, type LibrarySize, messagesIn, pagesIn } from '@/tests/support/generated-library';
import { launchBrowserWithExtension } from '@/tests/support/launch-browser';
import { intervalText, median, medianRatioInterval } from '@/tests/support/statistics';
import { atScale, type Benchmark, type BenchmarkResult, defineBenchmark, joinedResults } from './benchmark';
import { OVERVIEW_TOTAL, turnLibraryOn } from './library-page-setup';
import { emptyExtensionPage, type Opened, timeOpen } from './page-opens';

/**
 * The library page (architecture "The library") of the production build in Chromium, its database holding
 * 100,000 page rows: its first render against opening an empty extension page, its Pages table's text filter
 * against `Array.prototype.filter` over the same rows' texts in the same page, and what the database takes
 * per message. The library is filled through the page's own import (the store's `put`, in the extension's
 * origin), from a library file of generated records (tests/support/generated-library.ts).
 */
interface LibraryPageSize {
  library: LibrarySize;
  opens: number;
  /** Words typed and timed. */
  filters: number;
  /** The pause before the page is opened again to read the usage at rest (usageAtRest). */
  reopenAfterMs: number;
}

const SEED = 0x11b_2a9e;
const SIZES: { full: LibraryPageSize; smoke: LibraryPageSize } = {
  full: {
    library: { conversations: 500, pagesPerConversation: 200, turnsPerConversation: 20, seed: SEED },
    opens: 11,
    filters: 40,
    reopenAfterMs: 3_000,
  },
  smoke: {
    library: { conversations: 5, pagesPerConversation: 10, turnsPerConversation: 2, seed: SEED },
    opens: 1,
    filters: 1,
    reopenAfterMs: 200,
  },
};
/** Words typed into the filter: a site (5% of the rows), a section (12%), query words (3% and 8%), nothing. */
const NEEDLES = ['wirecutter', 'review', 'typescript', 'recipe', 'zq-nowhere'] as const;
/**
 * An extension page's clock (not cross-origin isolated) moves in steps of 0.1 ms: a baseline timed under
 * one step counts as one, so a smoke run's few rows give a finite ratio. Over 100,000 rows it takes
 * milliseconds, and the floor never applies.
 */
const CLOCK_STEP_MS = 0.1;
/** The library page's own import of a library file, found by its label as a user finds it. */
const LIBRARY_FILE_INPUT = 'Import a library file (JSON)';

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export function libraryPageBenchmark(extensionDir: () => string): Benchmark {
  return defineBenchmark({
    name: 'library page in Chromium',
    browser: 'chromium',
    figures: ['library_page_render_ratio_100k', 'library_filter_ratio_100k', 'library_bytes_per_message'],
    run: (scale) => measureLibraryPage(extensionDir(), atScale(scale, SIZES)),
  });
}

async function measureLibraryPage(extensionDir: string, size: LibraryPageSize): Promise<BenchmarkResult> {
  const records = generateLibrary(size.library);
  const pages = pagesIn(records);
  const replica = await startReplica();
  const browser = await launchBrowserWithExtension({
    extensionDir,
    replicaPort: replica.port,
    headless: true,
  });
  const libraryUrl = `chrome-extension://${browser.extensionId}/library.html`;
  try {
    await turnLibraryOn(browser.serviceWorker);
    const stored = await importLibrary(browser.context, libraryUrl, records, size);
    const render = await renderFigures(browser.context, browser.extensionId, libraryUrl, records.length, {
      pages,
      opens: size.opens,
    });
    const filter = await filterFigures(browser.context, libraryUrl, records, {
      pages,
      filters: size.filters,
    });
    return joinedResults(render, filter, stored);
  } finally {
    await browser.context.close();
    await replica.close();
  }
}

/** What the extension's origin holds in IndexedDB, by the browser's quota manager. */
const indexedDbUsage = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number };
    };
    return estimate.usageDetails?.indexedDB ?? 0;
  });

/**
 * What the library takes at rest: the usage read once the database, closed with the page that wrote it, is
 * opened again by the next library page. Opening it, LevelDB deletes the files a compaction left behind and
 * writes its log as a table. Read in the importing page instead, it came to 11.1 MiB in some runs and 18.4
 * MiB in others (the compacted files beside the ones they replace), against 10.8 MiB in every run read so.
 * The database closes a moment after its last connection: until the usage moves, the page is opened again.
 */
async function usageAtRest(
  context: BrowserContext,
  libraryUrl: string,
  written: number,
  reopenAfterMs: number,
): Promise<number> {
  let usage = written;
  for (let attempt = 0; attempt < 5 && usage === written; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, reopenAfterMs));
    const page = await context.newPage();
    await page.goto(libraryUrl);
    await page.locator(OVERVIEW_TOTAL).waitFor();
    usage = await indexedDbUsage(page);
    await page.close();
  }
  return usage;
}

/**
 * The records written by the library page itself: a library file of them imported on the empty library's
 * page, which reads it and writes every conversation with its summary through the store (ImportLibrary.tsx).
 * The bytes IndexedDB takes are read before and after.
 */
async function importLibrary(
  context: BrowserContext,
  libraryUrl: string,
  records: readonly LibraryConversation[],
  size: LibraryPageSize,
): Promise<BenchmarkResult> {
  const folder = mkdtempSync(join(tmpdir(), 'chat-lens-library-bench-'));
  const file = join(folder, 'library.json');
  try {
    writeFileSync(file, libraryFileText(records, new Date(Date.UTC(2027, 0, 1))));
    const page = await context.newPage();
    await page.goto(libraryUrl);
    // The page opened (so made) the database before it showed the empty library.
    await page.waitForSelector('[data-testid="library-empty"]');
    const before = await indexedDbUsage(page);
    await page.getByLabel(LIBRARY_FILE_INPUT).setInputFiles(file);
    // Once written, the library is no longer empty: the page reads it again and shows its overview.
    await page
      .locator(OVERVIEW_TOTAL)
      .filter({ hasText: new RegExp(`^${records.length.toLocaleString('en-US')}$`) })
      .waitFor({ timeout: 120_000 });
    const written = await indexedDbUsage(page);
    await page.close();
    const atRest = await usageAtRest(context, libraryUrl, written, size.reopenAfterMs);
    return bytesFigures(atRest - before, records);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function bytesFigures(usedBytes: number, records: readonly LibraryConversation[]): BenchmarkResult {
  const messages = messagesIn(records);
  const perMessage = usedBytes / messages;
  // The same records as JSON text, with their summaries: what the database was given to keep.
  const jsonBytes = records.reduce(
    (sum, record) =>
      sum + Buffer.byteLength(JSON.stringify(record)) + Buffer.byteLength(JSON.stringify(summaryOf(record))),
    0,
  );
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return {
    figures: { library_bytes_per_message: Math.round(perMessage) },
    rows: [
      {
        label: 'IndexedDB bytes per message (storage.estimate() usage delta, reopened)',
        cells: {
          value: Math.round(perMessage).toString(),
          target: targetTextOf('library_bytes_per_message'),
          detail: `${mib(usedBytes)} MiB for ${records.length} conversations, ${messages} messages (each prompt and its answer); as JSON ${mib(jsonBytes)} MiB, ${Math.round(jsonBytes / messages)} bytes per message`,
        },
      },
    ],
  };
}

async function renderFigures(
  context: BrowserContext,
  extensionId: string,
  libraryUrl: string,
  conversations: number,
  { pages, opens }: { pages: number; opens: number },
): Promise<BenchmarkResult> {
  const check = await context.newPage();
  await check.goto(libraryUrl);
  const shown = await check.locator(OVERVIEW_TOTAL).textContent();
  if (shown !== conversations.toLocaleString('en-US'))
    throw new Error(`The overview counts ${shown} conversations, not ${conversations}.`);
  await check.close();
  const libraries: Opened[] = [];
  const empties: Opened[] = [];
  for (let open = 0; open < opens; open += 1) {
    empties.push(await timeOpen(context, emptyExtensionPage(extensionId), 'body'));
    libraries.push(await timeOpen(context, libraryUrl, OVERVIEW_TOTAL));
  }
  const ms = (list: Opened[]) => median(list.map((opened) => opened.wallMs));
  const ratio = ms(libraries) / ms(empties);
  const interval = medianRatioInterval(
    libraries.map((opened) => opened.wallMs),
    empties.map((opened) => opened.wallMs),
  );
  return {
    figures: { library_page_render_ratio_100k: round(ratio, 3) },
    intervals: { library_page_render_ratio_100k: interval },
    rows: [
      {
        label: `library page, first render with ${pages.toLocaleString('en-US')} page rows`,
        cells: {
          value: ratio.toFixed(3),
          target: targetTextOf('library_page_render_ratio_100k'),
          detail: `median of ${opens}: library ${ms(libraries).toFixed(1)} ms to its overview's totals, empty page ${ms(empties).toFixed(1)} ms; ${intervalText(interval)}`,
        },
      },
    ],
  };
}

/** The Pages table's filter text and its count of rows, as the page shows them. */
const FILTER_INPUT = '[data-table="pages"] input[type="search"]';
const PAGES_COUNT = '[data-testid="pages-count"]';

/** One filter typed, by the page's clock from the input event. */
interface Typed {
  /** To the count of rows changing: React's commit of the filtered rows, which draws them with the count. */
  countMs: number;
  /** To the end of the frame after it (a task posted from its animation frame): style, layout and paint too. */
  frameMs: number;
}

/**
 * Types `needle` into the Pages table's filter as one input event, in the page, and times it by the page's
 * clock from the event to the count of rows changing (a MutationObserver on the count, which the filter's
 * deferred render commits with the rows), then to the frame that shows them. Self-contained: it is sent to
 * the page as its source.
 */
function timeTyping({
  needle,
  input,
  count,
}: {
  needle: string;
  input: string;
  count: string;
}): Promise<Typed> {
  const field = document.querySelector<HTMLInputElement>(input);
  const output = document.querySelector(count);
  if (field === null || output === null) throw new Error('The Pages table shows no filter or count.');
  const before = output.textContent;
  return new Promise((resolve, reject) => {
    let start = 0;
    const timer = setTimeout(() => reject(new Error(`The count never changed from "${before}".`)), 30_000);
    const observer = new MutationObserver(() => {
      if (output.textContent === before) return;
      const counted = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({ countMs: counted - start, frameMs: performance.now() - start });
        channel.port2.postMessage(null);
      });
    });
    observer.observe(output, { childList: true, characterData: true, subtree: true });
    // React's onChange reads the value through the element's own setter, as a keystroke sets it.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    start = performance.now();
    setValue?.call(field, needle);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The baseline: `Array.prototype.filter` with the page's predicate over the same texts, in the same page. */
function timeArrayFilter(needle: string): { ms: number; kept: number } {
  const texts = (window as unknown as { __benchTexts: string[] }).__benchTexts;
  const start = performance.now();
  const lowered = needle.toLowerCase();
  const kept = texts.filter((text) => text.includes(lowered)).length;
  return { ms: performance.now() - start, kept };
}

const typeAndTime = (page: Page, needle: string): Promise<Typed> =>
  page.evaluate(timeTyping, { needle, input: FILTER_INPUT, count: PAGES_COUNT });

/** Until the page's main thread is idle: each side is timed from a quiet page, as a user types after a pause. */
const idle = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1_000 })));

async function filterFigures(
  context: BrowserContext,
  libraryUrl: string,
  records: readonly LibraryConversation[],
  { pages, filters }: { pages: number; filters: number },
): Promise<BenchmarkResult> {
  const all = `${pages.toLocaleString('en-US')} of ${pages.toLocaleString('en-US')} pages`;
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(`${libraryUrl}#pages`);
  await page.locator(PAGES_COUNT).filter({ hasText: all }).waitFor({ timeout: 120_000 });
  const tabMs = performance.now() - start;
  // Every page of the records is a row of its own: their texts are the rows' (pages-grid.ts).
  const texts = records.flatMap((record) =>
    record.turns.flatMap((turn) =>
      turn.pages.map((each) => searchTextOf([each.domain, each.url, each.title])),
    ),
  );
  await page.evaluate((list) => {
    (window as unknown as { __benchTexts: string[] }).__benchTexts = list;
  }, texts);
  const cleared = async () => {
    await typeAndTime(page, '');
    await page.locator(PAGES_COUNT).filter({ hasText: all }).waitFor();
  };
  // Once each, not counted: the page's code and the baseline's warm up alike.
  for (const needle of NEEDLES) {
    await typeAndTime(page, needle);
    await cleared();
    await page.evaluate(timeArrayFilter, needle);
  }
  const typed: Typed[] = [];
  const filtered: number[] = [];
  const ratios: number[] = [];
  // Each word typed then filtered by the baseline right after, so a busier moment weighs on both.
  for (let run = 0; run < filters; run += 1) {
    const needle = NEEDLES[run % NEEDLES.length] ?? 'review';
    await idle(page);
    const pageTimes = await typeAndTime(page, needle);
    const shown = await page.locator(PAGES_COUNT).textContent();
    await idle(page);
    const baseline = await page.evaluate(timeArrayFilter, needle);
    await cleared();
    if (!shown?.startsWith(`${baseline.kept.toLocaleString('en-US')} of `))
      throw new Error(`"${needle}": the page shows "${shown}", the baseline keeps ${baseline.kept} rows.`);
    typed.push(pageTimes);
    filtered.push(baseline.ms);
    ratios.push(pageTimes.countMs / Math.max(baseline.ms, CLOCK_STEP_MS));
  }
  await page.close();
  const ratio = median(ratios);
  return {
    figures: { library_filter_ratio_100k: round(ratio, 3) },
    rows: [
      {
        label: `library Pages table, text filter over ${pages.toLocaleString('en-US')} rows`,
        cells: {
          value: ratio.toFixed(3),
          target: targetTextOf('library_filter_ratio_100k'),
          detail: `median of ${filters} (${Math.min(filters, NEEDLES.length)} words): input event to the count changing ${median(typed.map((t) => t.countMs)).toFixed(1)} ms (to the frame after it ${median(typed.map((t) => t.frameMs)).toFixed(1)} ms), Array.prototype.filter ${median(filtered).toFixed(1)} ms; the tab showed its rows ${tabMs.toFixed(0)} ms after navigation`,
        },
      },
    ],
  };
}
