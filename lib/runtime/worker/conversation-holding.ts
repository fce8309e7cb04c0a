import type { ProductRefreshRun } from '@/lib/api/product-update-refresh';
import { compareFormats, type FormatComparison } from '@/lib/insights/format-comparison';
import { type Inspection, inspect } from '@/lib/insights/inspection';
import { NOTHING_OBSERVED, type TransportObservation } from '@/lib/insights/transport';
import type { AdAccount } from '@/lib/model/ad-account';
import { type AdsReport, parseAdsResponse } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';
import { isRecord, type JsonRecord } from '@/lib/model/json-read';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { parseJson } from '@/lib/model/parse-json';
import { ProductCollection } from '@/lib/model/product-collection';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import type { LensError, Result } from '@/lib/model/result';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import type { LoadState, OffersRefreshState } from '@/lib/runtime/contract/lens-snapshot';
import { type AskWhen, askWhen, type FailedAsk, pauseOver } from './ask-again';
import { HeldPages, type PageIngest } from './held-pages';
import { ProductRefreshCards } from './product-refresh-cards';

/** Stream events of the conversation (interface 6), counted generically. */
export interface StreamNote {
  /** Increments of the observation's counts (stream items, SSE answers, ...). */
  counts?: Partial<TransportObservation>;
  /** An answer finished streaming. */
  ended?: boolean;
}

/** The formats as one conversation, computed only when a format changed. */
export interface HeldFormats {
  conversation: Conversation | null;
  comparison: FormatComparison | null;
  warnings: string[];
}

/** What the refresh plan reads of the holding. */
export interface HoldingFacts {
  hasNewestPage: boolean;
  /** before = start_cursor of the oldest held page while it says has_previous_page (interface 4.1). */
  olderCursor: string | null;
  /** Paging stopped at that cursor for a reason asking again will not change (a loop, a bad page). */
  pagingStopped: boolean;
  /** When the core may ask for the ads (interface 4.3), which neither the page nor the core loaded yet. */
  askForAds: AskWhen;
  /**
   * An answer ended and no messages page arrived since: the tree lacks its queries (rule 1). The core may
   * ask for the newest page now (after a failure, ask-again.ts).
   */
  messagesBehindStream: boolean;
  /** When the page or the core last brought anything of the conversation; null when never. */
  lastFreshAt: number | null;
}

const IDLE: LoadState = { status: 'idle', rateLimitedUntil: null, error: null, progress: null };
const NO_OFFERS_RUN: OffersRefreshState = {
  running: false,
  done: 0,
  total: 0,
  failures: 0,
  rateLimitedUntil: null,
  error: null,
};
/** Only the latest ingest warnings are kept: a tab open all day must not grow without end. */
const MAX_WARNINGS = 20;

/**
 * Everything held for one conversation of one tab, in worker memory (DESIGN 1: passive first, what the
 * page loads is read with no request of its own). Captured bodies go in through the ingest methods;
 * the normalized conversation is computed on demand and only when a format changed, each format
 * normalized only when it changed itself. Lookup keys of products live here and only here.
 */
