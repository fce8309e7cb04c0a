import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inspectFileText } from '@/lens/cli/inspect-file';
import { summarize } from '@/lens/cli/summary';
import { exportFileNameOf, FORMAT_WRITERS } from '@/lens/export/format-writers';
import { EXTENSION_EXPORT_FORMATS } from '@/lens/export/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { startReplica } from '@/tests/replica/server';
import { buildExtension, projectRoot } from '@/tests/support/build-extension';
import { openExtensionPage } from '@/tests/support/extension-page';
import { launchBrowserWithExtension } from '@/tests/support/launch-browser';
import { fillLibrary, openFilledLibrary, shootLibrary, turnLibraryOn } from './demo-library';
import { STORE_SIZE, shootStoreLibrary, shootStoreListing } from './store-screenshots';

/**
 * `npm run demo`: the production extension in Chromium against the replica with sample conversations, the
 * library on and filled with several of them. With a display it stays open until Ctrl-C; headless (no
 * DISPLAY, or --headless) it loads the demo conversation, asks one question that searches, and saves
 * screenshots of the chat page, the popup, the side panel and the library page, and 1280x800
 * store-listing screenshots in demo-output/store/.
 * Either way the browser's session is recorded as a HAR and the demo conversation in it inspected by the
 * same core as `npm run inspect`, and its exports (Markdown, JSON, CSV, HTML) are written to demo-output/.
 */
const headless = process.argv.includes('--headless') || !process.env.DISPLAY;
const outputDir = join(projectRoot, 'demo-output');
// Everything at once, in the live shapes: searches and cited pages, an entity, ads, offers, a canvas, an image.
const conversationId = FIXTURE_IDS.demo;
const PROMPT = 'Which Lisbon viewpoints are best at sunset?';

interface ClientState {
  loaded: boolean;
  productRefreshes: number;
  lastAnswer: string | null;
}

async function waitForClient(page: Page, ready: (state: ClientState) => boolean): Promise<void> {
  const source = `(${ready.toString()})(window.__replica ?? { loaded: false, productRefreshes: 0, lastAnswer: null })`;
  await page.waitForFunction(source, undefined, { timeout: 30_000 });
}

/** The number the side panel's Queries tab shows. */
async function queryCount(panel: Page): Promise<number> {
  const tab = await panel.locator('[role="tab"][aria-keyshortcuts="1"]').innerText();
  return Number(/\d+/.exec(tab)?.[0] ?? 0);
}

/**
 * Asks the prompt with the side panel open, and says whether the panel listed its searches while the
 * answer was still streaming.
 */
async function askWithPanelOpen(chat: Page, panelUrl: string): Promise<void> {
  const panel = await openExtensionPage(chat, panelUrl, { width: 420, height: 800 });
  const before = await queryCount(panel);
  await chat.fill('textarea#prompt', PROMPT);
  await chat.click('button#send');
  // A function, not a string: an extension page's policy forbids evaluating strings.
  await panel.waitForFunction(
    (count) =>
      Number(
        /\d+/.exec(document.querySelector('[role="tab"][aria-keyshortcuts="1"]')?.textContent ?? '')?.[0] ??
          0,
      ) > count,
    before,
    { timeout: 30_000 },
  );
  const streaming = await chat.evaluate('window.__replica?.lastAnswer === null');
  const after = await queryCount(panel);
  console.log(
    `The side panel listed the prompt's ${after - before} new queries ${streaming ? 'while its answer was still streaming' : 'once its answer had ended'}.`,
  );
  await waitForClient(chat, (state) => state.lastAnswer !== null);
  await panel.close();
}

