import { type AfterFailure, listAccount } from '@/lib/api/account-listing';
import type { BackendClient } from '@/lib/api/backend-client';
import type { RateGovernor, Spacing } from '@/lib/api/rate-governor';
import {
  type AccountRunItem,
  afterFailedFetch,
  countsOf,
  fetchOrder,
  mergeListing,
} from '@/lib/library/account-run-item';
import type { AccountRunRecord, AccountRunStore } from '@/lib/library/account-run-store';
import { libraryBatchWriter } from '@/lib/library/data-export-merge';
import { LIBRARY_READER } from '@/lib/library/library-record';
import type { LibraryStore } from '@/lib/library/library-store';
import { fail, type LensError, ok, type Result } from '@/lib/model/result';
import type { AccountRunRequest, AccountRunStatus } from '@/lib/runtime/contract/account-run';
import { exportOptionsOf, type Settings } from '@/lib/runtime/contract/settings';
import { fetchAccountConversation } from './account-run-fetch';

/**
 * site-interface 10.7: one request at a time, a second or more apart, with jitter so no two runs keep step.
 * The 50 ms over the second are for the way there: a request sent a second after the last may arrive a few
 * ms sooner than that, if the last took longer on its way.
 */
export const BULK_SPACING: Spacing = { minGapMs: 1_050, jitterMs: 450 };
/** A wait is slept in steps this long, each writing the status: the page's countdown, and a worker kept awake. */
const WAIT_STEP_MS = 5_000;
/** How many of the latest fetches the time to go is worked out from. */
const RECENT_FETCHES = 20;
/** A list request that fails for a reason other than a 429 is asked again this often before listing stops. */
const LIST_ATTEMPTS = 3;

export interface AccountRunDeps {
  client: BackendClient;
  governor: RateGovernor;
  openRun: () => Promise<AccountRunStore>;
  openLibrary: () => Promise<LibraryStore>;
  settings: () => Promise<Settings>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  reportStatus: (status: AccountRunStatus) => Promise<void>;
}

const LIBRARY_OFF = 'The library is off: turn it on to add the whole account.';

/**
 * "Add the whole account" (architecture "Adding the whole account"): list every conversation, then fetch
 * each one at a time through the one rate governor, spaced BULK_SPACING apart and, after a 429, at the
 * account's pace the governor learnt (site-interface 7), into the library and, when
 * asked, into files for one ZIP. Every step is written to IndexedDB before the next begins, so a worker
 * stopped at any moment resumes where it was: `wake` (any event of a new worker) goes on with a run left
 * running. A 429 holds the whole queue for the governor's wait and requeues the conversation without
 * counting it; three other failures list it as failed and the run goes on.
 */
export class AccountRun {
  readonly #deps: AccountRunDeps;
  #store: Promise<AccountRunStore> | null = null;
  #library: Promise<LibraryStore> | null = null;
  /** Each kept file's path and its conversation, read once, then kept as files are written. */
  #fileOwners: Map<string, string> | null = null;
  #run: AccountRunRecord | null = null;
  #items = new Map<string, AccountRunItem>();
  #loaded = false;
  #active = false;
  #driving: Promise<void> = Promise.resolve();
  /** Ends the current sleep early: pause and cancel take effect at once, not after a 300 s wait. */
  #interrupt: (() => void) | null = null;
  /** When the latest conversations were fetched: the time to go follows the recent pace. */
  #fetchedAt: number[] = [];

  constructor(deps: AccountRunDeps) {
    this.#deps = deps;
  }

