import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import type { AccountRunStatus } from '@/lens/runtime/contract/account-run';
import { accountHistory } from '@/tests/replica/fixtures/account-history';
import { answeredBatches, expectEachHeldOnce, readsAlone, waitForAccountRun } from './account-run-requests';
import { setLibrary } from './firefox-add-on-page';
import { test } from './firefox-lens';

/**
 * "Add the whole account" in Firefox ESR, the production Firefox build
 * (architecture "Adding the whole account"), over the replica's account list (site-interface 10.7): ten
 * conversations a request through the batch read (site-interface 10.13), one left out of its batch and read
 * alone, the broken ones named, then a later run on a site without the batch read that reads what changed,
 * each alone.
 *
 * Firefox labels the add-on's requests to chatgpt.com as the page's (tests/replica/request-log.ts): the
 * counts here are of paths the replica's chat page never asks for.
 */

const ACCOUNT = { generated: 20, scenarios: false, perProject: 5 };
/**
 * For a run or a page that hangs, not a time either is held to (testing "Lanes"): the whole test takes
 * about 40 s alone, and beside the other lanes, on a machine whose fresh memory is dear, a run took over
 * 120 s to end.
 */
const RUN_TIMEOUT_MS = 240_000;
const PAGE_TIMEOUT_MS = 30_000;

const history = () => accountHistory(ACCOUNT);

declare const browser: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };

const runStatus = (addOn: Page): Promise<AccountRunStatus | undefined> =>
  addOn.evaluate(
    async () => (await browser.storage.local.get('accountRun')).accountRun as AccountRunStatus | undefined,
  );

const waitForRun = (addOn: Page, done: (status: AccountRunStatus) => boolean, what: string) =>
  waitForAccountRun(() => runStatus(addOn), done, what, RUN_TIMEOUT_MS);

describe('adding the whole account in Firefox', () => {
  test(
    'ten a request through the batch read, one left out read alone, then only what changed on a site without it',
    async ({ firefox }) => {
      const { replica, addOn } = firefox;
      replica.setAccount(ACCOUNT);
      await setLibrary(addOn, { enabled: true, keepAnswerText: false });
      const listed = history();
      const leftOut = listed.find((item) => item.broken === null)?.id ?? '';
      replica.setOverride(leftOut, { leftOutOfBatch: true });
      // The add-on asks chatgpt.com as the signed-in browser does: the site's visit gives it the session. Not
      // a conversation's page: the library would keep that one (LIBRARY_WRITE_DELAY_MS), and so turn the empty
      // page, whose button this clicks, into the tabs, where the button is on Manage.
      const chat = await firefox.browser.newPage();
      await chat.goto('https://chatgpt.com/');
      const page = await firefox.openExtensionPage('library.html');
      const since = Date.now();
      await (
        await page.waitForSelector('::-p-text(Add the whole account)', { timeout: PAGE_TIMEOUT_MS })
      )?.click();
      const end = await waitForRun(addOn, (status) => status.status === 'finished', 'its end');
      const broken = listed.filter((item) => item.broken !== null);
      expect(end).toMatchObject({
        listed: listed.length,
        failed: broken.length,
        done: listed.length - broken.length,
        reading: 'batch',
      });
      const own = replica.requests().filter((request) => request.time >= since);
      const batches = answeredBatches(own);
      // Ten ids a batch read: the listed ones in two, all but the one left out and the broken ones served.
      expect(batches).toHaveLength(Math.ceil(listed.length / 10));
      expect(batches.reduce((sum, request) => sum + (request.served?.length ?? 0), 0)).toBe(end.done - 1);
      expectEachHeldOnce(own, listed, leftOut);
      replica.setOverride(leftOut, null);

      // A later run, the batch path answering 404: each changed conversation read alone, once.
      const changed = [3, 10, 15].map((index) => listed[index]?.id ?? '');
      replica.changeConversations(changed);
      replica.setOverride('*', { fault: { kind: 'status', status: 404, paths: ['batch'] } });
      const later = Date.now();
      await (
        await page.waitForSelector('::-p-text(Fetch what is new or changed)', { timeout: PAGE_TIMEOUT_MS })
      )?.click();
      const again = await waitForRun(
        addOn,
        (status) => status.status === 'finished' && (status.startedAt ?? 0) >= later,
        'its end again',
      );
      expect(again).toMatchObject({ reading: 'alone-no-batch', done: end.done });
      const laterRequests = replica.requests().filter((request) => request.time >= later);
      expect([...readsAlone(laterRequests).keys()].sort()).toEqual([...changed].sort());
      replica.setOverride('*', null);
      for (const opened of [page, chat]) await opened.close();
    },
    2 * RUN_TIMEOUT_MS + 2 * PAGE_TIMEOUT_MS,
  );
});