export class ConversationHolding {
  readonly pages: HeldPages;
  readonly #now: () => number;
  #treeText: string | null = null;
  #tree: JsonRecord | null = null;
  #treeVersion = 0;
  #treeNote: string | null = null;
  #ads: AdsReport | null = null;
  /** The core's last ads request, when it failed (ask-again.ts). */
  #adsFailed: FailedAsk | null = null;
  readonly #products = new ProductCollection();
  readonly #refreshCards = new ProductRefreshCards();
  #transport: TransportObservation = { ...NOTHING_OBSERVED };
  #messagesBehindStream = false;
  /** The core's last request for the newest page while messages were behind the stream, when it failed. */
  #streamPageFailed: FailedAsk | null = null;
  /** The cursor paging stopped at, and why. */
  #pagingStop: { cursor: string; error: LensError } | null = null;
  #lastFreshAt: number | null = null;
  #warnings: string[] = [];
  #load: LoadState = IDLE;
  #offers: OffersRefreshState = NO_OFFERS_RUN;
  #revision = 0;
  /** Moves when anything the inspection reads changes; the load and offers states and warnings do not. */
  #contentRevision = 0;
  #normalized = { messages: 0, tree: 0 };
  #cache: { pages: number; tree: number; formats: HeldFormats } | null = null;
  #inspected: {
    formats: HeldFormats;
    revision: number;
    account: AdAccount | null;
    inspection: Inspection | null;
  } | null = null;
  #messagesFormat: Conversation | null = null;
  #treeFormat: Conversation | null = null;

  constructor(
    readonly conversationId: string,
    options: { now: () => number },
  ) {
    this.pages = new HeldPages(conversationId);
    this.#now = options.now;
  }

  /** Moves on every change of anything held, so a snapshot is rebuilt only when it would differ. */
  get revision(): number {
    return this.#revision;
  }

  /** How often each format was normalized: an unchanged tree poll adds nothing. */
  normalizations(): { messages: number; tree: number } {
    return { ...this.#normalized };
  }

  warnings(): string[] {
    return [...this.#warnings];
  }

  load(): LoadState {
    return this.#load;
  }

  offersRefresh(): OffersRefreshState {
    return this.#offers;
  }

  transport(): TransportObservation {
    return { ...this.#transport };
  }

  facts(): HoldingFacts {
    const olderCursor = this.pages.olderCursor();
    const now = this.#now();
    return {
      hasNewestPage: this.pages.raw().length > 0,
      olderCursor,
      pagingStopped: this.#pagingStopped(),
      askForAds: this.#ads === null ? askWhen(this.#adsFailed, now) : 'not-now',
      messagesBehindStream: this.#messagesBehindStream && pauseOver(this.#streamPageFailed, now),
      lastFreshAt: this.#lastFreshAt,
    };
  }

  /**
   * The failures of the core's own requests whose cause still holds: paging stopped at the held oldest
   * page, the ads or the newest page after an answer still missing. They outlast any later refresh that
   * asks for something else, and end when what they were for comes (from the page or the core).
   */
  lastingFailures(): LensError[] {
    return [
      this.#pagingStopped() ? this.#pagingStop?.error : undefined,
      this.#ads === null ? this.#adsFailed?.error : undefined,
      // Set only while behind the stream, and cleared with it.
      this.#streamPageFailed?.error,
    ].filter((error) => error !== undefined);
  }

  // ---- captured or fetched responses -------------------------------------------------------------

  /** A messages page (interface 4.1): `before` null for the newest page, else its cursor. */
  ingestMessagesPage(json: unknown, before: string | null): Result<PageIngest> {
    const outcome = this.pages.ingest(json, before);
    if (!outcome.ok) return this.#warn(outcome);
    if (before === null) this.#caughtUpWithStream();
    this.#fresh();
    return outcome;
  }

  ingestMessagesPageText(text: string, before: string | null): Result<PageIngest> {
    const json = parseJson(text);
    return json.ok ? this.ingestMessagesPage(json.value, before) : this.#warn(json);
  }

  /** Pages a load of the core returned (see HeldPages.adopt); the same pages again are only fresh. */
  adoptLoadedPages(rawPages: readonly unknown[], since: number, newestFetched: boolean): void {
    const changed = this.pages.adopt(rawPages, since);
    if (newestFetched) this.#caughtUpWithStream();
    if (changed) this.#fresh();
    else this.#lastFreshAt = this.#now();
  }

  /**
   * A tree body (interface 4.2), which the page polls: the same text as the last one is answered at the
   * cost of one string comparison, before any parse (issue 8, item 1: unchanged polls cost next to
   * nothing downstream). A body that cannot be read keeps the tree held before.
   */
  ingestTreeText(text: string): 'unchanged' | 'changed' | 'unreadable' {
    this.#lastFreshAt = this.#now();
    if (text === this.#treeText) return 'unchanged';
    this.#treeText = text;
    const json = parseJson(text);
    if (!json.ok) {
      this.#warn(json);
      return 'unreadable';
    }
    if (!isRecord(json.value) || !isRecord(json.value.mapping)) {
      // Rule 2: a tree without a mapping is absent, not an error; the messages format serves alone.
      this.#treeNote = 'The tree response has no mapping object.';
      // The formats are worked out again: the note is part of them.
      this.#treeVersion += 1;
      this.#contentChanged();
      return 'unreadable';
    }
    this.#tree = json.value;
    this.#treeVersion += 1;
    this.#fresh();
    return 'changed';
  }

  /**
   * A poll whose body the relay found equal to the last one of the same URL and did not pass on (issue 8,
   * item 1): nothing changed, but the page has just confirmed what is held is current.
   */
  noteUnchangedPoll(): void {
    this.#lastFreshAt = this.#now();
  }

  /** The ads body (interface 4.3), parsed at once: tracking values never stay held (DESIGN 4). */
  ingestAds(json: unknown): Result<AdsReport> {
    const parsed = parseAdsResponse(json);
    if (!parsed.ok) return this.#warn(parsed);
    this.#ads = parsed.value;
    this.#fresh();
    return parsed;
  }

  ingestAdsText(text: string): Result<AdsReport> {
    const json = parseJson(text);
    return json.ok ? this.ingestAds(json.value) : this.#warn(json);
  }

  noteAdsFailed(failed: FailedAsk): void {
    this.#adsFailed = failed;
  }

  /**
   * The core's request for the newest page failed. Behind a stream it is asked again after a pause, on any
   * trigger: the page's own tree polls keep the fallback poll from asking (interface 4.2).
   */
  noteNewestPageFailed(error: LensError): void {
    if (this.#messagesBehindStream) this.#streamPageFailed = { error, failedAt: this.#now() };
  }

  /**
   * A product_update call the page made (interface 4.4): the products of its event-stream body join the
   * offers, and its request body is kept (memory only) for a later refresh of the same product.
   */
  ingestProductUpdate(body: string, requestBody: string | null): void {
    const parsed = parseProductUpdateBody(body);
    if (!parsed.ok) {
      this.#warn(parsed);
      return;
    }
    for (const product of parsed.value.products) this.#products.add(product);
    const ids = parsed.value.products.flatMap((product) => (product.id === null ? [] : [product.id]));
    this.#refreshCards.noteCall(requestBody, ids, parsed.value.refreshKeys);
    this.#pushWarnings(parsed.warnings);
    this.#fresh();
  }

  /** The requests a product refresh run posts, one per product (interface 4.4); memory only. */
  productRefreshRequests() {
    return this.#refreshCards.requests();
  }

  noteProductRefreshRun(run: ProductRefreshRun): void {
    for (const product of run.products) this.#products.add(product);
    this.#refreshCards.noteKeys(run.refreshKeys);
    this.#contentChanged();
  }

  noteStream(note: StreamNote): void {
    const transport = { ...this.#transport };
    for (const [key, increment] of Object.entries(note.counts ?? {}) as [
      keyof TransportObservation,
      number,
    ][]) {
      if (key in transport && Number.isFinite(increment)) transport[key] += Math.max(0, increment);
    }
    this.#transport = transport;
    if (note.ended === true) {
      // A new answer: its newest page is asked for at once, whatever became of the last one's.
      this.#messagesBehindStream = true;
      this.#streamPageFailed = null;
    }
    this.#fresh();
  }

  // ---- state of the core's own work --------------------------------------------------------------

  setLoad(load: LoadState): void {
    // The same state again is no change: a refresh that found nothing new leaves the lens unwritten.
    if (JSON.stringify(load) === JSON.stringify(this.#load)) return;
    this.#load = load;
    this.#changed();
  }

  notePagingStopped(cursor: string, error: LensError): void {
    this.#pagingStop = { cursor, error };
  }

  setOffersRefresh(state: OffersRefreshState): void {
    this.#offers = state;
    this.#changed();
  }

  // ---- what is known -----------------------------------------------------------------------------

  /** Both formats as one conversation, normalized lazily: each format only when it changed. */
  formats(): HeldFormats {
    const pagesVersion = this.pages.version;
    if (this.#cache?.pages === pagesVersion && this.#cache.tree === this.#treeVersion) {
      return this.#cache.formats;
    }
    const warnings: string[] = [];
    if (this.#cache?.pages !== pagesVersion) {
      this.#messagesFormat = this.#normalize(
        'messages',
        () => normalizeMessagesFormat(this.pages.raw()),
        warnings,
      );
    }
    if (this.#cache?.tree !== this.#treeVersion && this.#tree !== null) {
      const tree = this.#tree;
      this.#treeFormat = this.#normalize('tree', () => normalizeTreeFormat(tree), warnings);
    }
    const merged = mergeConversationFormats({
      messages: this.#messagesFormat,
      tree: this.#treeFormat,
      missingNotes: { tree: this.#treeNote ?? undefined },
    });
    if (merged.ok) warnings.push(...merged.warnings);
    const formats: HeldFormats = {
      conversation: merged.ok ? merged.value : null,
      comparison:
        this.#messagesFormat !== null && this.#treeFormat !== null
          ? compareFormats(this.#messagesFormat, this.#treeFormat)
          : null,
      warnings,
    };
    this.#cache = { pages: pagesVersion, tree: this.#treeVersion, formats };
    return formats;
  }

  /**
   * The inspection of interface-wide insights, or null while no format of the conversation is held.
   * Kept until what it reads or the account changes: the snapshot and every export of an unchanged
   * 10,000-message conversation share one (issue 9 "Figures": the Export click), and a fallback poll's
   * load state going from loading to idle inspects nothing again.
   */
  inspection(account: AdAccount | null): Inspection | null {
    const formats = this.formats();
    const kept = this.#inspected;
    if (kept?.formats === formats && kept.revision === this.#contentRevision && kept.account === account)
      return kept.inspection;
    const { conversation, comparison } = formats;
    const inspection =
      conversation === null
        ? null
        : inspect({
            conversation,
            adsReport: this.#ads,
            account,
            products: this.#products.list(),
            transportObservation: this.#transport,
            formats: comparison,
          });
    this.#inspected = { formats, revision: this.#contentRevision, account, inspection };
    return inspection;
  }

  // ---- internals ---------------------------------------------------------------------------------

  #normalize(
    format: 'messages' | 'tree',
    run: () => Result<Conversation>,
    warnings: string[],
  ): Conversation | null {
    if (format === 'messages' && this.pages.raw().length === 0) return null;
    this.#normalized[format] += 1;
    const result = run();
    if (!result.ok) {
      warnings.push(result.error.message);
      return null;
    }
    warnings.push(...result.warnings);
    return result.value;
  }

  #pagingStopped(): boolean {
    const olderCursor = this.pages.olderCursor();
    return olderCursor !== null && olderCursor === this.#pagingStop?.cursor;
  }

  #caughtUpWithStream(): void {
    this.#messagesBehindStream = false;
    this.#streamPageFailed = null;
  }

  #fresh(): void {
    this.#lastFreshAt = this.#now();
    this.#contentChanged();
  }

  #contentChanged(): void {
    this.#contentRevision += 1;
    this.#changed();
  }

  #changed(): void {
    this.#revision += 1;
  }

  #pushWarnings(warnings: readonly string[]): void {
    if (warnings.length === 0) return;
    this.#warnings = [...this.#warnings, ...warnings].slice(-MAX_WARNINGS);
    this.#changed();
  }

  #warn<T>(failed: Result<T> & { ok: false }): Result<never> {
    this.#pushWarnings([failed.error.message]);
    return failed;
  }
}
