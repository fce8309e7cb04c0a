import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LIBRARY_TABS } from '@/components/library/library-tabs';
import { EXTENSION_EXPORT_FORMATS } from '@/lens/export/formats';
import { JOINED_TABLE } from '@/lens/library/joined-table';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { type CanaryPlace, plantedPlaces } from '@/tests/replica/fixtures/canaries';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { productCards } from '@/tests/replica/fixtures/products';
import { SCENARIOS, type Scenario } from '@/tests/replica/fixtures/scenarios';
import type { WireForm } from '@/tests/replica/fixtures/wire-form';
import { LIVE_SOCKET_HOST } from '@/tests/replica/live-wire';
import { type BrowserWatch, watchBrowser } from './browser-watch';
import { leakedPlaces } from './canary-needles';
import { downloadedText, exportEveryFormat, exportFromButton, pressExportShortcut } from './export-actions';
import { waitForLens } from './lens-state';
import { type Lens, test } from './lens-test';
import { downloadLibraryTable, exportWholeLibrary, openLibraryPage, showLibraryTab } from './library-actions';
import { setLibrary, waitForKept } from './library-state';
import { liveWorker } from './live-worker';
import { moveToOwnWindow } from './own-window';
import { askPrompt, type ReplicaClientState, waitForClient } from './replica-page';
import { type Exclusive, oneAtATime, sideBySide } from './side-by-side';
import { everythingStored } from './stored-everywhere';
import { VIEW_LABELS, waitForViews } from './view-checks';

/**
 * The canary hunt (architecture "Secrets"). The replica plants a
 * canary in every secret (tests/replica/fixtures/canaries.ts): the access token, the resume tokens, the
 * token-bearing product members, every ad tracking value. Each scenario is used as a person uses it, in
 * both wire forms, with the library on and keeping answer text (architecture "The library"), and then no
 * canary may be found in any export (the library's files too), storage area (the library's database too),
 * view (the library page too), console, or request to a host other than the chat site's, of which there
 * must be none at all.
 */

/** Chat site hosts the replica serves; any other host asked for is a finding. */
const CHAT_HOSTS = new Set(['chatgpt.com', LIVE_SOCKET_HOST]);
/** Browser-local schemes: what they load never leaves the machine. */
const LOCAL_SCHEMES = new Set(['chrome-extension:', 'blob:', 'data:', 'about:']);
/** The scenarios about how an answer streams: a prompt is typed there, and its resume tokens arrive. */
const PROMPTED = new Set<FixtureName>([
  'sse',
  'websocket',
  'bothTransports',
  'cutOffSse',
  'products',
  'liveShopping',
  'liveSearch',
  'liveSearchHandoff',
  'liveCutOff',
]);
/**
 * The scenarios hunted: every one but the 10,000-message conversation, two of the three answered 429 and two
 * of the three askings of one prompt.
 * The hunt is for secrets, and that conversation carries none of its own (no ad, offer or prompt): its pages
 * get only the access token, which every page gets, and take it through the paging that longHistory's pages
 * (over 260 turns, several pages) take the same way. Its scale is the live runtime's drill
 * (tests/e2e/live-runtime.test.ts: every page fetched once, shown, exported whole); here it only made each
 * export and view of it wait minutes. The three 429 scenarios differ only in how Retry-After is written,
 * which no secret rides on: its readings are unit-tested (tests/unit/api/retry-after.test.ts), and the
 * fallback poll's drill waits out the two left here (tests/e2e/fallback-poll.test.ts). The three askings of
 * one prompt are one live search each, differing in their queries and pages, which carry no secret; the
 * library's Variance tab reads all three (tests/e2e/library-analysis.test.ts).
 */
const NOT_HUNTED: ReadonlySet<FixtureName> = new Set([
  'tenThousand',
  'rateLimitSeconds',
  'rateLimitPlain',
  'askedAgainTwo',
  'askedAgainThree',
]);
const HUNTED: readonly Scenario[] = Object.values(SCENARIOS).filter(({ name }) => !NOT_HUNTED.has(name));
/**
 * Every hunted scenario used, then read everywhere, the library's database (in every storage read) and its
 * files included. The limit is for a hunt that hangs, not a time the hunt is held to.
 */
const HUNT_TIMEOUT_MS = 900_000;
/**
 * How long any one step may wait for its page. The extension's pages share one renderer process, so while
 * one scenario's popup builds a file, the other scenarios' popups and side panels wait with it: beside the
 * other lane on a busy machine, a page load or a click took past Playwright's 30 s.
 */
