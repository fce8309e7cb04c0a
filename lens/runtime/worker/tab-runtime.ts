import type { AccountHolding } from '@/lens/holding/account-holding';
import type { ConversationHolding } from '@/lens/holding/conversation-holding';
import { RESPONSE_ROUTES } from '@/lens/holding/response-routes';
import type { PageState, UnchangedResponse } from '@/lens/runtime/contract/relay-channel';
import { emptyTabLens, type TabLens } from '@/lens/runtime/contract/tab-lens';
import type { Schedule } from '@/lens/runtime/contract/timer';
import type { RateGovernor } from '@/lib/api/rate-governor';
import { isMobileWebAnswer, isResumeCall, isSignedOutSubmit } from '@/lib/capture/endpoint';
import type { CapturedResponseEvent, PageEvent } from '@/lib/capture/page-event';
import { readMobileWebRequest } from '@/lib/model/mobile-web-turn';
import { readResumeRequest } from '@/lib/model/resume-request';
import { readSiteRefusal } from '@/lib/model/site-refusal-reader';
import { StreamCollector, type StreamFeed } from '@/lib/model/stream-collector';
import type { TransportObservation } from '@/lib/model/transport';
import { countHandoff, countPageEvent } from './capture-counts';
import { type RefresherDeps, refreshConversation } from './conversation-refresher';
import { createDebouncer, type Debouncer } from './debouncer';
import { LensWriter } from './lens-writer';
import type { LibrarySink } from './library-recorder';
import { lookWaitsUntil, PAGE_LOAD_GRACE_MS, type RefreshTrigger } from './refresh-plan';
import { TabConversations } from './tab-conversations';
import { withPageState, withStreamedChat } from './tab-lens-update';
import { TabSnapshots } from './tab-snapshots';

export interface TabRuntimeDeps {
  refresher: RefresherDeps;
  governor: RateGovernor;
  account: AccountHolding;
  now: () => number;
  schedule: Schedule;
  writeLens: (lens: TabLens) => Promise<void>;
  /** Where inspected conversations are kept, when the user keeps a library (library-recorder.ts). */
  library?: LibrarySink;
  /**
   * Whether the site's access is on. Off, a refresh asks nothing: the tab is a relay left running in a page
   * opened before the withdrawal, or one a click gave ("On click"), served from what it captures
   * (architecture "Site access").
   */
  siteAccess?: () => Promise<boolean>;
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * One tab in the worker: its lens (what the UI reads), the conversations it showed (TabConversations),
 * the debounced refresh of the one it shows, and the writes of its lens (LensWriter). Nothing runs while
 * the tab is hidden (site-interface 8).
 */
export class TabRuntime {
  readonly #deps: TabRuntimeDeps;
  #lens: TabLens;
  readonly #conversations: TabConversations;
  readonly #snapshots: TabSnapshots;
  readonly #streams = new StreamCollector();
  readonly #debouncer: Debouncer<RefreshTrigger>;
  readonly #writer: LensWriter;
  /** The tab went to its conversation: until then the page is taken to be loading it (PAGE_LOAD_GRACE_MS). */
  #pageLoadingUntil: number | null = null;
  #closed = false;

