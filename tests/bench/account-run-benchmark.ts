import 'fake-indexeddb/auto';
import { BATCH_PATH } from '@/lib/api/conversations-batch';
import { startReplica } from '@/tests/replica/server';
import { accountRunOver } from '@/tests/support/account-run-harness';
import { atScale, defineBenchmark, type Scale } from './benchmark';

/**
 * "Add the whole account" (architecture "Adding the whole account") over the replica's account of 2,000
 * conversations, with every wait on a virtual clock (tests/support/account-run-harness.ts): the replica
 * answers in real time, the gaps and waits are the governor's own. The run reads ten a request through the
 * batch read (site-interface 10.13) and meets a 429 storm (Retry-After 30 s, on the batch read, the reads
 * alone and the list), its worker is stopped half-way and a new one goes on.
 */
const GENERATED = { full: 2_000, smoke: 30 };
const STORM = { retryAfter: 'seconds' as const, seconds: 30, times: 5 };
/** The worker is stopped once half the account is done. */
const STOP_AFTER = { full: 1_000, smoke: 15 };

export const accountRunBenchmark = defineBenchmark({
  name: 'add the whole account',
  figures: [
    'bulk_min_gap_ms',
    'bulk_requests_while_rate_limited',
    'bulk_refetched_after_restart',
    'bulk_requests_per_conversation',
  ],
  run: measureAccountRun,
});

async function measureAccountRun(scale: Scale) {
  const stopAfter = atScale(scale, STOP_AFTER);
  const replica = await startReplica();
  try {
    replica.setAccount({ generated: atScale(scale, GENERATED), scenarios: false });
    replica.setOverride('*', {
      rateLimit: { ...STORM, paths: ['batch', 'messages', 'list'], origins: ['extension'] },
    });
    const harness = accountRunOver(replica, `bench-account-${Date.now()}`);
    const started = performance.now();
    const first = harness.worker();
    await first.run.handle({ action: 'start', zipFormat: 'md' });
    await harness.until((status) => status.done >= stopAfter, `${stopAfter} conversations`);
    await first.stop();
    await harness.worker().run.wake();
    const end = await harness.settled();
    const seconds = (performance.now() - started) / 1000;
    if (end.status !== 'finished') throw new Error(`The run ended ${end.status}: ${end.error ?? ''}`);

    const { sent } = harness;
    const gaps = sent.slice(1).map((request, index) => request.at - (sent[index]?.at ?? 0));
    const limited = sent.filter((request) => request.status === 429);
    const duringWaits = sent.filter((request) =>
      limited.some((answer) => request.at > answer.at && request.at < answer.at + STORM.seconds * 1000),
    ).length;
    const refetched = [...harness.servedById().values()].filter((count) => count > 1).length;
    const batches = sent.filter((request) => request.path === BATCH_PATH && request.status === 200).length;
    // A conversation's cost: its share of the answered requests, batch reads, reads alone, the listing and
    // the session; the retries of broken conversations and the 429s are counted by the other figures.
    const answered = sent.filter((request) => request.status === 200).length;
    const perConversation = answered / end.done;
    const minimumGap = Math.min(...gaps);
    return {
      figures: {
        bulk_min_gap_ms: minimumGap,
        bulk_requests_while_rate_limited: duringWaits,
        bulk_refetched_after_restart: refetched,
        bulk_requests_per_conversation: Number(perConversation.toFixed(4)),
      },
      rows: [
        {
          label: `whole account, ${end.listed} listed`,
          cells: {
            done: String(end.done),
            failed: String(end.failed),
            'batch reads': String(batches),
            'min gap ms': String(minimumGap),
            '429s': String(limited.length),
            'sent in waits': String(duringWaits),
            refetched: String(refetched),
            'requests/conv': perConversation.toFixed(4),
            'run s': seconds.toFixed(1),
          },
        },
      ],
    };
  } finally {
    await replica.close();
  }
}