  async handle(request: AccountRunRequest): Promise<Result<AccountRunStatus>> {
    const store = await this.#open();
    switch (request.action) {
      case 'start': {
        if (!(await this.#libraryOn())) return fail('http', LIBRARY_OFF);
        if (this.#run?.status !== 'running') {
          // A new run measures the account's pace afresh: the bucket may have filled since the last.
          this.#deps.governor.forgetPace();
          await this.#setRun({
            status: 'running',
            phase: 'listing',
            startedAt: this.#deps.now(),
            finishedAt: null,
            zipFormat: request.zipFormat ?? null,
            error: null,
            listingNote: null,
            projects: [],
          });
        }
        break;
      }
      case 'resume':
      case 'wake':
        if (request.action === 'resume' && this.#run !== null && this.#run.status === 'paused')
          await this.#setRun({ ...this.#run, status: 'running', error: null });
        break;
      case 'pause':
        if (this.#run?.status === 'running') await this.#setRun({ ...this.#run, status: 'paused' });
        this.#interrupt?.();
        break;
      case 'cancel':
        if (this.#run?.status === 'running' || this.#run?.status === 'paused')
          await this.#setRun({ ...this.#run, status: 'cancelled' });
        this.#interrupt?.();
        break;
      case 'retryFailed': {
        const failed = [...this.#items.values()].filter((item) => item.state === 'failed');
        const again = failed.map((item) => ({
          ...item,
          state: 'pending' as const,
          attempts: 0,
          error: null,
        }));
        await store.putItems(again);
        for (const item of again) this.#items.set(item.id, item);
        if (this.#run !== null && this.#run.status !== 'running')
          await this.#setRun({
            ...this.#run,
            status: 'running',
            phase: 'fetching',
            finishedAt: null,
            error: null,
          });
        break;
      }
      case 'forget':
        if (this.#run?.status === 'running')
          return fail('http', 'Pause or cancel the run before forgetting it.');
        // A fetch under way when the run was cancelled ends first, so nothing is written after the clear.
        await this.#driving;
        await store.clear();
        this.#run = null;
        this.#items.clear();
        this.#fileOwners = null;
        break;
    }
    this.#goOn();
    return ok(await this.#report());
  }

  /** Drives a run that is running, unless it is driven already. */
  #goOn(): void {
    if (this.#run?.status === 'running' && !this.#active) this.#driving = this.#drive();
  }

  /** A new worker's first event: a run left running goes on. */
  async wake(): Promise<void> {
    await this.#open();
    if (this.#run?.status === 'running') this.#goOn();
    else await this.#report();
  }

  async #open(): Promise<AccountRunStore> {
    this.#store ??= this.#deps.openRun();
    const store = await this.#store;
    if (!this.#loaded) {
      this.#loaded = true;
      this.#run = await store.run();
      for (const item of await store.items()) this.#items.set(item.id, item);
    }
    return store;
  }

  async #setRun(run: AccountRunRecord): Promise<void> {
    this.#run = run;
    await (await this.#open()).setRun(run);
  }

  async #libraryOn(): Promise<boolean> {
    return (await this.#deps.settings()).library.enabled;
  }

  #running(): boolean {
    return this.#run?.status === 'running';
  }

  async #drive(): Promise<void> {
    if (this.#active) return;
    this.#active = true;
    this.#deps.governor.setSpacing(BULK_SPACING);
    this.#fetchedAt = [];
    try {
      // A stopped worker's last request may have gone just before this one woke: the first waits a whole gap.
      await this.#sleep(BULK_SPACING.minGapMs);
      while (this.#running()) {
        await this.#report();
        // Read at each step: the user may turn the library off at any moment.
        const settings = await this.#deps.settings();
        if (!settings.library.enabled) await this.#stop(LIBRARY_OFF);
        else if (this.#run?.phase === 'listing') await this.#list();
        else if (!(await this.#fetchNext(settings))) await this.#finish();
      }
    } catch (error) {
      await this.#stop(`The run stopped: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.#deps.governor.setSpacing(null);
      this.#active = false;
      await this.#report();
    }
  }

  async #stop(error: string): Promise<void> {
    if (this.#run !== null) await this.#setRun({ ...this.#run, status: 'stopped', error });
  }

  async #finish(): Promise<void> {
    if (this.#run !== null)
      await this.#setRun({ ...this.#run, status: 'finished', finishedAt: this.#deps.now() });
  }

  async #list(): Promise<void> {
    const store = await this.#open();
    const known = new Map([...this.#items.values()].map((item) => [item.id, item.updateTime] as const));
    let attempts = 0;
    const failed = async (error: LensError): Promise<AfterFailure> => {
      if (!this.#running() || error.code === 'signed-out') return 'stop';
      if (error.code === 'rate-limited') return (await this.#waitOutBlock()) ? 'retry' : 'stop';
      attempts += 1;
      return attempts < LIST_ATTEMPTS ? 'retry' : 'stop';
    };
    const listing = await listAccount(this.#deps.client, {
      known,
      failed,
      progress: (listed) => void this.#report({ listed }),
      stopped: () => !this.#running(),
    });
    if (!this.#running() || this.#run === null) return;
    if (listing.error?.code === 'signed-out') return this.#stop(listing.error.message);
    const changed = mergeListing(this.#items, listing.items, await this.#keptByEarlierReader());
    await store.putItems(changed);
    for (const item of changed) this.#items.set(item.id, item);
    const listingNote =
      listing.error === null
        ? null
        : `The list could not be read to its end (${listing.error.message}); what it listed is fetched.`;
    await this.#setRun({ ...this.#run, phase: 'fetching', listingNote, projects: listing.projects });
  }

  /** The conversations whose library record an earlier reader kept: fetched again to be read in full. */
  async #keptByEarlierReader(): Promise<Set<string>> {
    this.#library ??= this.#deps.openLibrary();
    const summaries = await (await this.#library).summaries();
    return new Set(summaries.flatMap((summary) => (summary.reader < LIBRARY_READER ? [summary.id] : [])));
  }

  /** Fetches the next conversation due; false when none is left. */
  async #fetchNext(settings: Settings): Promise<boolean> {
    const item = fetchOrder(this.#items.values())[0];
    if (item === undefined || this.#run === null) return false;
    const store = await this.#open();
    const now = this.#deps.now();
    this.#fileOwners ??= await store.fileOwners();
    const owners = this.#fileOwners;
    // Its own files of an earlier fetch are replaced: only the other conversations' names are taken.
    const takenPaths = [...owners].flatMap(([path, owner]) => (owner === item.id ? [] : [path]));
    const outcome = await fetchAccountConversation(this.#deps.client, item, {
      keepAnswerText: settings.library.keepAnswerText,
      zipFormat: this.#run.zipFormat,
      write: { ...exportOptionsOf(settings), exportedAt: new Date(now) },
      takenPaths,
      now,
    });
    if (outcome.kind === 'failed') {
      if (outcome.error.code === 'signed-out') await this.#stop(outcome.error.message);
      // site-interface 7: a 429 holds the whole queue; the conversation waits its turn again, uncounted.
      else if (outcome.error.code === 'rate-limited') await this.#waitOutBlock();
      else await this.#save(afterFailedFetch(item, outcome.error), store);
      return true;
    }
    this.#library ??= this.#deps.openLibrary();
    await libraryBatchWriter(await this.#library)([outcome.record]);
    const done: AccountRunItem = {
      ...item,
      state: 'done',
      attempts: 0,
      error: null,
      fetchedUpdateTime: item.updateTime,
      document: outcome.document,
    };
    await store.putFetched(done, outcome.files);
    for (const [path, owner] of owners) if (owner === item.id) owners.delete(path);
    for (const file of outcome.files) owners.set(file.path, item.id);
    this.#items.set(done.id, done);
    this.#fetchedAt = [...this.#fetchedAt.slice(1 - RECENT_FETCHES), this.#deps.now()];
    return true;
  }

  async #save(item: AccountRunItem, store: AccountRunStore): Promise<void> {
    await store.putItems([item]);
    this.#items.set(item.id, item);
  }

  /** Sleeps out the governor's wait in steps, writing the status at each; false when the run was paused meanwhile. */
  async #waitOutBlock(): Promise<boolean> {
    for (
      let until = this.#deps.governor.waitUntil();
      until !== null;
      until = this.#deps.governor.waitUntil()
    ) {
      if (!this.#running()) return false;
      await this.#report();
      await this.#sleep(Math.min(until - this.#deps.now(), WAIT_STEP_MS));
    }
    return this.#running();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#interrupt = () => resolve();
      void this.#deps.sleep(ms).then(() => resolve());
    }).finally(() => {
      this.#interrupt = null;
    });
  }

  /**
   * What is left at the recent pace, or at the account's pace once a 429 showed it (site-interface 7): the
   * recent fetches may still be those made at the spacing, before the bucket ran dry.
   */
  #etaMs(left: number, blockedUntil: number | null): number | null {
    if (left === 0 || !this.#running()) return null;
    const times = this.#fetchedAt;
    const first = times[0];
    const recent =
      times.length < 2 || first === undefined
        ? BULK_SPACING.minGapMs + BULK_SPACING.jitterMs / 2
        : (this.#deps.now() - first) / (times.length - 1);
    const paced = this.#deps.governor.pacedGapMs();
    const perConversation = paced === null ? recent : Math.max(recent, paced + BULK_SPACING.jitterMs / 2);
    const waiting = blockedUntil === null ? 0 : Math.max(0, blockedUntil - this.#deps.now());
    return Math.round(left * perConversation + waiting);
  }

  async #report(listing?: { listed: number }): Promise<AccountRunStatus> {
    const run = this.#run;
    const counts = countsOf(this.#items.values());
    const rateLimitedUntil = this.#deps.governor.waitUntil();
    const status: AccountRunStatus = {
      status: run?.status ?? 'none',
      phase: run?.phase ?? 'listing',
      active: this.#active,
      ...counts,
      listed: listing === undefined ? counts.listed : Math.max(counts.listed, listing.listed),
      startedAt: run?.startedAt ?? null,
      finishedAt: run?.finishedAt ?? null,
      rateLimitedUntil,
      etaMs: run?.phase === 'fetching' ? this.#etaMs(counts.left, rateLimitedUntil) : null,
      paced: this.#deps.governor.pacedGapMs() !== null,
      zipFormat: run?.zipFormat ?? null,
      error: run?.error ?? null,
      listingNote: run?.listingNote ?? null,
      at: this.#deps.now(),
    };
    await this.#deps.reportStatus(status).catch(() => undefined);
    return status;
  }
}
