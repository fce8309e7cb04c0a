import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Replica, startReplica } from '@/tests/replica/server';
import { drillAccountPace, type PaceDrill } from '@/tests/support/account-pace-drill';

/** The account's bucket of reads alone as exporter users measure it (site-interface 7). */
const BUCKET = { capacity: 230, refillMs: 60_000 };

let replica: Replica;
let alone: PaceDrill;
let batched: PaceDrill;
beforeAll(async () => {
  replica = await startReplica();
  // The worker is stopped well after the first 429: the new one goes on at the pace the first learnt.
  alone = await drillAccountPace(replica, 'pace', {
    conversations: 1_000,
    bucket: BUCKET,
    stopAfter: 600,
    batch: false,
  });
  batched = await drillAccountPace(replica, 'pace-batch', {
    conversations: 1_000,
    bucket: { ...BUCKET, capacity: 200, retryAfter: false },
    stopAfter: 600,
  });
}, 180_000);
afterAll(() => replica.close());

/** architecture "Adding the whole account": a run of 1,000 conversations against the account's bucket. */
describe('AccountRun at the account pace', () => {
  it('on a site without the batch read, meets the bucket once, then keeps its refill: at most 3 429s a 1,000 requests after the first', () => {
    expect(alone.end.status).toBe('finished');
    expect(alone.end.done + alone.end.failed).toBe(1_000);
    // The bucket ran dry: the run went on for hundreds of requests after its first 429.
    expect(alone.afterFirst).toBeGreaterThan(700);
    expect((alone.limitedAfterFirst / alone.afterFirst) * 1_000).toBeLessThanOrEqual(3);
    // Close to the refill, not far slower: about one request a refill once the stock was spent.
    expect(alone.hours).toBeLessThan((alone.afterFirst * BUCKET.refillMs * 1.15) / 3_600_000);
  });

  it('says the time to go at the rate chatgpt.com allows, within a tenth of the time it took', () => {
    expect(alone.halfwayPaced).toBe(true);
    expect(alone.halfwayEtaRatio).toBeGreaterThan(0.9);
    expect(alone.halfwayEtaRatio).toBeLessThan(1.1);
  });

  it('through the batch read, adds the 1,000 in minutes, never meeting the bucket', () => {
    expect(batched.end.status).toBe('finished');
    expect(batched.end.done + batched.end.failed).toBe(1_000);
    expect(batched.hours * 60).toBeLessThanOrEqual(5);
    expect(batched.requests / 1_000).toBeLessThanOrEqual(0.2);
    expect(batched.afterFirst).toBe(0);
  });
});
