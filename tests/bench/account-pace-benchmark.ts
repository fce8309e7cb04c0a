import 'fake-indexeddb/auto';
import { startReplica } from '@/tests/replica/server';
import { drillAccountPace, type PaceDrill } from '@/tests/support/account-pace-drill';
import { atScale, defineBenchmark, type Scale, type TableRow } from './benchmark';

/**
 * "Add the whole account" (architecture "Adding the whole account") against the account's bucket as exporter
 * users measure it (site-interface 7: about 200 reads of one conversation, one more a minute, then a 429
 * without Retry-After), over the replica's account of 1,000 conversations, every wait on a virtual clock
 * (tests/support/account-pace-drill.ts), the worker stopped part-way and a new one going on. Twice: through
 * the batch read (site-interface 10.13), which does not draw from the bucket, and on a site without it, one
 * conversation a request, where the run must learn the bucket's refill. The smoke run's bucket is as small as
 * its account, so it too runs dry.
 */
const DRILL = {
  full: {
    conversations: 1_000,
    bucket: { capacity: 200, refillMs: 60_000, retryAfter: false },
    stopAfter: 600,
  },
  smoke: { conversations: 30, bucket: { capacity: 10, refillMs: 60_000, retryAfter: false }, stopAfter: 20 },
};

export const accountPaceBenchmark = defineBenchmark({
  name: 'the account pace',
  figures: ['bulk_minutes_per_1000', 'bulk_minutes_per_1000_alone', 'bulk_429s_per_1000'],
  run: measureAccountPace,
});

function rowOf(label: string, drill: PaceDrill, capacity: number): TableRow {
  const { end } = drill;
  if (end.status !== 'finished') throw new Error(`The run ended ${end.status}: ${end.error ?? ''}`);
  return {
    label: `${label}, ${end.listed} listed, bucket ${capacity}`,
    cells: {
      done: String(end.done),
      requests: String(drill.requests),
      'after the first 429': String(drill.afterFirst),
      '429s after it': String(drill.limitedAfterFirst),
      'virtual min': (drill.hours * 60).toFixed(1),
      'time to go at half / taken': drill.halfwayEtaRatio?.toFixed(3) ?? '-',
    },
  };
}

async function measureAccountPace(scale: Scale) {
  const drill = atScale(scale, DRILL);
  const replica = await startReplica();
  try {
    const batched = await drillAccountPace(replica, `bench-pace-batch-${Date.now()}`, drill);
    const alone = await drillAccountPace(replica, `bench-pace-${Date.now()}`, { ...drill, batch: false });
    const rows = [
      rowOf('through the batch read', batched, drill.bucket.capacity),
      rowOf('one at a time (no batch read)', alone, drill.bucket.capacity),
    ];
    const per1000 = (minutes: number): number => Number(((minutes * 1_000) / drill.conversations).toFixed(2));
    // The 429s are the run's that reads alone: through the batch read it never meets the bucket.
    const limited = alone.afterFirst === 0 ? 0 : (alone.limitedAfterFirst / alone.afterFirst) * 1_000;
    return {
      figures: {
        bulk_minutes_per_1000: per1000(batched.hours * 60),
        bulk_minutes_per_1000_alone: per1000(alone.hours * 60),
        bulk_429s_per_1000: Number(limited.toFixed(2)),
      },
      rows,
    };
  } finally {
    await replica.close();
  }
}
