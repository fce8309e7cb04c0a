import type { AccountRunStatus } from '@/lens/runtime/contract/account-run';
import type { Replica } from '@/tests/replica/server';
import type { BucketShape } from './account-bucket';
import { accountRunOver } from './account-run-harness';

export interface PaceDrill {
  end: AccountRunStatus;
  /** Every request the run sent, the 429s among them. */
  requests: number;
  /** The requests from the first 429 on, that one left out. */
  afterFirst: number;
  /** The 429s among those. */
  limitedAfterFirst: number;
  /** The run's length on the virtual clock. */
  hours: number;
  /** The time to go the run said when half the account was done, over the time it then took; null if none. */
  halfwayEtaRatio: number | null;
  /** Whether it said that time was at the rate chatgpt.com allows. */
  halfwayPaced: boolean;
}

export interface PaceDrillShape {
  conversations: number;
  bucket: BucketShape;
  stopAfter: number;
  /** false: the site has no batch read (site-interface 10.13), its path answers 404. Default true. */
  batch?: boolean;
}

/**
 * "Add the whole account" over the replica's account of `conversations`, its reads of one conversation
 * answered by a bucket of `bucket`'s shape (site-interface 7), every wait on the virtual clock, its worker
 * stopped once `stopAfter` are done and a new one going on: what the run sends, what meets a 429, what it
 * said of the time to go.
 */
export async function drillAccountPace(
  replica: Replica,
  databases: string,
  { conversations, bucket, stopAfter, batch = true }: PaceDrillShape,
): Promise<PaceDrill> {
  replica.setAccount({ generated: conversations, scenarios: false });
  replica.setOverride('*', batch ? null : { fault: { kind: 'status', status: 404, paths: ['batch'] } });
  const harness = accountRunOver(replica, databases, { bucket });
  const started = harness.clock.now();
  const stopped = harness.worker();
  await stopped.run.handle({ action: 'start', zipFormat: null });
  await harness.until((status) => status.done >= stopAfter, `${stopAfter} conversations`);
  await stopped.stop();
  await harness.worker().run.wake();
  const end = await harness.settled();
  const { sent } = harness;
  const first = sent.findIndex((request) => request.status === 429);
  const after = first === -1 ? [] : sent.slice(first + 1);
  const halfway = harness.statuses.find((status) => status.done >= end.done / 2 && status.etaMs !== null);
  const ended = end.finishedAt ?? harness.clock.now();
  return {
    end,
    requests: sent.length,
    afterFirst: after.length,
    limitedAfterFirst: after.filter((request) => request.status === 429).length,
    hours: (harness.clock.now() - started) / 3_600_000,
    halfwayEtaRatio:
      halfway?.etaMs === undefined || halfway.etaMs === null ? null : halfway.etaMs / (ended - halfway.at),
    halfwayPaced: halfway?.paced === true,
  };
}
