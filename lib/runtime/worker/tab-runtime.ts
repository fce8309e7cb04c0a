import type { RateGovernor } from '@/lib/api/rate-governor';
import type { CapturedResponseEvent, PageEvent } from '@/lib/capture/page-event';
import type { LensSnapshot } from '@/lib/runtime/contract/lens-snapshot';
import type { PageState, UnchangedResponse } from '@/lib/runtime/contract/relay-channel';
import { emptyTabLens, type TabLens } from '@/lib/runtime/contract/tab-lens';
import type { Schedule } from '@/lib/runtime/contract/timer';
import type { AccountHolding } from './account-holding';
import { buildLensSnapshot } from './build-lens-snapshot';
import { countPageEvent } from './capture-counts';
import { ConversationHolding } from './conversation-holding';
import { type RefresherDeps, refreshConversation } from './conversation-refresher';
import { createDebouncer, type Debouncer } from './debouncer';
import type { RefreshTrigger } from './refresh-plan';
import { withPageState } from './tab-lens-update';
import { TabStreams } from './tab-streams';

/** issue 8, item 3: the tab lens is written at most this often, however fast the page's events come. */
export const LENS_WRITE_INTERVAL_MS = 250;
/** Conversations held per tab: going back to one just left costs nothing, a long session stays bounded. */
const HELD_CONVERSATIONS_PER_TAB = 3;

export interface TabRuntimeDeps {
  refresher: RefresherDeps;
  governor: RateGovernor;
  account: AccountHolding;
  now: () => number;
  schedule: Schedule;
  writeLens: (lens: TabLens) => Promise<void>;
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** The `before` cursor a messages page was asked with (interface 4.1); null for the newest page. */
function beforeCursorOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('before');
  } catch {
    return null;
  }
}

/**
 * One tab in the worker: its lens (what the UI reads), a ConversationHolding per conversation it showed
 * (several per tab, independent), the debounced refresh of the conversation it shows, and the throttled
 * writes of its lens. Nothing runs while the tab is hidden (interface 8).
 */
export class TabRuntime {
  readonly #deps: TabRuntimeDeps;
  #lens: TabLens;
  readonly #holdings = new Map<string, ConversationHolding>();
  readonly #streams = new TabStreams();
  readonly #debouncer: Debouncer<RefreshTrigger>;
  #closed = false;
  #cancelWrite: (() => void) | null = null;
  #lastWriteAt = 0;
  #writtenKey: string | null = null;
  #writtenSnapshot: LensSnapshot | null = null;
  #snapshotCache: { key: string; snapshot: LensSnapshot | null } | null = null;
  /**
   * The lens came from storage (the worker was stopped and started again): its snapshot stays on screen
   * until the holding has the messages format again, since the tree alone lacks the queries (rule 1).
   */
  #recovering: string | null;