async function showCaseHeadless(chat: Page, extensionId: string, shots: string[]): Promise<void> {
  await waitForClient(chat, (state) => state.loaded);
  const tabId = await chat
    .context()
    .serviceWorkers()[0]
    ?.evaluate(async (url: string) => (await chrome.tabs.query({ url }))[0]?.id, chat.url());
  const extensionBase = `chrome-extension://${extensionId}`;
  await askWithPanelOpen(chat, `${extensionBase}/sidepanel.html?tabId=${tabId}`);
  const shoot = async (page: Page, name: string): Promise<void> => {
    const file = join(outputDir, name);
    await page.screenshot({ path: file, fullPage: true });
    shots.push(file);
  };
  await shoot(chat, 'chat-page.png');
  // The real popup and side panel for that tab, in both themes (the pages take ?tabId=).
  for (const [name, size] of [
    ['popup', { width: 400, height: 600 }],
    ['sidepanel', { width: 420, height: 800 }],
  ] as const) {
    const view = await openExtensionPage(chat, `${extensionBase}/${name}.html?tabId=${tabId}`, size);
    for (const scheme of ['light', 'dark'] as const) {
      await view.emulateMedia({ colorScheme: scheme });
      await shoot(view, `${name}-${scheme}.png`);
    }
    await view.close();
  }
  await shootStoreListing(chat, extensionBase, tabId, outputDir, shots);
  const library = await openFilledLibrary(chat.context(), extensionBase, STORE_SIZE);
  console.log(`The library holds ${library.kept} conversations.`);
  await shootStoreLibrary(library.page, outputDir, shots);
  await shootLibrary(library.page, outputDir, shots);
  await library.page.close();
}

/**
 * The recorded session through the inspect core, as a user would run `npm run inspect` on a HAR: the demo
 * conversation's summary and exports (the HAR also holds the conversations opened to fill the library).
 */
function writeExports(harPath: string, written: string[]): void {
  const inspected = inspectFileText(readFileSync(harPath, 'utf8'));
  if (!inspected.ok)
    throw new Error(`The recorded session could not be inspected: ${inspected.error.message}`);
  const now = new Date();
  const demo = inspected.value.inspections.filter(
    (inspection) => inspection.conversation.id === conversationId,
  );
  if (demo.length === 0) throw new Error('The recorded session does not hold the demo conversation.');
  for (const inspection of demo) {
    console.log(`\n${summarize(inspection)}`);
    for (const { id } of EXTENSION_EXPORT_FORMATS) {
      const file = join(outputDir, exportFileNameOf(inspection, id, now));
      const pieces = [...FORMAT_WRITERS[id].pieces(inspection, { exportedAt: now })];
      writeFileSync(
        file,
        Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece))),
      );
      written.push(file);
    }
  }
}

async function main(): Promise<void> {
  console.log('Building the extension…');
  const extensionDir = buildExtension();
  const replica = await startReplica();
  console.log(`Replica of chatgpt.com on https://127.0.0.1:${replica.port}`);
  mkdirSync(outputDir, { recursive: true });
  // The HAR holds the replica's session token, so it stays out of demo-output and is deleted at the end.
  const harDir = mkdtempSync(join(tmpdir(), 'chat-lens-demo-'));
  const harPath = join(harDir, 'session.har');
  const { context, extensionId, serviceWorker } = await launchBrowserWithExtension({
    extensionDir,
    replicaPort: replica.port,
    headless,
    recordHarPath: harPath,
  });
  const written: string[] = [];
  try {
    // On before any conversation opens, so the library keeps each one the demo shows.
    await turnLibraryOn(serviceWorker);
    await fillLibrary(context, `chrome-extension://${extensionId}`);
    const chat = context.pages()[0] ?? (await context.newPage());
    await chat.goto(`https://chatgpt.com/c/${conversationId}`);
    if (headless) {
      await showCaseHeadless(chat, extensionId, written);
    } else {
      console.log('Chromium is open on a sample conversation with Chat Lens installed. Ctrl-C to stop.');
      await new Promise<void>((resolve) => process.once('SIGINT', resolve));
    }
    const own = replica.requests({ origin: 'extension' }).length;
    console.log(
      `Requests the page made: ${replica.requests({ origin: 'page' }).length}; the extension's own: ${own}`,
    );
    await context.close();
    writeExports(harPath, written);
  } finally {
    await context.close();
    await replica.close();
    rmSync(harDir, { recursive: true, force: true });
  }
  console.log(`\nWritten to demo-output/:\n${written.map((file) => `  ${file}`).join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
