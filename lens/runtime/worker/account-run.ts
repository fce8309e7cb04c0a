import type { AccountRunFile, AccountRunRecord, AccountRunStore } from '@/lens/library/account-run-store';
import { libraryBatchWriter } from '@/lens/library/data-export-merge';
import { LIBRARY_READER } from '@/lens/library/library-record';
import type { LibraryStore } from '@/lens/library/library-store';
import type {
  AccountRunReading,
  AccountRunRequest,
  AccountRunStatus,
} from '@/lens/runtime/contract/account-run';
import { exportOptionsOf, type Settings } from '@/lens/runtime/contract/settings';
import { type AfterFailure, listAccount } from '@/lib/api/account-listing';
import type { BackendClient } from '@/lib/api/backend-client';
import { BATCH_SIZE, loadConversationsBatch } from '@/lib/api/conversations-batch';
import type { RateGovernor, Spacing } from '@/lib/api/rate-governor';
import {
  type AccountRunItem,
  afterFailedFetch,
  countsOf,
  fetchOrder,
  mergeListing,
} from '@/lib/library/account-run-item';
import { fail, type LensError, ok, type Result } from '@/lib/model/result';
import {
  type FetchOutcome,
  type FetchSettings,
  fetchAccountConversation,
  keptOfTree,
} from './account-run-fetch';

/**
 * site-interface 10.7: one request at a time, a second or more apart, with jitter so no two runs keep step.
 * The 50 ms over the second are for the way there: a request sent a second after the last may arrive a few
 * ms sooner than that, if the last took longer on its way.
 */
export const BULK_SPACING: Spacing = { minGapMs: 1_050, jitterMs: 450 };
/** A wait is slept in steps this long, each writing the status: the page's countdown, and a worker kept awake. */
const WAIT_STEP_MS = 5_000;
/** How many of the latest requests that fetched conversations the time to go is worked out from. */
const RECENT_FETCHES = 20;
/**
 * 429s in a row on the batch read, with no batch answered between them, after which the run reads one
 * conversation at a time, at the pace the governor learnt (architecture "Adding the whole account").
 */