const STEP_TIMEOUT_MS = 90_000;
/** Scenarios used at the same time; the longest first, so the others fill the time beside them. */
const AT_ONCE = 3;
const LONGEST_FIRST: readonly FixtureName[] = ['slow', 'longHistory', 'rateLimitDate'];

/**
 * Scenarios whose conversation the library must hold by the end: those that carry a secret in what is kept
 * (ads with tracking values, offers with token-bearing members, answers streamed with resume tokens).
 */
const KEPT_WITH_SECRETS: readonly FixtureName[] = [
  'ads',
  'products',
  'liveShopping',
  'liveSearch',
  'sse',
  'websocket',
];
/**
 * Scenarios also used through the side panel, the Export button and the keyboard shortcut: those that carry
 * secrets of their own, so that each of these ways meets every kind of secret. The others are used through
 * the popup, every file of its menu and the copy, which between them reach every view and every writer: the
 * side panel renders the popup's views from the same state (components/surface.ts: only its "Open side
 * panel" button differs), and the button and the shortcut export the default format through the worker's
 * same export as its menu item (lens/runtime/worker/export-shortcut.ts). Taken for every scenario, these
 * ways were the largest share of the hunt's time (testing "Lanes").
 */
const EVERY_WAY: ReadonlySet<FixtureName> = new Set(KEPT_WITH_SECRETS);
/**
 * The library's files as a user saves them from its Manage tab: every table as CSV, and the joined one as
 * JSON Lines too (Parquet is binary, its strings compressed).
 */
const LIBRARY_TABLE_FILES = [
  ...LIBRARY_TABLES.map(({ name }) => [name, 'CSV'] as const),
  [JOINED_TABLE.name, 'JSON Lines'] as const,
];

/** Something the extension produced or held, and where a person (or another program) would meet it. */
interface Seen {
  kind: 'export' | 'storage' | 'view';
  where: string;
  text: string;
}

/** How the scenarios reach the browser they share. */
interface Browsing {
  lens: Lens;
  /** The focused window's active tab, the clipboard and the worker's offers refresh are shared by all. */
  exclusive: Exclusive;
}

/** The page's answer to a prompt: the cut-off scenario's never completes, the page reports it broke. */
const answerEnded = (state: ReplicaClientState): boolean =>
  state.lastAnswer !== null || state.errors.some((error) => error.startsWith('answer:'));

/** Every view of a surface, as the DOM holds it (text and attributes). */
async function everyView(page: Page, surface: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (const view of VIEW_LABELS) {
    await page.getByRole('tab', { name: new RegExp(view) }).click();
    await page.getByRole('tabpanel').waitFor();
    seen.push({ kind: 'view', where: `${surface}, ${view}`, text: await page.content() });
  }
  return seen;
}

/**
 * "Refresh offers" in the Offers view, once the view lists the page's offers, until the run reports its
 * end. The worker runs one refresh at a time for all tabs (a second tab's click starts nothing), so the
 * scenarios take turns.
 */
async function refreshOffers(
  { lens, exclusive }: Browsing,
  chat: Page,
  popup: Page,
  cards: number,
): Promise<void> {
  // The page counts a card refreshed when it read its answer; the copy the worker gets may come a moment
  // later on a busy machine, and a run covers the cards the worker holds when it starts.
  const tabId = await lens.tabIdOf(chat);
  await waitForLens(lens, tabId, (state) => (state.captured.responses['product-update'] ?? 0) >= cards);
  const offersTab = popup.getByRole('tab', { name: /Offers/ });
  await offersTab.locator('.tabs__count').waitFor();
  await offersTab.click();
  await exclusive(async () => {
    await popup.getByRole('button', { name: 'Refresh offers' }).click();
    await expect
      .poll(() => popup.locator('.offers-refresh__status').textContent(), { timeout: STEP_TIMEOUT_MS })
      .toContain(`Last refresh: ${cards} of ${cards} products`);
  });
}

/**
 * One scenario as a person uses it: the chat loads (the page refreshes its product cards), a prompt
 * where the scenario is about streaming, the popup (offers refreshed, every export), for the scenarios used
 * every way (EVERY_WAY) the side panel, the Export button and the keyboard shortcut; then what each view
 * shows and every storage area, while the tabs are open.
 */
