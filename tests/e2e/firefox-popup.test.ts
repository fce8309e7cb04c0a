import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { cliExport } from './cli-reading';
import { type FirefoxLens, test } from './firefox-lens';
import { cliCounts, tabCounts } from './firefox-views';
import { expectNoCanary } from './view-checks';

/**
 * The production Firefox build in Firefox ESR, on the replica served as chatgpt.com: the popup of a live
 * search conversation, its passive capture and its Markdown export, each held to what the command line
 * reads of the same conversation (README "Firefox").
 */
const SCENARIO = 'liveSearch';
const CHAT_PATH = `/c/${FIXTURE_IDS[SCENARIO]}`;

/** The popup of a new chat tab on the scenario, once it shows the conversation's views. */
async function popupOfChat(open: FirefoxLens): Promise<{ chat: Page; popup: Page }> {
  const chat = await open.openChat(CHAT_PATH);
  const popup = await open.openPopup(chat);
  await popup.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
  return { chat, popup };
}

/**
 * The time of the export, the one value two exports of one conversation differ by: the Markdown's front
 * matter line and the JSON's member (the CSV of queries has none).
 */
const withoutExportTime = (text: string): string =>
  text.replace(/^exported: ".*"$/m, 'exported:').replace(/"exportedAt": ?"[^"]*"/, '"exportedAt":');

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
    await expect.poll(() => tabCounts(popup), { timeout: 20_000 }).toMatchObject(cliCounts(SCENARIO));
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

  // The Chromium build's exports are checked in Chromium (ui-shell.test.ts) against the same command line
  // output for the same conversation: each file equal to the CLI's here is equal to Chromium's there.
  test.for(EXPORTS)(
    'Export %s downloads what the command line writes for the conversation, with no secret',
    async ([label, format], { firefox }) => {
      const { chat, popup } = await popupOfChat(firefox);
      const file = await firefox.download(async () => {
        await popup.click('button[aria-label="More export options"]');
        const item = await popup.waitForSelector(
          `::-p-xpath(//button[@role="menuitem"][.="Export ${label}"])`,
        );
        await item?.click();
      });
      expect(file.name.endsWith(`.${format}`)).toBe(true);
      expect(withoutExportTime(file.text)).toBe(withoutExportTime(cliExport(SCENARIO, format)));
      expectNoCanary(file.text);
      await popup.close();
      await chat.close();
    },
  );
});
