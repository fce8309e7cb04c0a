import type { LensError } from '@/lib/model/result';
import { type LoadState, NO_OFFERS_RUN, type OffersRefreshState } from '@/lib/snapshot/snapshot-base';
import { type FailedAsk, pauseOver } from './ask-again';

const IDLE: LoadState = { status: 'idle', rateLimitedUntil: null, error: null, progress: null };

/**
 * How the core's own requests for one conversation stand (architecture "Passive first": the core asks
 * only for what the page did not bring): the load under way or its outcome, the last product refresh
 * run, and the failures that say what is still missing and when to ask again (ask-again.ts).
 */
export class OwnRequestLedger {
  readonly #now: () => number;
  #load: LoadState = IDLE;
  #offers: OffersRefreshState = NO_OFFERS_RUN;
  /** The core's last ads request, when it failed. */
  #adsFailed: FailedAsk | null = null;
  /**
   * An answer ended whose stream did not hold all of it (cut off, unreadable, not complete), and no newest
   * messages page arrived since: the tree lacks its queries (site-interface 9.1), so the core owes that
   * page. An answer its stream held whole owes nothing (architecture "The stream as a source").
   */
  #behindStream = false;
  /** The core's last request for the newest page while behind the stream, when it failed. */
  #streamPageFailed: FailedAsk | null = null;
  /** The cursor paging stopped at, and why. */
  #pagingStop: { cursor: string; error: LensError } | null = null;
  #revision = 0;
  /** The last load of the conversation asked for: the next one starts once it is over. */
  #loads: Promise<unknown> = Promise.resolve();

  constructor(now: () => number) {
    this.#now = now;
  }

  /**
   * Plans and runs a load of the conversation (`work`) once every load asked for before it is over, so each
   * plans from what the ones before it brought and none asks again for what another is fetching: a worker
   * woken by an Export both reloads what it lost and loads for the export.
   */
  oneLoadAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#loads.then(work, work);
    this.#loads = run.catch(() => undefined);
    return run;
  }

  /** Moves when the load or the offers state changed: what the lens shows of them. */
  get revision(): number {
    return this.#revision;
  }

  load(): LoadState {
    return this.#load;
  }

  setLoad(load: LoadState): void {
    // The same state again is no change: a refresh that found nothing new leaves the lens unwritten.
    if (JSON.stringify(load) === JSON.stringify(this.#load)) return;
    this.#load = load;
    this.#revision += 1;
  }

  offersRefresh(): OffersRefreshState {
    return this.#offers;
  }

  setOffersRefresh(state: OffersRefreshState): void {
    this.#offers = state;
    this.#revision += 1;
  }

  adsFailure(): FailedAsk | null {
    return this.#adsFailed;
  }

  noteAdsFailed(failed: FailedAsk): void {
    this.#adsFailed = failed;
  }

  /** An answer ended without its stream whole: its newest page is owed at once, whatever became of the last. */
  answerEnded(): void {
    this.#behindStream = true;
    this.#streamPageFailed = null;
  }

  /** The newest messages page arrived, from the page or the core: nothing is owed for the stream. */
  caughtUpWithStream(): void {
    this.#behindStream = false;
    this.#streamPageFailed = null;
  }

  /** Whether the newest page is owed and may be asked for now (after a failure, its pause is over). */
  behindStream(): boolean {
    return this.#behindStream && pauseOver(this.#streamPageFailed, this.#now());
  }

  /**
   * The core's request for the newest page failed. Behind a stream it is asked again after a pause, on any
   * trigger: the page's own tree polls keep the fallback poll from asking (site-interface 4.2).
   */
  noteNewestPageFailed(error: LensError): void {
    if (this.#behindStream) this.#streamPageFailed = { error, failedAt: this.#now() };
  }

  notePagingStopped(cursor: string, error: LensError): void {
    this.#pagingStop = { cursor, error };
  }

  /** Paging stopped at this cursor for a reason asking again will not change (a loop, a bad page). */
  pagingStoppedAt(cursor: string | null): boolean {
    return cursor !== null && cursor === this.#pagingStop?.cursor;
  }

  /**
   * The failures whose cause still holds: paging stopped at the held oldest page (`olderCursor`), the ads
   * still missing (`adsHeld` false), the newest page after an answer still owed. They outlast any later
   * refresh that asks for something else, and end when what they were for comes.
   */
  lastingFailures(olderCursor: string | null, adsHeld: boolean): LensError[] {
    return [
      this.pagingStoppedAt(olderCursor) ? this.#pagingStop?.error : undefined,
      adsHeld ? undefined : this.#adsFailed?.error,
      // Set only while behind the stream, and cleared with it.
      this.#streamPageFailed?.error,
    ].filter((error) => error !== undefined);
  }
}
