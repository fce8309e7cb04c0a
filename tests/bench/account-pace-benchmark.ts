import 'fake-indexeddb/auto';
import { startReplica } from '@/tests/replica/server';
import { drillAccountPace } from '@/tests/support/account-pace-drill';
import { atScale, defineBenchmark, type Scale } from './benchmark';

/**
 * "Add the whole account" (architecture "Adding the whole account") against the account's bucket as exporter
 * users measure it (site-interface 7: about 230 requests, one more a minute, a 429 with Retry-After when
 * empty), over the replica's account of 1,000 conversations, every wait on a virtual clock
 * (tests/support/account-pace-drill.ts), the worker stopped part-way and a new one going on. The smoke run's
 * bucket is as small as its account, so it too runs dry.
 */
const DRILL = {
  full: { conversations: 1_000, bucket: { capacity: 230, refillMs: 60_000 }, stopAfter: 600 },
  smoke: { conversations: 30, bucket: { capacity: 10, refillMs: 60_000 }, stopAfter: 20 },
};

export const accountPaceBenchmark = defineBenchmark({
  name: 'the account pace',
  figures: ['bulk_429s_per_1000'],
  run: measureAccountPace,
});

async function measureAccountPace(scale: Scale) {
  const drill = atScale(scale, DRILL);
  const replica = await startReplica();
  try {
    const result = await drillAccountPace(replica, `bench-pace-${Date.now()}`, drill);
    const { end } = result;
    if (end.status !== 'finished') throw new Error(`The run ended ${end.status}: ${end.error ?? ''}`);
    const per1000 = result.afterFirst === 0 ? 0 : (result.limitedAfterFirst / result.afterFirst) * 1_000;
    return {
      figures: { bulk_429s_per_1000: Number(per1000.toFixed(2)) },
      rows: [
        {
          label: `whole account, ${end.listed} listed, bucket ${drill.bucket.capacity}`,
          cells: {
            done: String(end.done),
            requests: String(result.requests),
            'after the first 429': String(result.afterFirst),
            '429s after it': String(result.limitedAfterFirst),
            'virtual h': result.hours.toFixed(1),
            'time to go at half / taken': result.halfwayEtaRatio?.toFixed(3) ?? '-',
          },
        },
      ],
    };
  } finally {
    await replica.close();
  }
}