async function useScenario(browsing: Browsing, scenario: Scenario): Promise<Seen[]> {
  const { lens, exclusive } = browsing;
  const everyWay = EVERY_WAY.has(scenario.name);
  // Each page in a window of its own, all visible at once. A new tab or window takes the focus: opened
  // one at a time, never while the shortcut reads the focused window's active tab.
  const chat = await exclusive(async () => moveToOwnWindow(lens, await lens.openChat(`/c/${scenario.id}`)));
  const extensionPage = (name: 'popup.html' | 'sidepanel.html'): Promise<Page> =>
    exclusive(async () => moveToOwnWindow(lens, await lens.openExtensionPage(name, chat)));
  const cards = scenario.withProducts ? productCards(scenario.id).length : 0;
  await waitForClient(chat, (client) => client.loaded && client.productRefreshes >= cards);
  if (PROMPTED.has(scenario.name)) await askPrompt(chat, 'What would you pick, and why?', answerEnded);
  const popup = await extensionPage('popup.html');
  await waitForViews(lens, popup, chat);
  if (cards > 0) await refreshOffers(browsing, chat, popup, cards);
  const panel = everyWay ? await extensionPage('sidepanel.html') : null;
  if (panel !== null) await waitForViews(lens, panel, chat);

  const seen: Seen[] = (await exportEveryFormat(popup, exclusive)).map(({ action, text }) => ({
    kind: 'export',
    where: action,
    text,
  }));
  if (everyWay) {
    seen.push({ kind: 'export', where: 'Export button', text: await exportFromButton(popup) });
    const shortcutFile = await exclusive(async () => {
      await moveToOwnWindow(lens, chat);
      const download = chat.waitForEvent('download');
      await pressExportShortcut(await liveWorker(lens.context));
      return downloadedText(await download);
    });
    seen.push({ kind: 'export', where: 'keyboard shortcut', text: shortcutFile });
  }
  seen.push(...(await everyView(popup, 'popup')));
  if (panel !== null) seen.push(...(await everyView(panel, 'side panel')));
  for (const { area, text } of await everythingStored(lens, { extension: popup, chat }))
    seen.push({ kind: 'storage', where: area, text });
  for (const page of [panel, popup, chat]) await page?.close();
  return seen.map((entry) => ({ ...entry, where: `${scenario.name}: ${entry.where}` }));
}

/**
 * The library, once every tab closed: each of its tabs as the DOM holds it, the whole library's JSON file and
 * its tables as files. The library must hold the conversations that carried secrets, or the hunt in it
 * would mean nothing.
 */
async function useLibrary(lens: Lens): Promise<Seen[]> {
  const page = await openLibraryPage(lens);
  const kept = await waitForKept(
    page,
    KEPT_WITH_SECRETS.map((name) => FIXTURE_IDS[name]),
  );
  expect(
    kept.conversations.flatMap((record) => record.ads).length,
    'ads kept in the library',
  ).toBeGreaterThan(0);
  expect(kept.conversations.flatMap((record) => record.offers).length, 'offers kept').toBeGreaterThan(0);
  expect(
    kept.conversations.some((record) => record.turns.some((turn) => turn.answer !== null)),
    'answer text kept',
  ).toBe(true);
  await page.reload();
  const seen: Seen[] = [];
  // Each of the library page's tabs, as the DOM holds it.
  for (const { label } of LIBRARY_TABS) {
    await showLibraryTab(page, label);
    seen.push({ kind: 'view', where: `library page, ${label}`, text: await page.content() });
  }
  const whole = await exportWholeLibrary(page);
  seen.push({ kind: 'export', where: `library: ${whole.name}`, text: whole.text });
  for (const [table, format] of LIBRARY_TABLE_FILES) {
    const file = await downloadLibraryTable(page, table, format);
    seen.push({ kind: 'export', where: `library: ${file.name}`, text: file.text });
  }
  await page.close();
  return seen;
}

/** The hosts other than the chat site's that the browser asked for, each once. */
function foreignRequests(watch: BrowserWatch): string[] {
  const foreign = watch.requestUrls.filter((address) => {
    const url = new URL(address);
    return !LOCAL_SCHEMES.has(url.protocol) && !CHAT_HOSTS.has(url.hostname);
  });
  return [...new Set(foreign)];
}

