import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Replica, startReplica } from '@/tests/replica/server';
import { drillAccountPace, type PaceDrill } from '@/tests/support/account-pace-drill';

/** The account's bucket as exporter users measure it (site-interface 7). */
const BUCKET = { capacity: 230, refillMs: 60_000 };

let replica: Replica;
let drill: PaceDrill;
beforeAll(async () => {
  replica = await startReplica();
  // The worker is stopped well after the first 429: the new one goes on at the pace the first learnt.
  drill = await drillAccountPace(replica, 'pace', { conversations: 1_000, bucket: BUCKET, stopAfter: 600 });
}, 120_000);
afterAll(() => replica.close());

/** architecture "Adding the whole account": a run of 1,000 conversations against the account's bucket. */
describe('AccountRun at the account pace', () => {
  it('meets the bucket once, then keeps its refill: at most 3 429s a 1,000 requests after the first', () => {
    expect(drill.end.status).toBe('finished');
    expect(drill.end.done + drill.end.failed).toBe(1_000);
    // The bucket ran dry: the run went on for hundreds of requests after its first 429.
    expect(drill.afterFirst).toBeGreaterThan(700);
    expect((drill.limitedAfterFirst / drill.afterFirst) * 1_000).toBeLessThanOrEqual(3);
    // Close to the refill, not far slower: about one request a refill once the stock was spent.
    expect(drill.hours).toBeLessThan((drill.afterFirst * BUCKET.refillMs * 1.15) / 3_600_000);
  });

  it('says the time to go at the rate chatgpt.com allows, within a tenth of the time it took', () => {
    expect(drill.halfwayPaced).toBe(true);
    expect(drill.halfwayEtaRatio).toBeGreaterThan(0.9);
    expect(drill.halfwayEtaRatio).toBeLessThan(1.1);
  });
});
