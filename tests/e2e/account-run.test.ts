import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { AccountRunStatus } from '@/lens/runtime/contract/account-run';
import { BATCH_PATH } from '@/lib/api/conversations-batch';
import { accountHistory } from '@/tests/replica/fixtures/account-history';
import type { ReplicaRequestRecord } from '@/tests/replica/server';
import {
  answeredBatches,
  expectEachHeldOnce,
  readsAlone,
  servedConversations,
  waitForAccountRun,
} from './account-run-requests';
import { downloadedBytes } from './export-actions';
import { setFault, stopWorker } from './fault-drill';
import { type Lens, test } from './lens-test';
import { openLibraryPage } from './library-actions';
import { keptLibrary, setLibrary } from './library-state';
import { shootEveryLook } from './view-checks';

/**
 * "Add the whole account" in real Chromium (architecture "Adding the whole account"), over the replica's
 * account list (site-interface 10.7): a few dozen small conversations read ten a request through the batch
 * read (site-interface 10.13), at the real pace of a second or more per request, so the drill proves the
 * pace, the 429 hold, a batch left short completed alone, the resume after a stopped worker, the ZIP and a
 * later run, on a site without the batch read, that fetches only what changed.
 */

/**
 * Two projects of five, ten in the history, the broken ones among them (#7 answers 500, #13 404), and
 * enough for a resume half-way.
 */
const ACCOUNT = { generated: 20, scenarios: false, perProject: 5 };
const RUN_TIMEOUT_MS = 150_000;

const history = () => accountHistory(ACCOUNT);
const brokenIds = () =>
  history()
    .filter((item) => item.broken !== null)
    .map((item) => item.id);

const runStatus = (page: Page): Promise<AccountRunStatus> =>
  page.evaluate(async () => (await chrome.storage.local.get('accountRun')).accountRun as AccountRunStatus);

const waitForRun = (page: Page, done: (status: AccountRunStatus) => boolean, what: string) =>
  waitForAccountRun(() => runStatus(page), done, what, RUN_TIMEOUT_MS);

const ownSince = (lens: Lens, since: number): ReplicaRequestRecord[] =>
  lens.replica
    .requests({ origin: 'extension' })
    .filter((request) => request.time >= since)
    .sort((a, b) => a.time - b.time);

