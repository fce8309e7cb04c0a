import 'fake-indexeddb/auto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeAccountRunZip } from '@/components/library/account-run/account-run-zip';
import { openAccountRun } from '@/lens/library/account-run-store';
import { openLibrary } from '@/lens/library/library-store';
import { BATCH_429S_BEFORE_ALONE } from '@/lens/runtime/worker/account-run';
import { BATCH_PATH } from '@/lib/api/conversations-batch';
import { zipTreeSink } from '@/lib/export/tree-sink';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { accountHistory } from '@/tests/replica/fixtures/account-history';
import { type Replica, startReplica } from '@/tests/replica/server';
import { accountRunOver } from '@/tests/support/account-run-harness';
import { aloneReadOf, type SentRequest } from '@/tests/support/replica-fetch';

/** Enough for one archived conversation (every 50th) and both projects' fifteen. */
const GENERATED = 55;
let replica: Replica;
let databases = 0;
beforeAll(async () => {
  replica = await startReplica();
});
beforeEach(() => {
  replica.setAccount(ACCOUNT);
  replica.setOverride('*', null);
  databases += 1;
});
afterAll(() => replica.close());

const ACCOUNT = { generated: GENERATED, scenarios: false };
const history = () => accountHistory(ACCOUNT);
const brokenIds = () =>
  history()
    .filter((item) => item.broken !== null)
    .map((item) => item.id);
const gaps = (sent: readonly SentRequest[]): number[] =>
  sent.slice(1).map((request, index) => request.at - (sent[index]?.at ?? 0));

