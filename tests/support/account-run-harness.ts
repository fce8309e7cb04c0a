import { openAccountRun } from '@/lens/library/account-run-store';
import { openLibrary } from '@/lens/library/library-store';
import type { AccountRunStatus } from '@/lens/runtime/contract/account-run';
import { DEFAULT_SETTINGS, type Settings } from '@/lens/runtime/contract/settings';
import { AccountRun } from '@/lens/runtime/worker/account-run';
import { createAuth } from '@/lib/api/auth';
import { createBackendClient } from '@/lib/api/backend-client';
import { createRateGovernor } from '@/lib/api/rate-governor';
import { seededRandom } from '@/tests/replica/fixtures/random';
import type { Replica } from '@/tests/replica/server';
import { fakeClock } from '@/tests/support/fakes/fake-backend';
import { accountBucket, type BucketShape } from './account-bucket';
import { aloneReadOf, replicaFetch } from './replica-fetch';

/** The library on, as a run needs it. */
export const LIBRARY_ON: Settings = {
  ...DEFAULT_SETTINGS,
  library: { ...DEFAULT_SETTINGS.library, enabled: true },
};

/** One worker's life: its own governor, client and run, all on the shared virtual clock. */
export interface RunWorker {
  run: AccountRun;
  /** Stops the worker as the browser does: nothing it would do after this moment happens. */
  stop(): Promise<void>;
}

/**
 * "Add the whole account" over a running replica (architecture "Adding the whole account"), with every wait
 * on a virtual clock: the replica answers at once, the gaps between requests are the governor's own. Each
 * `worker()` is a fresh start of the service worker over the same IndexedDB (fake-indexeddb): a new
 * governor, a new token, the run's state read back from the database. With a `bucket`, the account's requests
 * are answered from one of that shape (site-interface 7) before they reach the replica.
 */
export function accountRunOver(
  replica: Replica,
  databases: string,
  { settings = LIBRARY_ON, bucket }: { settings?: Settings; bucket?: BucketShape } = {},
) {
  const clock = fakeClock();
  const limit = bucket === undefined ? undefined : accountBucket(clock.now, bucket);
  const { fetch, sent } = replicaFetch(replica, clock.now, limit?.take);
  const statuses: AccountRunStatus[] = [];
  const random = seededRandom(7);
  let governorState: unknown = null;

  const worker = (): RunWorker => {
    let stopped = false;
    let parked: () => void = () => undefined;
    // Resolved once the stopped worker waits on a timer, or has ended the run (before its stop or after): a
    // worker past its last wait when it was stopped never waits again, and its stop must not wait for ever.
    const parkedNow = new Promise<void>((resolve) => {
      parked = resolve;
    });
    // A stopped worker's timers never fire: whatever waits on one waits for ever.
    const sleep = (ms: number): Promise<void> => {
      if (!stopped) return clock.sleep(ms);
      parked();
      return new Promise(() => undefined);
    };
    const governor = createRateGovernor({
      now: clock.now,
      sleep,
      random: () => random.next(),
      saved: governorState,
      onStateChange: (state) => {
        governorState = state;
      },
    });
    const auth = createAuth({ fetch, now: clock.now, governor });
    const run = new AccountRun({
      client: createBackendClient({ fetch, auth, governor }),
      governor,
      openRun: () => openAccountRun(`${databases}-run`),
      openLibrary: () => openLibrary(`${databases}-library`),
      settings: async () => settings,
      now: clock.now,
      sleep,
      reportStatus: async (status) => {
        if (!stopped) statuses.push(status);
        else if (status.status !== 'running' && !status.active) parked();
      },
    });
    return {
      run,
      stop: () => {
        stopped = true;
        // A run that had ended before the stop waits on nothing again either.
        const last = latest();
        if (last !== undefined && last.status !== 'running' && !last.active) parked();
        return parkedNow;
      },
    };
  };

  const latest = (): AccountRunStatus | undefined => statuses[statuses.length - 1];

  /** Waits (in real time, the replica being real) until the latest status meets `done`. */
  const until = async (
    done: (status: AccountRunStatus) => boolean,
    what: string,
  ): Promise<AccountRunStatus> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = latest();
      if (status !== undefined && done(status)) return status;
      if (Date.now() > deadline) throw new Error(`The run never came to ${what}: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  /** The reads of each conversation alone (site-interface 4.1) that the site answered other than 429, by id. */
  const fetchesById = (): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const request of sent.filter((answered) => answered.status !== 429)) {
      const id = aloneReadOf(request.path);
      if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  };

  /** How many answers held each conversation, alone or in a batch read's (site-interface 10.13), by id. */
  const servedById = (): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const id of sent.flatMap((request) => request.served)) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };

  return {
    clock,
    sent,
    statuses,
    worker,
    latest,
    until,
    fetchesById,
    servedById,
    settled: () => until((status) => status.status !== 'running' && !status.active, 'an end'),
  };
}
