import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { EXTENSION_EXPORT_FORMATS } from '@/lens/export/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards } from '@/tests/replica/fixtures/products';
import { leakedPlaces } from './canary-needles';
import { cliExport, withoutExportTime } from './cli-reading';
import {
  addOnStorageAreas,
  exportThroughEventPage,
  setLibrary,
  showSidebarView,
  sidebarMarkup,
  sidebarOfWindow,
} from './firefox-add-on-page';
import { type FirefoxLens, test } from './firefox-lens';
import { cliCounts, everyPopupView, exportFromMenu, readableContent, tabCounts } from './firefox-views';
import { waitForClient } from './replica-page';
import { originStorage } from './stored-everywhere';
import { expectNoCanary, VIEW_LABELS } from './view-checks';

/**
 * The production Firefox build in Firefox ESR, on the replica served as chatgpt.com: the popup of a live
 * search conversation, its passive capture and its Markdown, JSON and CSV exports, each held to what the
 * command line reads of the same conversation; then the canary hunt over what the add-on stores, shows and
 * exports (testing "Firefox").
 */
const SCENARIO = 'liveSearch';
const CHAT_PATH = `/c/${FIXTURE_IDS[SCENARIO]}`;

/**
 * The popup of a new chat tab on the scenario, once it shows the conversation whole: its views, their
 * counts those the command line reads (the ads come after the messages).
 */
async function popupOfChat(open: FirefoxLens): Promise<{ chat: Page; popup: Page }> {
  const chat = await open.openChat(CHAT_PATH);
  const popup = await open.openPopup(chat);
  await popup.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
  await expect.poll(() => tabCounts(popup), { timeout: 20_000 }).toMatchObject(cliCounts(SCENARIO));
  return { chat, popup };
}

/**
 * A scenario of each wire form whose pages carry every kind of planted secret (tests/replica/fixtures/
 * canaries.ts): ads with tracking values, offers with token-bearing members, and, once a prompt is
 * answered, resume tokens.
 */
const HUNTED = ['products', 'liveShopping'] as const;

/** Each file of the export menu, the command line's name for its format, and the file's extension. */
const EXPORTS = [
  ['Markdown', 'md'],
  ['JSON', 'json'],
  ['CSV', 'csv'],
] as const;

describe('the Firefox add-on on the replica', () => {
  test('the popup counts the queries, sources and ads the command line reads, and shows no secret', async ({
    firefox,
  }) => {
    const { chat, popup } = await popupOfChat(firefox);
    expect(await tabCounts(popup)).toMatchObject(cliCounts(SCENARIO));
    expectNoCanary(await popup.content());
    await popup.close();
    await chat.close();
  });

  test('copies the conversation from the page: the replica served its messages once, to the page', async ({
    firefox,
  }) => {
    firefox.replica.clearRequests();
    const { chat, popup } = await popupOfChat(firefox);
    const copied = () =>
      popup.$eval('[data-endpoint="conversation-messages"] dd', (count) => count.textContent);
    await expect.poll(copied, { timeout: 20_000 }).toBe('1');
    // Firefox labels an add-on's request to chatgpt.com Sec-Fetch-Site: same-origin, as the page's own
    // (tests/replica/request-log.ts), so the requests are counted whoever made them: the page asks once.
    const messages = firefox.replica.requests({
      pathPrefix: `/backend-api/conversations/${FIXTURE_IDS[SCENARIO]}`,
    });
    expect(messages.map((request) => request.path)).toEqual([
      `/backend-api/conversations/${FIXTURE_IDS[SCENARIO]}?include_has_versions=true&num_turns=100`,
    ]);
    await popup.close();
    await chat.close();
  });

  // ui-shell.test.ts holds the Chromium build's files of the same conversation to the same command line
  // output: each file equal to the command line's here is equal to what Chromium downloads there.
  test.for(EXPORTS)(
    'Export %s downloads what the command line writes for the conversation, with no secret',
    async ([label, format], { firefox }) => {
      const { chat, popup } = await popupOfChat(firefox);
      const file = await exportFromMenu(firefox, popup, label);
      expect(file.name.endsWith(`.${format}`)).toBe(true);
      expect(withoutExportTime(file.text)).toBe(withoutExportTime(cliExport(SCENARIO, format)));
      expectNoCanary(file.text);
      // The popup's way to the file: the event page called directly, its Blob read in the calling page.
      const direct = await exportThroughEventPage(firefox.addOn, {
        tabId: await firefox.tabIdOf(chat),
        format,
      });
      if ('error' in direct) throw new Error(direct.error);
      expect(direct.fileName).toBe(file.name);
      expect(withoutExportTime(direct.text)).toBe(withoutExportTime(file.text));
      await popup.close();
      await chat.close();
    },
  );

  test('the canary hunt: no planted secret reaches the storage, the IndexedDB, the views or the exports', async ({
    firefox,
  }) => {
    const { addOn } = firefox;
    // The library on, answers with their text: everything the add-on can keep, it keeps.
    await setLibrary(addOn, { enabled: true, keepAnswerText: true });
    const seen: Array<{ where: string; text: string }> = [];
    for (const name of HUNTED) {
      const id = FIXTURE_IDS[name];
      const chat = await firefox.openChat(`/c/${id}`);
      await waitForClient(chat, (state) => state.productRefreshes >= productCards(id).length);
      await chat.type('textarea#prompt', 'What would you pick, and why?');
      await chat.click('button#send');
      await waitForClient(chat, (state) => state.lastAnswer !== null);
      // The secrets reached the browser: the page itself holds some of them.
      expect(leakedPlaces(await chat.content()), `secrets on the ${name} page`).not.toEqual([]);

      // The sidebar of the chat's window describes it while it is the active tab.
      const tabId = await firefox.tabIdOf(chat);
      await expect
        .poll(async () => (await sidebarOfWindow(addOn, tabId))?.face, { timeout: 20_000 })
        .toBe('views');
      for (const view of VIEW_LABELS) {
        await showSidebarView(addOn, tabId, view);
        seen.push({ where: `${name}: sidebar, ${view}`, text: await sidebarMarkup(addOn, tabId) });
      }
      const popup = await firefox.openPopup(chat);
      await popup.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
      for (const { view, markup } of await everyPopupView(popup))
        seen.push({ where: `${name}: popup, ${view}`, text: markup });
      for (const { label } of EXTENSION_EXPORT_FORMATS) {
        const file = await exportFromMenu(firefox, popup, label);
        seen.push({ where: `${name}: ${file.name}`, text: readableContent(file) });
      }
      // Read while the tab is open: the session area holds its lens until it closes.
      for (const { area, text } of await addOnStorageAreas(addOn))
        seen.push({ where: `${name}: ${area}`, text });
      seen.push({ where: `${name}: chatgpt.com origin`, text: await chat.evaluate(originStorage) });
      await popup.close();
      await chat.close();
    }
    const database = await addOn.evaluate(originStorage);
    // The hunt in the library means something only if it kept the conversations that carried secrets.
    expect(database).toContain('"name":"chat-lens-library"');
    for (const name of HUNTED) expect(database).toContain(FIXTURE_IDS[name]);
    seen.push({ where: 'the add-on origin (IndexedDB, Cache Storage, Web Storage)', text: database });
    const findings = seen.flatMap(({ where, text }) =>
      leakedPlaces(text).map((place) => `${where}: ${place}`),
    );
    expect(findings).toEqual([]);
  }, 120_000);
});