describe('adding the whole account in real Chromium', () => {
  test('the whole account: a 429 storm held, the worker stopped half-way and resumed, one ZIP, then only what changed', async ({
    lens,
  }) => {
    lens.replica.setAccount(ACCOUNT);
    await setLibrary(lens, { enabled: true });
    // The worker asks chatgpt.com as the signed-in browser does: the chat page's visit gives it the session.
    const chat = await lens.openChat('/');
    const page = await openLibraryPage(lens);
    const since = Date.now();
    // A storm: the first two batch reads answer 429, with Retry-After 3 s; and one conversation is left out
    // of its batch, to be read alone.
    setFault(lens, '*', {
      rateLimit: { retryAfter: 'seconds', seconds: 3, times: 2, paths: ['batch'], origins: ['extension'] },
    });
    const leftOut = history().find((item) => item.broken === null)?.id ?? '';
    setFault(lens, leftOut, { leftOutOfBatch: true });
    await page.getByLabel('Also keep, for one ZIP:').selectOption('md');
    await page.getByRole('button', { name: 'Add the whole account' }).click();
    await waitForRun(
      page,
      (status) => status.phase === 'fetching' && status.done >= 1,
      'its first conversation',
    );
    await shootEveryLook(page, 'library-account-run-going');

    // The stop falls while the worker waits on a batch read the site holds, not between an answer and its
    // keeping: a worker stopped there loses what it was given, and asks for it again. Once the first batch
    // is answered, the next one is held until the worker is gone; the new worker's is answered.
    const batchReads = () => ownSince(lens, since).filter((request) => request.path === BATCH_PATH);
    await expect
      .poll(() => answeredBatches(batchReads()).length, { timeout: RUN_TIMEOUT_MS })
      .toBeGreaterThanOrEqual(1);
    setFault(lens, '*', {
      fault: { kind: 'slow', delayMs: RUN_TIMEOUT_MS, times: 1, paths: ['batch'], origins: ['extension'] },
    });
    // A second of pace at least lies between two requests of the run: the next batch read is still to come.
    expect(answeredBatches(batchReads())).toHaveLength(1);
    const answeredUntilHeld = batchReads().length;
    await expect
      .poll(
        () =>
          batchReads()
            .slice(answeredUntilHeld)
            .some((request) => request.status === 0),
        {
          timeout: RUN_TIMEOUT_MS,
        },
      )
      .toBe(true);
    await stopWorker(lens);
    // The page sees the worker quiet and wakes it; the new worker reads the run back and goes on.
    const end = await waitForRun(page, (status) => status.status === 'finished', 'its end');
    const listed = history();
    expect(end.listed).toBe(listed.length);
    expect(end.failed).toBe(brokenIds().length);
    expect(end.done).toBe(listed.length - brokenIds().length);

    const own = ownSince(lens, since);
    // The storm: no request of the extension while a 429's wait ran.
    const limited = own.filter((request) => request.status === 429);
    expect(limited.length).toBe(2);
    for (const answer of limited) {
      const next = own.find((request) => request.seq > answer.seq);
      expect(next === undefined || next.time - answer.time >= 3_000).toBe(true);
    }
    // The pace: a second or more between any two requests of the run.
    const gaps = own.slice(1).map((request, index) => request.time - (own[index]?.time ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1_000);
    // Ten a request: each conversation held by one answer across the stop, the one left out of its batch
    // read alone; each broken one, left out too, asked for alone three times, then listed as failed.
    const batches = answeredBatches(own);
    // Ten ids a batch read: the listed ones in two, all but the one left out and the broken ones served; the
    // new worker may ask for those once more in a batch before it reads them alone.
    expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(listed.length / 10));
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(listed.length / 10) + 1);
    expect(batches.reduce((sum, request) => sum + (request.served?.length ?? 0), 0)).toBe(end.done - 1);
    expectEachHeldOnce(own, listed, leftOut);
    const kept = await keptLibrary(page);
    for (const item of listed.filter((entry) => entry.broken === null))
      expect(kept.conversations.map((record) => record.id)).toContain(item.id);
    await shootEveryLook(page, 'library-account-run-finished');

    // One ZIP: a document per conversation listed and not failed, each failed one named in report.json.
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: `Save the ZIP of ${end.done} conversations` }).click();
    const zip = unzipSync(new Uint8Array(await downloadedBytes(await download)));
    const documents = Object.keys(zip).filter((name) => /^\d{4}\/\d\d\/[^/]+\.md$/.test(name));
    expect(documents).toHaveLength(listed.length - end.failed);
    const report = strFromU8(zip['report.json'] ?? new Uint8Array());
    expect(report.split('\n')[0]).toMatch(/^\{"partial": true, /);
    const named = (JSON.parse(report) as { failed: Array<{ id: string }> }).failed.map((entry) => entry.id);
    expect(named.sort()).toEqual(brokenIds().sort());

    // A later run, on a site without the batch read (its path answers 404): only the conversations changed
    // on the site since are fetched, each alone. One in a project, two in the history.
    const changed = [3, 10, 15].map((index) => listed[index]?.id ?? '');
    lens.replica.changeConversations(changed);
    setFault(lens, '*', { fault: { kind: 'status', status: 404, paths: ['batch'] } });
    const later = Date.now();
    await page.getByRole('button', { name: 'Fetch what is new or changed' }).click();
    await waitForRun(
      page,
      (status) => status.status === 'finished' && (status.startedAt ?? 0) >= later,
      'its end again',
    );
    const laterRequests = ownSince(lens, later);
    expect([...readsAlone(laterRequests).keys()].sort()).toEqual([...changed].sort());
    expect([...servedConversations(laterRequests).values()].every((count) => count === 1)).toBe(true);
    expect(laterRequests.filter((request) => request.path === BATCH_PATH)).toHaveLength(1);
    expect(await runStatus(page)).toMatchObject({ reading: 'alone-no-batch' });
    for (const opened of [page, chat]) await opened.close();
  }, 300_000);
});
