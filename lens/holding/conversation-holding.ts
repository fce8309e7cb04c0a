import type { Inspection } from '@/lens/insights/inspection';
import type { OlderTurnsPath } from '@/lib/api/conversation-pages';
import type { AdAccount } from '@/lib/model/ad-account';
import { parseJson } from '@/lib/model/parse-json';
import type { LensError, Result } from '@/lib/model/result';
import type { TransportObservation } from '@/lib/model/transport';
import { type AskWhen, askWhen } from './ask-again';
import { CapturedConversation } from './captured-conversation';
import { type HeldFormats, HeldInspection } from './held-inspection';
import type { HeldPages, PageIngest } from './held-pages';
import { OwnRequestLedger } from './own-request-ledger';

export type { HeldFormats } from './held-inspection';

/** Stream events of the conversation (site-interface 6), counted generically. */
export interface StreamNote {
  /** Increments of the observation's counts (stream items, SSE answers, ...). */
  counts?: Partial<TransportObservation>;
  /**
   * An answer finished streaming; `whole` when its stream held all of it (complete, not cut off, every
   * record read), so nothing need be fetched after it.
   */
  ended?: { whole: boolean };
}

/** What the refresh plan reads of the holding. */
export interface HoldingFacts {
  hasNewestPage: boolean;
  /** before = start_cursor of the oldest held page while it says has_previous_page (site-interface 4.1). */
  olderCursor: string | null;
  /** Paging stopped at that cursor for a reason asking again will not change (a loop, a bad page). */
  pagingStopped: boolean;
  /** When the core may ask for the ads (site-interface 4.3), which neither the page nor the core loaded yet. */
  askForAds: AskWhen;
  /**
   * An answer ended and no messages page arrived since: the tree lacks its queries (site-interface 9.1).
   * The core may ask for the newest page now (after a failure, ask-again.ts).
   */
  messagesBehindStream: boolean;
  /** When the page or the core last brought anything of the conversation; null when never. */
  lastFreshAt: number | null;
  /**
   * The chat is used signed out (site-interface 10.10): the site keeps nothing to ask for, and no token is
   * there to ask with; everything comes from its answer streams.
   */
  signedOut: boolean;
}

/**
 * Everything the worker holds of one conversation of one tab (architecture "Where state lives"): what was
 * captured, how the core's own requests stand, and the inspection worked out of them. The three are their
 * own units; the holding joins them where one event concerns two (a newest messages page also settles
 * what the core owed after an answer).
 */
export class ConversationHolding {
  readonly captured: CapturedConversation;
  readonly ledger: OwnRequestLedger;
  readonly #held: HeldInspection;
  readonly #now: () => number;
  #signedOut = false;
  #olderTurnsPath: OlderTurnsPath = 'conversation';

  constructor(
    readonly conversationId: string,
    options: { now: () => number },
  ) {
    this.#now = options.now;
    this.captured = new CapturedConversation(conversationId, options.now);
    this.ledger = new OwnRequestLedger(options.now);
    this.#held = new HeldInspection(this.captured);
  }

  get pages(): HeldPages {
    return this.captured.pages;
  }

  /** Moves on every change of anything held, so a snapshot is rebuilt only when it would differ. */
  get revision(): number {
    return this.captured.revision + this.ledger.revision;
  }

  facts(): HoldingFacts {
    const olderCursor = this.pages.olderCursor();
    const adsHeld = this.captured.ads() !== null;
    return {
      hasNewestPage: this.pages.raw().length > 0,
      olderCursor,
      pagingStopped: this.ledger.pagingStoppedAt(olderCursor),
      askForAds: adsHeld ? 'not-now' : askWhen(this.ledger.adsFailure(), this.#now()),
      messagesBehindStream: this.ledger.behindStream(),
      lastFreshAt: this.captured.lastFreshAt(),
      signedOut: this.#signedOut,
    };
  }

  /**
   * The page reads older turns on their own path (site-interface 10.13): the core asks for older pages on
   * that path too, as the page does.
   */
  notePageReadsOlderTurnsApart(): void {
    this.#olderTurnsPath = 'messages';
  }

  /** Where older pages are asked for: the page's own path once the page told it, else the document's. */
  olderTurnsPath(): OlderTurnsPath {
    return this.#olderTurnsPath;
  }

  /** A signed-out answer stream fed it: nothing of it is ever asked of the site (HoldingFacts.signedOut). */
  markSignedOut(): void {
    this.#signedOut = true;
  }

  /** The core's failures whose cause still holds (OwnRequestLedger.lastingFailures). */
  lastingFailures(): LensError[] {
    return this.ledger.lastingFailures(this.pages.olderCursor(), this.captured.ads() !== null);
  }

  /** A messages page (site-interface 4.1): `before` null for the newest page, else its cursor. */
  ingestMessagesPage(json: unknown, before: string | null): Result<PageIngest> {
    const outcome = this.captured.ingestMessagesPage(json, before);
    if (outcome.ok && before === null) this.ledger.caughtUpWithStream();
    return outcome;
  }

  ingestMessagesPageText(text: string, before: string | null): Result<PageIngest> {
    const json = parseJson(text);
    return json.ok ? this.ingestMessagesPage(json.value, before) : this.captured.warn(json);
  }

  /** Pages a load of the core returned (HeldPages.adopt), and whether the newest one was among them. */
  adoptLoadedPages(rawPages: readonly unknown[], since: number, newestFetched: boolean): void {
    this.captured.adoptLoadedPages(rawPages, since);
    if (newestFetched) this.ledger.caughtUpWithStream();
  }

  noteStream(note: StreamNote): void {
    if (note.ended !== undefined && !note.ended.whole) this.ledger.answerEnded();
    this.captured.countStream(note.counts ?? {});
  }

  /** How often each format was normalized: an unchanged tree poll adds nothing. */
  normalizations(): { messages: number; tree: number } {
    return this.#held.normalizations();
  }

  formats(): HeldFormats {
    return this.#held.formats();
  }

  /** The inspection of the conversation, or null while no format of it is held. */
  inspection(account: AdAccount | null): Inspection | null {
    return this.#held.inspection(account);
  }
}
