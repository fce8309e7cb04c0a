import { AccountHolding } from '@/lens/holding/account-holding';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { createLensWorker, type TabLensStore } from '@/lens/runtime/worker/lens-worker';
import type { LibrarySink } from '@/lens/runtime/worker/library-recorder';
import { clientOver } from '@/tests/support/fakes/fake-backend';
import { fakeScheduler } from '@/tests/support/fakes/fake-scheduler';
import { replicaWithAds } from '@/tests/support/fakes/runtime-backend';
import { pageLoad, visibleAt } from '@/tests/unit/runtime/page-load';

/** The tab the worker tests use, unless they name another. */
export const TAB = 7;

export function memoryStore(initial: TabLens[] = []) {
  const lenses = new Map(initial.map((lens) => [lens.tabId, lens]));
  let writes = 0;
  const store: TabLensStore = {
    read: async (tabId) => structuredClone(lenses.get(tabId) ?? null),
    write: async (lens) => {
      writes += 1;
      lenses.set(lens.tabId, structuredClone(lens));
    },
    remove: async (tabId) => {
      lenses.delete(tabId);
    },
  };
  return { store, lens: (tabId = TAB) => lenses.get(tabId) ?? null, writes: () => writes };
}

/**
 * A worker over the replica's fixtures, a virtual clock for its timers and an in-memory store; `library`
 * is made on the worker's clock when given.
 */
export function workerOver(
  handler = replicaWithAds(),
  initial: TabLens[] = [],
  library?: (clock: ReturnType<typeof fakeScheduler>) => LibrarySink,
  siteAccess?: () => Promise<boolean>,
) {
  const clock = fakeScheduler();
  // One time for the worker's timers and the governor's waits.
  const backend = clientOver(handler, undefined, clock);
  const memory = memoryStore(initial);
  const worker = createLensWorker({
    client: backend.client,
    governor: backend.governor,
    account: new AccountHolding(),
    store: memory.store,
    now: clock.now,
    schedule: clock.schedule,
    sleep: clock.sleep,
    random: () => 0.5,
    ...(library === undefined ? {} : { library: library(clock) }),
    ...(siteAccess === undefined ? {} : { siteAccess }),
  });
  /** Runs due timers and lets the fetches they started settle. */
  const advance = async (ms: number) => {
    for (let step = 0; step < 20; step += 1) {
      clock.advance(ms / 20);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { worker, backend, clock, memory, advance };
}

export async function openConversation(setup: ReturnType<typeof workerOver>, id: string, tabId = TAB) {
  await setup.worker.pageState(tabId, visibleAt(id));
  for (const event of pageLoad(id)) await setup.worker.pageEvent(tabId, event);
  await setup.advance(1_000);
}