  constructor(tabId: number, stored: TabLens | null, deps: TabRuntimeDeps) {
    this.#deps = deps;
    this.#lens = stored ?? emptyTabLens(tabId, deps.now());
    this.#recovering = stored?.snapshot?.summary != null ? stored.conversationId : null;
    this.#debouncer = createDebouncer({
      schedule: deps.schedule,
      run: (triggers) => this.#refresh(triggers),
    });
  }

  get lens(): TabLens {
    return this.#lens;
  }

  /** The holding of the conversation the tab shows, or null on a page that names none. */
  current(): ConversationHolding | null {
    const id = this.#lens.conversationId;
    if (id === null) return null;
    let holding = this.#holdings.get(id);
    if (holding === undefined) {
      holding = new ConversationHolding(id, { now: this.#deps.now });
      this.#holdings.set(id, holding);
      for (const old of this.#holdings.keys()) {
        if (this.#holdings.size <= HELD_CONVERSATIONS_PER_TAB) break;
        if (old !== id) this.#holdings.delete(old);
      }
      // A holding made for a lens restored from storage is empty: load the conversation again, on demand.
      if (this.#recovering === id) this.#debouncer.push('visible');
    }
    return holding;
  }

  pageState(state: PageState, trigger?: RefreshTrigger): void {
    const before = this.#lens;
    this.#lens = withPageState(before, state, this.#deps.now());
    if (this.#lens.conversationId !== before.conversationId) {
      this.#debouncer.cancel();
      if (this.current() !== null) this.#debouncer.push('navigation');
    }
    if (!state.visible) this.#debouncer.cancel();
    // Shown again (DESIGN 2); a lens that never heard from its page was not hidden, only new.
    else if (!before.visible && before.url !== null) this.#debouncer.push('visible');
    if (trigger !== undefined && this.current() !== null) this.#debouncer.push(trigger);
    this.touch();
  }

  pageEvent(event: PageEvent): void {
    this.#lens = { ...this.#lens, captured: countPageEvent(this.#lens.captured, event) };
    switch (event.type) {
      case 'response':
        this.#ingestResponse(event);
        break;
      case 'answer-stream': {
        this.#streams.noteAnswerStream(event);
        const holding = this.#holdingFor(event.conversationId);
        const ended = event.ended && event.answered;
        holding?.noteStream({
          counts: { sseAnswers: event.answered ? 1 : 0, handoffs: event.handoffTopics.length > 0 ? 1 : 0 },
          ended,
        });
        if (ended && holding === this.current()) this.#debouncer.push('stream-ended');
        break;
      }
      case 'stream-items':
        for (const item of event.items) {
          const holding = this.#holdingFor(this.#streams.ownerOf(item, this.#lens.conversationId));
          if (holding === null) continue;
          const fresh = this.#streams.isNewAnswerItem(item, holding.conversationId);
          holding.noteStream({ counts: { streamItems: fresh ? 1 : 0 }, ended: item.kind === 'done' });
          if (item.kind === 'done' && holding === this.current()) this.#debouncer.push('stream-ended');
        }
        break;
    }
    this.touch();
  }

  /**
   * The page polled and got the tree it had (issue 8, item 1: an unchanged poll costs next to nothing).
   * What is held is confirmed current, and nothing the lens shows changed, so nothing is written: the
   * lens of a 10,000-message conversation is about 1 MB, and the page polls every 5 s.
   */
  responseUnchanged(response: UnchangedResponse): void {
    const holding = this.#holdingFor(response.conversationId);
    holding?.noteUnchangedPoll();
    if (holding !== null) this.#retryAfterFailure(holding);
  }

  /** The UI opened or asked (protocol `refresh`). */
  requestRefresh(): void {
    if (this.current() !== null) this.#debouncer.push('ui-opened');
  }

  /** Writes the lens at least every LENS_WRITE_INTERVAL_MS while `work` runs, so its progress shows. */
  async whileShowingProgress<T>(work: Promise<T>): Promise<T> {
    let running = true;
    const tick = (): void => {
      if (!running) return;
      this.touch();
      this.#deps.schedule(LENS_WRITE_INTERVAL_MS, tick);
    };
    tick();
    try {
      return await work;
    } finally {
      running = false;
      this.touch();
    }
  }

  /** Something the lens shows may have changed: write it soon, at most every LENS_WRITE_INTERVAL_MS. */
  touch(): void {
    if (this.#closed || this.#cancelWrite !== null) return;
    const wait = Math.max(0, this.#lastWriteAt + LENS_WRITE_INTERVAL_MS - this.#deps.now());
    this.#cancelWrite = this.#deps.schedule(wait, () => {
      this.#cancelWrite = null;
      this.#lastWriteAt = this.#deps.now();
      void this.#write();
    });
  }

  close(): void {
    this.#closed = true;
    this.#debouncer.cancel();
    this.#cancelWrite?.();
    this.#holdings.clear();
  }

  // ---- internals ---------------------------------------------------------------------------------

  /** The holding of a conversation the tab shows or showed; others are not followed. */
  #holdingFor(conversationId: string | null): ConversationHolding | null {
    if (conversationId === null || conversationId === this.#lens.conversationId) return this.current();
    return this.#holdings.get(conversationId) ?? null;
  }

  #ingestResponse(event: CapturedResponseEvent): void {
    // interface 7: the page's own 429s hold the extension's requests too, as long as their Retry-After
    // asks (the only header the governor reads). Its successes do not lift a wait the extension was told
    // to respect.
    if (event.status === 429)
      this.#deps.governor.noteResponse({ status: 429, headers: { get: () => event.retryAfter } });
    if (!isSuccess(event.status) || event.truncated) return;
    if (event.endpoint === 'me') {
      this.#deps.account.ingestText(event.body);
      return;
    }
    const holding = this.#holdingFor(event.conversationId);
    if (holding === null) return;
    let changed = true;
    switch (event.endpoint) {
      case 'conversation-messages':
        holding.ingestMessagesPageText(event.body, beforeCursorOf(event.url));
        break;
      case 'conversation-tree':
        changed = holding.ingestTreeText(event.body) === 'changed';
        break;
      case 'ads':
        holding.ingestAdsText(event.body);
        break;
      case 'product-update':
        holding.ingestProductUpdate(event.body, event.requestBody);
        break;
      case 'stream-status':
        changed = false;
        break;
    }
    if (changed && holding === this.current()) this.#debouncer.push('captured');
    else this.#retryAfterFailure(holding);
  }

  /**
   * The page's own request of the conversation just succeeded while the core's last load had failed:
   * the site answers again (the network is back, the session works), so what failed is asked again now
   * rather than at the fallback poll, which the page's own polls keep from firing. With nothing left to
   * ask, the refresh clears the stale failure (issue 10, item 2: recovering by itself).
   */
  #retryAfterFailure(holding: ConversationHolding): void {
    const { status } = holding.load();
    if ((status === 'failed' || status === 'signed-out') && holding === this.current())
      this.#debouncer.push('captured');
  }

  async #refresh(triggers: ReadonlySet<RefreshTrigger>): Promise<void> {
    const holding = this.current();
    // interface 8: paused while the tab is hidden.
    if (holding === null || !this.#lens.visible || this.#closed) return;
    await this.whileShowingProgress(refreshConversation(holding, triggers, this.#deps.refresher));
  }

  /** Rebuilt only when the holding, the governor or the account changed: an unchanged poll costs nothing. */
  #snapshot(holding: ConversationHolding): LensSnapshot | null {
    const stored = this.#lens.snapshot;
    if (this.#recovering === holding.conversationId) {
      if (!holding.facts().hasNewestPage && holding.load().status !== 'failed') return stored;
      this.#recovering = null;
    }
    const governor = this.#deps.governor.state();
    const account = this.#deps.account.current();
    const key = JSON.stringify([holding.conversationId, holding.revision, governor, account !== null]);
    if (this.#snapshotCache?.key === key) return this.#snapshotCache.snapshot;
    const built = buildLensSnapshot({ holding, account, governor, now: this.#deps.now() });
    const snapshot = built.summary === null && stored?.summary != null ? stored : built;
    this.#snapshotCache = { key, snapshot };
    return snapshot;
  }

  async #write(): Promise<void> {
    const holding = this.current();
    const snapshot = holding === null ? null : this.#snapshot(holding);
    // The time alone changing is no change: an unchanged poll writes nothing.
    const key = JSON.stringify({ ...this.#lens, snapshot: null, updatedAt: 0 });
    if (key === this.#writtenKey && snapshot === this.#writtenSnapshot) return;
    this.#writtenKey = key;
    this.#writtenSnapshot = snapshot;
    this.#lens = { ...this.#lens, snapshot, updatedAt: this.#deps.now() };
    await this.#deps.writeLens(this.#lens).catch(() => undefined);
  }
}