export const BATCH_429S_BEFORE_ALONE = 3;
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
 * them ten a request through the batch read (site-interface 10.13), and alone the ones it leaves out, one
 * request at a time through the one rate governor, spaced BULK_SPACING apart and, after a 429, at the
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
  /** When the latest requests fetched conversations, and how many each: the time to go follows the recent pace. */
  #fetches: Array<{ at: number; count: number }> = [];
  /**
   * How this worker reads conversations: ten a request while the batch read serves, else alone, and why. A
   * new worker tries the batch read again: it costs one request to learn it is still missing.
   */
  #reading: AccountRunReading = 'batch';
  /** Ids a batch read sends at most: halved by each 422. */
  #batchSize = BATCH_SIZE;
  /** 429s in a row on the batch read. */
  #batch429s = 0;
  /** Conversations the batch read left out, or gave unreadable, this worker: each is read alone. */
  #leftOut = new Set<string>();

  constructor(deps: AccountRunDeps) {
    this.#deps = deps;
  }

  async handle(request: AccountRunRequest): Promise<Result<AccountRunStatus>> {
    const store = await this.#open();
    switch (request.action) {
      case 'start': {
        if (!(await this.#libraryOn())) return fail('http', LIBRARY_OFF);
        if (this.#run?.status !== 'running') {
          // A new run measures the account's pace afresh: the bucket may have filled since the last. It
          // tries the batch read again too.
          this.#deps.governor.forgetPace();
          this.#reading = 'batch';
          this.#batchSize = BATCH_SIZE;
          this.#batch429s = 0;
          this.#leftOut.clear();
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
    this.#fetches = [];
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

  /**
   * Fetches the next conversations due: up to ten through the batch read while it serves, else the first
   * alone; false when none is left. One that failed before, or that the batch read left out, is read alone.
   */
  async #fetchNext(settings: Settings): Promise<boolean> {
    const due = fetchOrder(this.#items.values());
    const first = due[0];
    if (first === undefined || this.#run === null) return false;
    const batched = (item: AccountRunItem): boolean =>
      this.#reading === 'batch' && item.attempts === 0 && !this.#leftOut.has(item.id);
    if (batched(first)) await this.#fetchBatch(due.filter(batched).slice(0, this.#batchSize), settings);
    else await this.#fetchAlone(first, settings);
    return true;
  }

  /** The settings a conversation is kept with, its files' names unique among the other conversations'. */
  async #fetchSettings(item: AccountRunItem, settings: Settings): Promise<FetchSettings> {
    const store = await this.#open();
    const now = this.#deps.now();
    this.#fileOwners ??= await store.fileOwners();
    // Its own files of an earlier fetch are replaced: only the other conversations' names are taken.
    const takenPaths = [...this.#fileOwners].flatMap(([path, owner]) => (owner === item.id ? [] : [path]));
    return {
      keepAnswerText: settings.library.keepAnswerText,
      zipFormat: this.#run?.zipFormat ?? null,
      write: { ...exportOptionsOf(settings), exportedAt: new Date(now) },
      takenPaths,
      now,
    };
  }

  async #fetchAlone(item: AccountRunItem, settings: Settings): Promise<void> {
    const outcome = await fetchAccountConversation(
      this.#deps.client,
      item,
      await this.#fetchSettings(item, settings),
    );
    if (outcome.kind === 'fetched') return this.#keep([{ item, outcome }]);
    if (outcome.error.code === 'signed-out') return this.#stop(outcome.error.message);
    // site-interface 7: a 429 holds the whole queue; the conversation waits its turn again, uncounted.
    if (outcome.error.code === 'rate-limited') {
      await this.#waitOutBlock();
      return;
    }
    await this.#save(afterFailedFetch(item, outcome.error), await this.#open());
  }

  /**
   * site-interface 10.13: up to ten conversations in one request. One it leaves out is read alone; a 422
   * halves the batch; a 404 or 403 on the path means the account has no batch read, and a 429 is held as
   * any 429 is, until too many in a row make the run read alone at the learnt pace.
   */
  async #fetchBatch(items: readonly AccountRunItem[], settings: Settings): Promise<void> {
    const answer = await loadConversationsBatch(
      this.#deps.client,
      items.map((item) => item.id),
    );
    switch (answer.status) {
      case 'too-many':
        if (items.length > 1) this.#batchSize = Math.ceil(items.length / 2);
        else this.#reading = 'alone-no-batch';
        return;
      case 'absent':
        this.#reading = 'alone-no-batch';
        return;
      case 'failed':
        if (answer.error.code === 'signed-out') return this.#stop(answer.error.message);
        if (answer.error.code === 'rate-limited') {
          this.#batch429s += 1;
          if (this.#batch429s >= BATCH_429S_BEFORE_ALONE) this.#reading = 'alone-rate-limited';
          await this.#waitOutBlock();
          return;
        }
        // An answer that could not be read costs none of its conversations an attempt: each is read alone.
        for (const item of items) this.#leftOut.add(item.id);
        return;
      case 'loaded': {
        this.#batch429s = 0;
        const kept: Array<{ item: AccountRunItem; outcome: FetchOutcome & { kind: 'fetched' } }> = [];
        for (const item of items) {
          const tree = answer.trees.get(item.id);
          const outcome =
            tree === undefined ? null : keptOfTree(tree, item, await this.#fetchSettings(item, settings));
          if (outcome?.kind === 'fetched') {
            kept.push({ item, outcome });
            this.#takePaths(item.id, outcome.files);
          } else this.#leftOut.add(item.id);
        }
        return this.#keep(kept);
      }
    }
  }

  /** The files' paths are now this conversation's, so the next one's names are made unique among them too. */
  #takePaths(id: string, files: readonly AccountRunFile[]): void {
    const owners = this.#fileOwners;
    if (owners === null) return;
    for (const [path, owner] of owners) if (owner === id) owners.delete(path);
    for (const file of files) owners.set(file.path, id);
  }

  /** Fetched conversations into the library, then each done with its files, in one request's step. */
  async #keep(
    fetched: ReadonlyArray<{ item: AccountRunItem; outcome: FetchOutcome & { kind: 'fetched' } }>,
  ): Promise<void> {
    if (fetched.length === 0) return;
    const store = await this.#open();
    this.#library ??= this.#deps.openLibrary();
    await libraryBatchWriter(await this.#library)(fetched.map(({ outcome }) => outcome.record));
    for (const { item, outcome } of fetched) {
      const done: AccountRunItem = {
        ...item,
        state: 'done',
        attempts: 0,
        error: null,
        fetchedUpdateTime: item.updateTime,
        document: outcome.document,
      };
      await store.putFetched(done, outcome.files);
      this.#takePaths(item.id, outcome.files);
      this.#items.set(done.id, done);
    }
    this.#fetches = [
      ...this.#fetches.slice(1 - RECENT_FETCHES),
      { at: this.#deps.now(), count: fetched.length },
    ];
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

  /** Conversations a request reads now. */
  #perRequest(): number {
    return this.#reading === 'batch' ? this.#batchSize : 1;
  }

  /**
   * What is left at the recent pace, or at the account's pace once a 429 showed it (site-interface 7): the
   * recent fetches may still be those made at the spacing, before the bucket ran dry. A request fetches ten
   * conversations while the batch read serves, one otherwise.
   */
  #etaMs(left: number, blockedUntil: number | null): number | null {
    if (left === 0 || !this.#running()) return null;
    const perRequest = this.#perRequest();
    const [first, ...later] = this.#fetches;
    const fetched = later.reduce((sum, fetch) => sum + fetch.count, 0);
    const recent =
      first === undefined || fetched === 0
        ? (BULK_SPACING.minGapMs + BULK_SPACING.jitterMs / 2) / perRequest
        : (this.#deps.now() - first.at) / fetched;
    const paced = this.#deps.governor.pacedGapMs();
    const perConversation =
      paced === null ? recent : Math.max(recent, (paced + BULK_SPACING.jitterMs / 2) / perRequest);
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
      reading: this.#reading,
      perRequest: this.#perRequest(),
      zipFormat: run?.zipFormat ?? null,
      error: run?.error ?? null,
      listingNote: run?.listingNote ?? null,
      at: this.#deps.now(),
    };
    await this.#deps.reportStatus(status).catch(() => undefined);
    return status;
  }
}