/** architecture "Adding the whole account", over the replica's account list (site-interface 10.7). */
describe('AccountRun', { timeout: 60_000 }, () => {
  it('lists the whole account, archived and projects included, and fetches each conversation a second apart', async () => {
    // The scenarios too: conversations of many pages, slow ones, one that answers malformed JSON.
    replica.setAccount({ ...ACCOUNT, scenarios: true });
    const harness = accountRunOver(replica, `whole-${databases}`);
    const started = await harness.worker().run.handle({ action: 'start', zipFormat: 'md' });
    expect(started.ok).toBe(true);
    const end = await harness.settled();
    const listed = accountHistory({ ...ACCOUNT, scenarios: true });
    expect(end.status).toBe('finished');
    expect(end.listed).toBe(listed.length);
    expect(listed.some((item) => item.isArchived) && listed.some((item) => item.projectId !== null)).toBe(
      true,
    );
    expect(end.failed).toBeGreaterThanOrEqual(brokenIds().length);
    expect(end.done + end.failed).toBe(listed.length);
    expect(Math.min(...gaps(harness.sent))).toBeGreaterThanOrEqual(1_000);
    // Ten a request through the batch read, each conversation served once; each broken one, left out of
    // its batch, was asked for alone three times, then listed as failed.
    const batches = harness.sent.filter((request) => request.path === BATCH_PATH);
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(listed.length / 10) + 1);
    expect(Math.max(...batches.map((request) => request.served.length))).toBe(10);
    const served = harness.servedById();
    for (const item of listed) expect(served.get(item.id) ?? 0).toBeLessThanOrEqual(1);
    expect(served.size).toBe(end.done);
    for (const id of brokenIds()) expect(harness.fetchesById().get(id)).toBe(3);
    const library = await openLibrary(`whole-${databases}-library`);
    expect(await library.count()).toBe(end.done);
    const run = await openAccountRun(`whole-${databases}-run`);
    const items = await run.items();
    const failed = items.filter((item) => item.state === 'failed');
    expect(failed.every((item) => item.error !== null && item.attempts === 3)).toBe(true);
    const documents = items.flatMap((item) => (item.document === null ? [] : [item.document]));
    expect(documents).toHaveLength(end.done);
    expect(documents.every((path) => /^\d{4}\/\d\d\/.+\.md$/.test(path))).toBe(true);
    expect(new Set(documents.map((path) => path.toLowerCase())).size).toBe(documents.length);

    // The ZIP holds a document per fetched conversation, and its report names each one missing.
    const chunks: Uint8Array[] = [];
    const exportedAt = new Date(Date.UTC(2026, 10, 28));
    const sink = zipTreeSink(
      exportedAt,
      async (chunk) => void chunks.push(chunk),
      async () => undefined,
    );
    const record = await run.run();
    if (record === null) throw new Error('no run kept');
    const counts = await writeAccountRunZip(
      {
        run: record,
        items,
        filesOf: (id) => run.filesOf(id),
        record: (id) => library.get(id),
        selection: {},
      },
      sink,
      exportedAt,
    );
    const zip = unzipSync(joinedBytes(chunks));
    const names = Object.keys(zip);
    expect(counts).toEqual({ written: end.done, failed: end.failed, notFetched: 0 });
    expect(names.filter((name) => /^\d{4}\/\d\d\/[^/]+\.md$/.test(name))).toHaveLength(
      listed.length - end.failed,
    );
    const report = strFromU8(zip['report.json'] ?? new Uint8Array());
    expect(report.split('\n')[0]).toMatch(/^\{"partial": true, /);
    const reported = JSON.parse(report) as { failed: Array<{ id: string }>; conversations: unknown[] };
    expect(reported.conversations).toHaveLength(end.done);
    expect(reported.failed.map((entry) => entry.id).sort()).toEqual(failed.map((item) => item.id).sort());
    expect(names).toContain('index.md');
  });

  it('holds the whole queue through a 429 storm without a request, and counts no failure for it', async () => {
    replica.setOverride('*', {
      rateLimit: {
        retryAfter: 'seconds',
        seconds: 45,
        times: 3,
        paths: ['batch', 'messages'],
        origins: ['extension'],
      },
    });
    const harness = accountRunOver(replica, `storm-${databases}`);
    await harness.worker().run.handle({ action: 'start' });
    const end = await harness.settled();
    const limited = harness.sent.filter((request) => request.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    for (const answer of limited) {
      const next = harness.sent.find((request) => request.at > answer.at);
      expect(next === undefined || next.at - answer.at >= 45_000).toBe(true);
    }
    expect(end.status).toBe('finished');
    const items = await (await openAccountRun(`storm-${databases}-run`)).items();
    const failed = items.filter((item) => item.state === 'failed');
    expect(failed.length).toBe(end.failed);
    // What failed, failed for its own reasons: no 429 counted against any conversation.
    expect(failed.every((item) => !/slow down/.test(item.error ?? ''))).toBe(true);
    for (const id of brokenIds()) expect(failed.map((item) => item.id)).toContain(id);
    expect(harness.statuses.some((status) => status.rateLimitedUntil !== null)).toBe(true);
  });

  it('climbs 60, 120, 300 s when the 429s carry no Retry-After', async () => {
    replica.setOverride('*', {
      rateLimit: { retryAfter: 'none', times: 3, paths: ['batch', 'messages'], origins: ['extension'] },
    });
    const harness = accountRunOver(replica, `ladder-${databases}`);
    await harness.worker().run.handle({ action: 'start' });
    await harness.settled();
    const waits = harness.sent
      .flatMap((request, index) => (request.status === 429 ? [harness.sent[index + 1]?.at ?? 0] : []))
      .map(
        (next, index) => next - (harness.sent.filter((request) => request.status === 429)[index]?.at ?? 0),
      );
    expect(waits[0]).toBeGreaterThanOrEqual(60_000);
    expect(waits[1]).toBeGreaterThanOrEqual(120_000);
    expect(waits[2]).toBeGreaterThanOrEqual(300_000);
  });

  it('goes on after the worker is stopped half-way, fetching nothing twice', async () => {
    const whole = accountRunOver(replica, `straight-${databases}`);
    await whole.worker().run.handle({ action: 'start' });
    await whole.settled();

    const harness = accountRunOver(replica, `stopped-${databases}`);
    const first = harness.worker();
    await first.run.handle({ action: 'start' });
    await harness.until((status) => status.done >= 15, '15 conversations');
    await first.stop();
    const before = harness.latest()?.done ?? 0;
    await harness.worker().run.wake();
    const end = await harness.settled();
    expect(end.status).toBe('finished');
    expect(end.done).toBeGreaterThan(before);
    expect(Object.fromEntries(harness.servedById())).toEqual(Object.fromEntries(whole.servedById()));
    expect(Object.fromEntries(harness.fetchesById())).toEqual(Object.fromEntries(whole.fetchesById()));
    expect([...harness.servedById().values()].every((count) => count === 1)).toBe(true);
  });

  it('sends nothing while paused, and finishes once resumed', async () => {
    const harness = accountRunOver(replica, `paused-${databases}`);
    const worker = harness.worker();
    await worker.run.handle({ action: 'start' });
    await harness.until((status) => status.done >= 5, '5 conversations');
    await worker.run.handle({ action: 'pause' });
    const paused = await harness.settled();
    const sentWhilePaused = harness.sent.length;
    expect(paused.status).toBe('paused');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(harness.sent.length).toBe(sentWhilePaused);
    await worker.run.handle({ action: 'resume' });
    expect((await harness.settled()).status).toBe('finished');
  });

  it('fetches in a later run only what changed since, and stops listing at a page it knows', async () => {
    replica.setAccount({ generated: 260, scenarios: false });
    const harness = accountRunOver(replica, `later-${databases}`);
    const worker = harness.worker();
    await worker.run.handle({ action: 'start', zipFormat: 'md' });
    const first = await harness.settled();
    const fetchedOnce = harness.sent.length;
    const store = await openAccountRun(`later-${databases}-run`);
    const documentsBefore = (await store.items()).map((item) => item.document).sort();
    const whole = accountHistory({ generated: 260, scenarios: false });
    const changed = whole.filter((item) => item.broken === null && item.projectId === null).slice(40, 43);
    replica.changeConversations(changed.map((item) => item.id));
    await worker.run.handle({ action: 'start', zipFormat: 'md' });
    const later = await harness.settled();
    const sentLater = harness.sent.slice(fetchedOnce);
    const fetched = sentLater.flatMap((request) => request.served);
    expect(fetched.sort()).toEqual(changed.map((item) => item.id).sort());
    // The history's first page held the changed ones and unchanged ones; its second page is all known.
    const historyPages = sentLater.filter((request) => /^\/backend-api\/conversations\?/.test(request.path));
    const firstRunPages = harness.sent
      .slice(0, fetchedOnce)
      .filter((request) => /^\/backend-api\/conversations\?/.test(request.path));
    expect(historyPages.length).toBeLessThan(firstRunPages.length);
    expect(later).toMatchObject({ status: 'finished', done: first.done, failed: first.failed });
    // A changed conversation's document replaces its own: the same name, one file.
    expect((await store.items()).map((item) => item.document).sort()).toEqual(documentsBefore);
    for (const item of changed) expect(await store.filesOf(item.id)).toHaveLength(1);
  });

  it('stops listing at once when paused, and lists again once resumed', async () => {
    // Every answer waits, so the pause comes while the listing is under way.
    replica.setOverride('*', { delayMs: 150 });
    const harness = accountRunOver(replica, `paused-listing-${databases}`);
    const worker = harness.worker();
    await worker.run.handle({ action: 'start' });
    await harness.until((status) => status.listed > 0, 'a first page of the list');
    await worker.run.handle({ action: 'pause' });
    const atPause = harness.sent.length;
    const paused = await harness.settled();
    expect(paused).toMatchObject({ status: 'paused', phase: 'listing' });
    // The request on its way when the pause came is the last one.
    expect(harness.sent.length).toBeLessThanOrEqual(atPause + 1);
    const sentWhilePaused = harness.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(harness.sent.length).toBe(sentWhilePaused);
    replica.setOverride('*', null);
    await worker.run.handle({ action: 'resume' });
    expect(await harness.settled()).toMatchObject({ status: 'finished', listed: history().length });
  });
  it('reads alone each conversation a batch left out, once', async () => {
    const short = history()
      .filter((item) => item.broken === null)
      .slice(2, 5);
    for (const item of short) replica.setOverride(item.id, { leftOutOfBatch: true });
    try {
      const harness = accountRunOver(replica, `left-out-${databases}`);
      await harness.worker().run.handle({ action: 'start' });
      const end = await harness.settled();
      expect(end).toMatchObject({ status: 'finished', failed: brokenIds().length });
      const alone = harness.fetchesById();
      for (const item of short) expect(alone.get(item.id)).toBe(1);
      expect([...harness.servedById().values()].every((count) => count === 1)).toBe(true);
      expect(harness.servedById().size).toBe(end.done);
    } finally {
      for (const item of short) replica.setOverride(item.id, null);
    }
  });

  it.each([404, 403])(
    'reads each conversation alone for the rest of the run when the batch path answers %i',
    async (status) => {
      replica.setOverride('*', { fault: { kind: 'status', status, paths: ['batch'] } });
      const harness = accountRunOver(replica, `no-batch-${status}-${databases}`);
      await harness.worker().run.handle({ action: 'start' });
      const end = await harness.settled();
      expect(end).toMatchObject({
        status: 'finished',
        failed: brokenIds().length,
        reading: 'alone-no-batch',
      });
      expect(harness.sent.filter((request) => request.path === BATCH_PATH)).toHaveLength(1);
      expect(harness.servedById().size).toBe(end.done);
      expect([...harness.servedById().values()].every((count) => count === 1)).toBe(true);
    },
  );

  it('halves the batch after a 422', async () => {
    replica.setOverride('*', { fault: { kind: 'status', status: 422, times: 1, paths: ['batch'] } });
    const harness = accountRunOver(replica, `halved-${databases}`);
    await harness.worker().run.handle({ action: 'start' });
    const end = await harness.settled();
    expect(end).toMatchObject({ status: 'finished', reading: 'batch' });
    const batches = harness.sent.filter((request) => request.path === BATCH_PATH);
    expect(batches[0]?.status).toBe(422);
    expect(Math.max(...batches.map((request) => request.served.length))).toBe(5);
    expect(harness.servedById().size).toBe(end.done);
  });

  it('reads alone at the learnt pace after repeated 429s on the batch read, and says so', async () => {
    replica.setOverride('*', {
      rateLimit: {
        retryAfter: 'seconds',
        seconds: 60,
        times: BATCH_429S_BEFORE_ALONE,
        paths: ['batch'],
        origins: ['extension'],
      },
    });
    const harness = accountRunOver(replica, `batch-limited-${databases}`);
    await harness.worker().run.handle({ action: 'start' });
    const end = await harness.settled();
    expect(end).toMatchObject({ status: 'finished', reading: 'alone-rate-limited', paced: true });
    expect(harness.sent.filter((request) => request.path === BATCH_PATH)).toHaveLength(
      BATCH_429S_BEFORE_ALONE,
    );
    expect(harness.servedById().size).toBe(end.done);
    // At the pace the 429s showed: about a minute between the reads alone.
    const alone = harness.sent.filter((request) => aloneReadOf(request.path) !== null);
    expect(Math.min(...gaps(alone))).toBeGreaterThanOrEqual(60_000);
  });
});
