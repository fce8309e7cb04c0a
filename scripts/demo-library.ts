import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';

/**
 * The library in the demo: turned on (with the answers' text, so brand mentions count) before any
 * conversation opens, filled by opening several of the replica's conversations as a user would, then its
 * page saved on the overview and the brands views.
 */

/**
 * What the library holds besides the demo conversation: searches, shopping, ads, a canvas, and one prompt
 * asked in three chats, which the Variance tab compares.
 */
const LIBRARY_CONVERSATIONS: readonly FixtureName[] = [
  'liveSearch',
  'liveShopping',
  'canvasAndImages',
  'webSearch',
  'products',
  'ads',
  'askedAgainOne',
  'askedAgainTwo',
  'askedAgainThree',
];

/** The travel sites the demo's answers cite, one of them the user's: the brands view has a market to show. */
const DEMO_BRANDS: BrandSettings = {
  own: { name: 'Time Out', domains: ['timeout.com'], mentions: ['Time Out'] },
  competitors: [
    { name: 'The Guardian', domains: ['theguardian.com'], mentions: ['Guardian'] },
    { name: 'The New York Times', domains: ['nytimes.com'], mentions: ['New York Times'] },
    { name: 'Eater', domains: ['eater.com'], mentions: ['Eater'] },
    { name: 'TasteAtlas', domains: ['tasteatlas.com'], mentions: ['TasteAtlas'] },
  ],
};

/** The library on and the brands named, in the extension's local storage as the settings panel writes them. */
export async function turnLibraryOn(worker: Worker): Promise<void> {
  await worker.evaluate(async (brands) => {
    const { settings } = (await chrome.storage.local.get('settings')) as {
      settings?: Record<string, unknown>;
    };
    const library = { enabled: true, keepAnswerText: true, retentionDays: null };
    await chrome.storage.local.set({ settings: { ...settings, library }, libraryBrands: brands });
  }, DEMO_BRANDS);
}

/**
 * How many conversations the library database holds, read in an extension page, once it holds `atLeast`;
 * false before. Self-contained: it runs in the page.
 */
async function keptAtLeast(atLeast: number): Promise<number | false> {
  if (!(await indexedDB.databases()).some((database) => database.name === 'chat-lens-library')) return false;
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('chat-lens-library');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const count = await new Promise<number>((resolve, reject) => {
    const request = database.transaction('conversations').objectStore('conversations').count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  database.close();
  return count >= atLeast ? count : false;
}

/** Waits until the library, read in this extension page, holds `count` conversations; says how many. */
async function waitForKept(page: Page, count: number): Promise<number> {
  // A function, not a string: an extension page's policy forbids evaluating strings.
  const kept = await page.waitForFunction(keptAtLeast, count, { timeout: 60_000, polling: 500 });
  return Number(await kept.jsonValue());
}

/**
 * Fills the library with the other conversations, each opened in a tab of its own until the library kept
 * it (the worker writes a conversation once its changes settle). They come before the demo conversation
 * opens: a HAR names no tab, so the demo's own calls stay together in it.
 */
export async function fillLibrary(context: BrowserContext, extensionBase: string): Promise<void> {
  const tabs = await Promise.all(
    LIBRARY_CONVERSATIONS.map(async (name) => {
      const tab = await context.newPage();
      await tab.goto(`https://chatgpt.com/c/${FIXTURE_IDS[name]}`);
      return tab;
    }),
  );
  const library = await context.newPage();
  await library.goto(`${extensionBase}/library.html`);
  await waitForKept(library, LIBRARY_CONVERSATIONS.length);
  for (const page of [...tabs, library]) await page.close();
}

/** The library page at `size` on its overview, once it holds the demo conversation too; says how many. */
export async function openFilledLibrary(
  context: BrowserContext,
  extensionBase: string,
  size: { width: number; height: number },
): Promise<{ page: Page; kept: number }> {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${extensionBase}/library.html`);
  const kept = await waitForKept(page, LIBRARY_CONVERSATIONS.length + 1);
  // The page read the library when it opened: reopened, it shows everything kept.
  await page.reload();
  await showLibraryTab(page, 'Overview');
  return { page, kept };
}

/** Shows a tab of the library page as a click does, once its panel is drawn. */
export async function showLibraryTab(page: Page, name: LibraryShot): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tabpanel').waitFor();
}

/** The library page's tabs the demo saves. */
const LIBRARY_SHOTS = ['Overview', 'Ads', 'Brands', 'Trends', 'Variance', 'Fan-out'] as const;
type LibraryShot = (typeof LIBRARY_SHOTS)[number];

/** The library page's overview, ad intelligence, brands, trends, variance and fan-out, whole, in demo-output/. */
export async function shootLibrary(page: Page, outputDir: string, shots: string[]): Promise<void> {
  for (const name of LIBRARY_SHOTS) {
    await showLibraryTab(page, name);
    const file = join(outputDir, `library-${name.toLowerCase()}.png`);
    await page.screenshot({ path: file, fullPage: true });
    shots.push(file);
  }
}