/** Which planted places reached the browser, by the wire form of the scenario whose page they reached. */
function deliveredPlaces(watch: BrowserWatch): Record<WireForm, Set<string>> {
  const delivered: Record<WireForm, Set<string>> = { document: new Set(), live: new Set() };
  for (const { reachedUrl, text } of watch.received) {
    const conversationId = /\/c\/([^/?#]+)/.exec(reachedUrl)?.[1];
    const wire = conversationId === undefined ? undefined : SCENARIOS[conversationId]?.wire;
    if (wire !== undefined) for (const place of leakedPlaces(text)) delivered[wire].add(place);
  }
  return delivered;
}

describe('the canary hunt', () => {
  test(
    'no planted secret reaches an export, a storage area, a view, a console or another host',
    async ({ lens }) => {
      // Every page's waits, set once: each page the hunt opens takes its context's.
      lens.context.setDefaultTimeout(STEP_TIMEOUT_MS);
      lens.context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
      const watch = await watchBrowser(lens.context);
      await lens.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // The library on, answers with their text: everything the extension can keep, it keeps.
      await setLibrary(lens, { enabled: true, keepAnswerText: true });
      const browsing: Browsing = { lens, exclusive: oneAtATime() };

      // The widest export: hidden and tool messages in the Markdown too, set as a user sets it.
      const first = await lens.openChat(`/c/${FIXTURE_IDS.plain}`);
      const settings = await lens.openExtensionPage('popup.html', first);
      await settings.getByRole('button', { name: 'Settings' }).click();
      const includeAll = settings.getByLabel('Include hidden and tool messages in Markdown and HTML');
      // The box shows the stored setting: it turns checked once the worker's storage has it.
      await includeAll.click();
      await expect.poll(() => includeAll.isChecked()).toBe(true);
      for (const page of [settings, first]) await page.close();

      const scenarios = [...HUNTED].sort(
        (a, b) => Number(LONGEST_FIRST.includes(b.name)) - Number(LONGEST_FIRST.includes(a.name)),
      );
      const seen = (
        await sideBySide(scenarios, AT_ONCE, (scenario) => useScenario(browsing, scenario))
      ).flat();
      seen.push(...(await useLibrary(lens)));
      // After every tab closed, what the worker and both origins still hold, the library's database included.
      const home = await lens.openChat('/');
      const own = await lens.openExtensionPage('popup.html');
      const stored = await everythingStored(lens, { extension: own, chat: home });
      for (const { area, text } of stored)
        seen.push({ kind: 'storage', where: `after the tabs closed: ${area}`, text });
      expect(
        stored.find(({ area }) => area === 'extension origin')?.text,
        'the library database, read with every other',
      ).toContain(`"name":"chat-lens-library","store":"conversations","keys":["`);
      await watch.settled();
      // The recording is complete: it saw every request the replica answered (so it would see any other).
      const recorded = new Set(
        watch.requestUrls.map((address) => new URL(address).pathname + new URL(address).search),
      );
      expect(
        lens.replica.requests().filter((request) => !recorded.has(request.path)),
        'requests the recording missed',
      ).toEqual([]);

      // The hunt means something only if the browser really received every planted secret, in both forms.
      const delivered = deliveredPlaces(watch);
      for (const wire of ['document', 'live'] as const)
        expect(
          plantedPlaces(wire).filter((place: CanaryPlace) => !delivered[wire].has(place)),
          `planted secrets the ${wire} form's pages never received`,
        ).toEqual([]);
      // Per scenario: each format of the menu and Copy as Markdown; the Export button and the shortcut too
      // for those used every way.
      const everyWay = scenarios.filter(({ name }) => EVERY_WAY.has(name)).length;
      expect(everyWay, 'scenarios used every way').toBe(EVERY_WAY.size);
      expect(seen.filter((entry) => entry.kind === 'export').length).toBe(
        scenarios.length * (EXTENSION_EXPORT_FORMATS.length + 1) +
          everyWay * 2 +
          1 +
          LIBRARY_TABLE_FILES.length,
      );

      const findings = (kind: Seen['kind']): string[] =>
        seen
          .filter((entry) => entry.kind === kind)
          .flatMap((entry) => leakedPlaces(entry.text).map((place) => `${entry.where}: ${place}`));
      expect.soft(findings('export'), 'canaries in exports (files, clipboard)').toEqual([]);
      expect.soft(findings('storage'), 'canaries in storage').toEqual([]);
      expect
        .soft(findings('view'), 'canaries in the DOM of the popup, the side panel or the library page')
        .toEqual([]);
      const consoleFindings = watch.consoleLines.flatMap((line) =>
        leakedPlaces(line).map((place) => `${place} in: ${line.slice(0, 300)}`),
      );
      expect.soft(consoleFindings, 'canaries in console output or errors').toEqual([]);
      expect.soft(foreignRequests(watch), 'requests to hosts other than the chat site').toEqual([]);
      await home.close();
      await own.close();
    },
    HUNT_TIMEOUT_MS,
  );
});