  constructor(tabId: number, stored: TabLens | null, deps: TabRuntimeDeps) {
    this.#deps = deps;
    this.#lens = stored ?? emptyTabLens(tabId, deps.now());
    this.#conversations = new TabConversations(deps.now);
    this.#snapshots = new TabSnapshots(stored);
    this.#debouncer = createDebouncer({
      schedule: deps.schedule,
      run: (triggers) => this.#refresh(triggers),
    });
    this.#writer = new LensWriter({
      now: deps.now,
      schedule: deps.schedule,
      compose: () => ({ lens: this.#lens, snapshot: this.#snapshot() }),
      write: (lens) => {
        this.#lens = lens;
        this.#keepInLibrary();
        return deps.writeLens(lens);
      },
    });
  }

  get lens(): TabLens {
    return this.#lens;
  }

  /** The holding of the conversation the tab shows, or null on a page that names none. */
  current(): ConversationHolding | null {
    const id = this.#lens.conversationId;
    if (id === null) return null;
    const { holding, made } = this.#conversations.hold(id);
    // A signed-out chat's holding made again (a restarted worker) asks the site for nothing either.
    if (made && this.#lens.signedOut) holding.markSignedOut();
    // A new chat names itself as its first answer streams: what streamed before its holding joins it.
    if (made) for (const [key, stream] of this.#streams.claim(id)) holding.captured.noteStream(key, stream);
    // A holding made for a lens restored from storage is empty: load the conversation again, on demand.
    if (made && this.#snapshots.isRecovering(id)) this.#debouncer.push('visible');
    return holding;
  }

  pageState(state: PageState, trigger?: RefreshTrigger): void {
    const before = this.#lens;
    this.#lens = withPageState(before, state, this.#deps.now());
    if (this.#lens.conversationId !== before.conversationId) {
      this.#debouncer.cancel();
      this.#pageLoadingUntil = this.#deps.now() + PAGE_LOAD_GRACE_MS;
      if (this.current() !== null) this.#debouncer.push('navigation');
    }
    if (!state.visible) this.#debouncer.cancel();
    // Shown again (architecture "Event-driven refresh"); a lens that never heard from its page was not
    // hidden, only new.
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
        const resumed = isResumeCall(event.url);
        // A resume refused (HTTP 410 `persisted_final_available` when the answer is already stored,
        // site-interface 10.15) loses nothing and refuses no prompt: the page loads the stored answer.
        if (resumed && event.status >= 400) break;
        // The site answered the submit with an error in place of a stream: it refused the prompt.
        if (event.status >= 400) {
          if (event.ended) this.#lens = { ...this.#lens, refusal: readSiteRefusal(event.status, event.text) };
          break;
        }
        const html = isMobileWebAnswer(event.url);
        const piece = resumed
          ? { ...event, resume: readResumeRequest(event.request) }
          : html
            ? { ...event, mobileWeb: readMobileWebRequest(event.request) }
            : event;
        const feed = this.#streams.answerPiece(piece, this.#lens.conversationId);
        // A mobile web answer may refuse inside its stream (site-interface 10.16).
        const refusal = feed.stream.reader.facts().refusal;
        if (this.#lens.refusal !== refusal) this.#lens = { ...this.#lens, refusal };
        this.#streamedChat(feed, isSignedOutSubmit(event.url));
        const handedOff = event.ended && feed.stream.reader.facts().handoffTopics.length > 0;
        if (handedOff) this.#lens = { ...this.#lens, captured: countHandoff(this.#lens.captured) };
        const answered = event.ended && feed.stream.reader.facts().answered ? 1 : 0;
        this.#feedStream(feed, {
          sseAnswers: html ? 0 : answered,
          htmlAnswers: html ? answered : 0,
          handoffs: handedOff ? 1 : 0,
          resumed: resumed ? answered : 0,
        });
        break;
      }
      case 'stream-items':
        for (const item of event.items) {
          const feed = this.#streams.streamItem(item, this.#lens.conversationId);
          if (feed !== null) this.#feedStream(feed, { streamItems: feed.freshItem ? 1 : 0 });
        }
        break;
      default:
        event satisfies never;
    }
    this.touch();
  }

  /**
   * The page polled and got the tree it had: what is held is confirmed current, and nothing the lens
   * shows changed, so nothing is written (an unchanged poll must cost next to nothing: the lens of a
   * 10,000-message conversation is about 1 MB, and the page polls every 5 s).
   */
  responseUnchanged(response: UnchangedResponse): void {
    const holding = this.#holdingFor(response.conversationId);
    holding?.captured.noteUnchangedPoll();
    if (holding !== null) this.#retryAfterFailure(holding);
  }

  /** The UI opened or asked (protocol `refresh`). */
  requestRefresh(): void {
    if (this.current() !== null) this.#debouncer.push('ui-opened');
  }

  /** Writes the lens at least every LENS_WRITE_INTERVAL_MS while `work` runs, so its progress shows. */
  whileShowingProgress<T>(work: Promise<T>): Promise<T> {
    return this.#writer.whileShowingProgress(work);
  }

  /** Something the lens shows may have changed: write it soon (LensWriter). */
  touch(): void {
    this.#writer.touch();
  }

  close(): void {
    this.#closed = true;
    this.#debouncer.cancel();
    this.#writer.close();
    this.#conversations.clear();
  }

  // ---- internals ---------------------------------------------------------------------------------

  /**
   * A stream brought more: its conversation's holding reads it (the views follow the answer as it
   * streams, architecture "The stream as a source"). When it ends, the answer is settled: only an answer
   * the stream did not hold whole asks for the newest messages page.
   */
  #feedStream(feed: StreamFeed, counts: Partial<TransportObservation>): void {
    const holding = this.#holdingFor(feed.owner);
    if (holding === null) {
      this.#streams.keepUnheld(feed);
      return;
    }
    holding.captured.noteStream(feed.key, feed.stream);
    const facts = feed.stream.reader.facts();
    const answered = feed.ended && facts.answered;
    const whole = facts.complete && !feed.stream.cutOff && facts.warningCount === 0 && !facts.lacksQueries;
    holding.noteStream({ counts, ...(answered ? { ended: { whole } } : {}) });
    if (answered && holding === this.current()) this.#debouncer.push('stream-ended');
  }

  /**
   * A submit's stream: on a page that names no chat, the chat it names may become the tab's
   * (withStreamedChat). A signed-out one's holding (site-interface 10.10) is never refreshed from the site.
   */
  #streamedChat(feed: StreamFeed, signedOut: boolean): void {
    const before = this.#lens.conversationId;
    this.#lens = withStreamedChat(this.#lens, feed.owner, signedOut, this.#deps.now());
    if (this.#lens.conversationId !== before) this.#debouncer.cancel();
    if (signedOut) this.#holdingFor(feed.owner)?.markSignedOut();
  }

  /** The holding of a conversation the tab shows or showed; others are not followed. */
  #holdingFor(conversationId: string | null): ConversationHolding | null {
    if (conversationId === null || conversationId === this.#lens.conversationId) return this.current();
    return this.#conversations.find(conversationId);
  }

  #ingestResponse(event: CapturedResponseEvent): void {
    // site-interface 7: the page's own 429s hold the extension's requests too, as long as their
    // Retry-After asks (the only header the governor reads). Its successes do not lift a wait the
    // extension was told to respect.
    if (event.status === 429)
      this.#deps.governor.noteResponse({ status: 429, headers: { get: () => event.retryAfter } });
    if (!isSuccess(event.status) || event.truncated) return;
    const route = RESPONSE_ROUTES[event.endpoint];
    if (route.scope === 'account') {
      route.ingest(event, this.#deps.account);
      return;
    }
    const holding = this.#holdingFor(event.conversationId);
    if (holding === null) return;
    if (route.ingest(event, holding) && holding === this.current()) this.#debouncer.push('captured');
    else this.#retryAfterFailure(holding);
  }

  /**
   * The page's own request of the conversation just succeeded while the core's last load had failed:
   * the site answers again (the network is back, the session works), so what failed is asked again now
   * rather than at the fallback poll, which the page's own polls keep from firing. With nothing left to
   * ask, the refresh clears the stale failure: a fault clears by itself once the site answers.
   */
  #retryAfterFailure(holding: ConversationHolding): void {
    const { status } = holding.ledger.load();
    if ((status === 'failed' || status === 'signed-out') && holding === this.current())
      this.#debouncer.push('captured');
  }

  async #refresh(triggers: ReadonlySet<RefreshTrigger>): Promise<void> {
    const holding = this.current();
    // site-interface 8: paused while the tab is hidden.
    if (holding === null || !this.#lens.visible || this.#closed) return;
    if (this.#deps.siteAccess !== undefined && !(await this.#deps.siteAccess())) return;
    const waitsUntil = lookWaitsUntil(triggers, this.#pageLoadingUntil, this.#deps.now());
    await this.whileShowingProgress(
      refreshConversation(holding, triggers, this.#deps.refresher, this.#pageLoadingUntil),
    );
    // The look comes again once the page had its time: by then it asks only for what the page did not bring.
    if (waitsUntil !== null)
      this.#deps.schedule(Math.max(0, waitsUntil - this.#deps.now()), () => {
        if (holding !== this.current()) return;
        for (const look of ['visible', 'ui-opened'] as const)
          if (triggers.has(look)) this.#debouncer.push(look);
      });
  }

  /** What the lens shows of the conversation. */
  #snapshot() {
    const holding = this.current();
    if (holding === null) return null;
    return this.#snapshots.snapshotOf(holding, this.#lens.snapshot, {
      governor: this.#deps.governor.state(),
      account: this.#deps.account.current(),
      now: this.#deps.now(),
    });
  }

  /**
   * The step beside the lens's write: the library (when the user keeps one) is offered the inspection the
   * lens shows, which it reads off this path (library-recorder.ts).
   */
  #keepInLibrary(): void {
    const holding = this.current();
    if (holding === null || this.#deps.library === undefined) return;
    const account = this.#deps.account.current();
    this.#deps.library.offer(holding.conversationId, () => holding.inspection(account));
  }
}
