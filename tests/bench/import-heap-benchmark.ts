import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { countOf } from '@/components/library/shared/number-text';
import { startReplica } from '@/tests/replica/server';
import { writeBigExport, writeExportOfConversations } from '@/tests/support/big-export-file';
import { targetTextOf } from '@/tests/support/figures-markdown';
import { launchBrowserWithExtension } from '@/tests/support/launch-browser';
import { atScale, type Benchmark, type BenchmarkResult, defineBenchmark } from './benchmark';
import { OVERVIEW_TOTAL, turnLibraryOn } from './library-page-setup';

/**
 * The library page of the production build in Chromium importing a data export of 300 MB
 * (architecture "The library"): the page's peak JS heap in use, garbage not yet collected included, over the
 * file's size; target ≤ 0.5, and the import must succeed (its summary says every conversation was added).
 * The file is `conversations.json` alone, picked with the ZIP's file input as the page allows: a ZIP of 300
 * MB would hold several times the JSON, and take as many times longer to read. The heap is the page's
 * renderer's, asked through the DevTools protocol every 50 ms while the import runs (a page busy with one
 * conversation answers after it).
 */
const FILE_BYTES = { full: 300_000_000, smoke: 1_000_000 };
const POLL_MS = 50;
const IMPORT_TIMEOUT_MS = { full: 20 * 60_000, smoke: 60_000 };
const DATA_EXPORT_INPUT = "Import ChatGPT's data export (ZIP)";
const IMPORT_STATUS = '.data-export-import [role="status"]';
/** Another seed than the big export's, so the conversation that fills the library is not one of its. */
const FIRST_CONVERSATION_SEED = 0x5eed_0001;

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

export function importHeapBenchmark(extensionDir: () => string): Benchmark {
  return defineBenchmark({
    name: 'data export import heap in Chromium',
    browser: 'chromium',
    figures: ['import_heap_ratio'],
    run: (scale) =>
      measureImportHeap(extensionDir(), {
        fileBytes: atScale(scale, FILE_BYTES),
        timeoutMs: atScale(scale, IMPORT_TIMEOUT_MS),
      }),
  });
}

interface HeapPeak {
  stop(): Promise<number>;
}

/** The largest heap in use that the page reports while it runs, asked every POLL_MS until stopped. */
async function followHeap(page: Page): Promise<HeapPeak> {
  const session = await page.context().newCDPSession(page);
  let peak = 0;
  let polling = true;
  const polled = (async () => {
    while (polling) {
      const { usedSize } = await session.send('Runtime.getHeapUsage');
      peak = Math.max(peak, usedSize);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    stop: async () => {
      polling = false;
      await polled;
      await session.detach();
      return peak;
    },
  };
}

/** Picks `path` with the page's data export input and waits for the summary it should give. */
async function importDataExport(page: Page, path: string, summary: string, timeoutMs: number): Promise<void> {
  await page.getByLabel(DATA_EXPORT_INPUT).setInputFiles(path);
  const status = page.locator(IMPORT_STATUS);
  await status
    .filter({ hasText: new RegExp(`^${summary.replaceAll('.', '\\.')}$`) })
    .waitFor({ timeout: timeoutMs })
    .catch(async (error: unknown) => {
      const shown = await status.textContent().catch(() => null);
      throw new Error(`The import said "${shown}" after ${timeoutMs / 1000} s, not "${summary}".`, {
        cause: error,
      });
    });
}

async function measureImportHeap(
  extensionDir: string,
  { fileBytes, timeoutMs }: { fileBytes: number; timeoutMs: number },
): Promise<BenchmarkResult> {
  const folder = mkdtempSync(join(tmpdir(), 'chat-lens-import-bench-'));
  const replica = await startReplica();
  const browser = await launchBrowserWithExtension({
    extensionDir,
    replicaPort: replica.port,
    headless: true,
  });
  try {
    // The page offers its data export input on the empty library too, but shows the summary on its Manage tab
    // only, once the library holds a conversation: one is imported first.
    const first = join(mkdtempSync(join(folder, 'first-')), 'conversations.json');
    await writeExportOfConversations(first, 1, undefined, FIRST_CONVERSATION_SEED);
    const big = join(mkdtempSync(join(folder, 'export-')), 'conversations.json');
    const written = await writeBigExport(big, fileBytes);
    await turnLibraryOn(browser.serviceWorker);
    const libraryUrl = `chrome-extension://${browser.extensionId}/library.html`;
    const page = await browser.context.newPage();
    await page.goto(libraryUrl);
    await page.getByLabel(DATA_EXPORT_INPUT).setInputFiles(first);
    await page.locator(OVERVIEW_TOTAL).filter({ hasText: /^1$/ }).waitFor({ timeout: 60_000 });
    await page.goto(`${libraryUrl}#manage`);
    await page.getByLabel(DATA_EXPORT_INPUT).waitFor();
    const heap = await followHeap(page);
    const started = performance.now();
    await importDataExport(
      page,
      big,
      `Added ${countOf(written.conversations, 'conversation', 'conversations')}.`,
      timeoutMs,
    );
    const seconds = (performance.now() - started) / 1000;
    const peak = await heap.stop();
    const ratio = peak / written.bytes;
    return {
      figures: { import_heap_ratio: Number(ratio.toFixed(4)) },
      rows: [
        {
          label: `library page, import of conversations.json (${written.conversations} conversations)`,
          cells: {
            value: ratio.toFixed(3),
            target: targetTextOf('import_heap_ratio'),
            detail: `peak JS heap ${megabytes(peak)} over ${megabytes(written.bytes)}, imported in ${seconds.toFixed(1)} s`,
          },
        },
      ],
    };
  } finally {
    await browser.context.close();
    await replica.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
