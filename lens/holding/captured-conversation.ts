import type { ProductRefreshRun } from '@/lib/api/product-update-refresh';
import { type AdsReport, noAdsListed, parseAdsResponse } from '@/lib/model/ad-record';
import { isRecord, type JsonRecord } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { ProductCollection } from '@/lib/model/product-collection';
import type { Product } from '@/lib/model/product-entity';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import type { Result } from '@/lib/model/result';
import { type HeldStream, heldTurn } from '@/lib/model/stream-collector';
import type { StreamedTurn } from '@/lib/model/streamed-turn';
import { NOTHING_OBSERVED, type TransportObservation } from '@/lib/model/transport';
import { HeldPages, type PageIngest } from './held-pages';
import { ProductRefreshCards } from './product-refresh-cards';

/** Only the latest ingest warnings are kept: a tab open all day must not grow without end. */
const MAX_WARNINGS = 20;
/** The answer streams kept per conversation: the newest turns; older ones are in the fetched formats. */
const MAX_STREAMS = 50;

/** The tree body last held (site-interface 4.2), and why there is none when it could not be read. */
interface HeldTree {
  text: string | null;
  json: JsonRecord | null;
  /** Moves whenever the tree or its note changed, so the formats are worked out again. */
  version: number;
  note: string | null;
}

/**
 * What the page and the core brought of one conversation, as it came (architecture "Passive first"): the
 * messages pages, the tree, the ads, the products and what the answer streams said of their transport.
 * Bodies are parsed where they arrive, so tracking values and token-bearing members never stay held
 * (architecture "Secrets"); the lookup keys a product refresh needs live here and only here.
 */
export class CapturedConversation {
  readonly pages: HeldPages;
  readonly #now: () => number;
  #tree: HeldTree = { text: null, json: null, version: 0, note: null };
  #ads: AdsReport | null = null;
  readonly #products = new ProductCollection();
  readonly #refreshCards = new ProductRefreshCards();
  #transport: TransportObservation = { ...NOTHING_OBSERVED };
  #warnings: string[] = [];
  #lastFreshAt: number | null = null;
  /** The answer streams by key (the tab's stream number, or the WebSocket topic), oldest first. */
  readonly #streams = new Map<string, HeldStream>();
  #streamVersion = 0;
  /** Moves on every change, warnings included. */
  #revision = 0;
  /** Moves when anything the inspection reads changes. */
  #contentRevision = 0;

  constructor(conversationId: string, now: () => number) {
    this.pages = new HeldPages(conversationId);
    this.#now = now;
  }

  get revision(): number {
    return this.#revision;
  }

  get contentRevision(): number {
    return this.#contentRevision;
  }

  /** Moves whenever a stream brought more. */
  get streamVersion(): number {
    return this.#streamVersion;
  }

  /** The turns the streams have assembled so far, in the order they started. */
  streamedTurns(): StreamedTurn[] {
    return [...this.#streams.values()].map(heldTurn);
  }

  /** An answer stream brought more (it is read on by its reader): the inspection shows it. */
  noteStream(key: string, stream: HeldStream): void {
    // A stream already held keeps its place: turns stay in the order they started.
    this.#streams.set(key, stream);
    for (const old of this.#streams.keys()) {
      if (this.#streams.size <= MAX_STREAMS) break;
      this.#streams.delete(old);
    }
    this.#streamVersion += 1;
    this.#fresh();
  }

  tree(): Readonly<HeldTree> {
    return this.#tree;
  }

  ads(): AdsReport | null {
    return this.#ads;
  }

  products(): Product[] {
    return this.#products.list();
  }

  transport(): TransportObservation {
    return { ...this.#transport };
  }

  warnings(): string[] {
    return [...this.#warnings];
  }

  /** When the page or the core last brought anything of the conversation; null when never. */
  lastFreshAt(): number | null {
    return this.#lastFreshAt;
  }

  /** A messages page (site-interface 4.1): `before` null for the newest page, else its cursor. */
  ingestMessagesPage(json: unknown, before: string | null): Result<PageIngest> {
    const outcome = this.pages.ingest(json, before);
    if (!outcome.ok) return this.warn(outcome);
    this.#fresh();
    return outcome;
  }

  /** Pages a load of the core returned (HeldPages.adopt); the same pages again are only fresh. */
  adoptLoadedPages(rawPages: readonly unknown[], since: number): void {
    if (this.pages.adopt(rawPages, since)) this.#fresh();
    else this.#lastFreshAt = this.#now();
  }

  /**
   * A tree body (site-interface 4.2), which the page polls: the same text as the last one is answered at
   * the cost of one string comparison, before any parse, since an unchanged poll must cost next to
   * nothing downstream. A body that cannot be read keeps the tree held before.
   */
  ingestTreeText(text: string): 'unchanged' | 'changed' | 'unreadable' {
    this.#lastFreshAt = this.#now();
    if (text === this.#tree.text) return 'unchanged';
    const json = parseJson(text);
    if (!json.ok) {
      this.#tree = { ...this.#tree, text };
      this.warn(json);
      return 'unreadable';
    }
    return this.#ingestTree(text, json.value);
  }

  /** A tree read already (`text` its body, the key an unchanged one is known by). */
  #ingestTree(text: string, tree: unknown): 'changed' | 'unreadable' {
    if (!isRecord(tree) || !isRecord(tree.mapping)) {
      // site-interface 9.2: a tree without a mapping is absent, not an error; the messages format serves
      // alone. The note is part of the formats, so they are worked out again.
      this.#tree = {
        ...this.#tree,
        text,
        version: this.#tree.version + 1,
        note: 'The tree response has no mapping object.',
      };
      this.#contentChanged();
      return 'unreadable';
    }
    this.#tree = { ...this.#tree, text, json: tree, version: this.#tree.version + 1 };
    this.#fresh();
    return 'changed';
  }

  /**
   * A batch answer of the page (site-interface 10.13), a JSON array of conversations in the tree form: the
   * one of `conversationId` is read as its tree; the others are not this holding's. A batch that leaves it
   * out changes nothing.
   */
  ingestBatchText(body: string, conversationId: string): 'unchanged' | 'changed' | 'unreadable' {
    const json = parseJson(body);
    if (!json.ok) {
      this.warn(json);
      return 'unreadable';
    }
    const trees = Array.isArray(json.value) ? json.value : [];
    const tree = trees.find((item) => isRecord(item) && (item.conversation_id ?? item.id) === conversationId);
    if (tree === undefined) return 'unchanged';
    // Its text is the key an unchanged copy is known by; the tree is read already, not parsed again.
    this.#lastFreshAt = this.#now();
    const text = JSON.stringify(tree);
    return text === this.#tree.text ? 'unchanged' : this.#ingestTree(text, tree);
  }

  /**
   * A poll whose body the page hook found equal to the last one of the same URL and did not pass on:
   * nothing changed, but the page has just confirmed what is held is current.
   */
  noteUnchangedPoll(): void {
    this.#lastFreshAt = this.#now();
  }

  /** The ads body (site-interface 4.3), parsed at once: tracking values never stay held. */
  ingestAds(json: unknown): Result<AdsReport> {
    const parsed = parseAdsResponse(json);
    if (!parsed.ok) return this.warn(parsed);
    this.#ads = parsed.value;
    this.#fresh();
    return parsed;
  }

  /**
   * The ads endpoint has none for this conversation (a 404 or 403 to the core's request): held as an ads
   * response that showed none, unless one was held meanwhile.
   */
  noteNoAds(): void {
    if (this.#ads !== null) return;
    this.#ads = noAdsListed();
    this.#contentChanged();
  }

  ingestAdsText(text: string): Result<AdsReport> {
    const json = parseJson(text);
    return json.ok ? this.ingestAds(json.value) : this.warn(json);
  }

  /**
   * A product_update call the page made (site-interface 4.4): the products of its event-stream body join
   * the offers, and its request body is kept (memory only) for a later refresh of the same product.
   */
  ingestProductUpdate(body: string, requestBody: string | null): void {
    const parsed = parseProductUpdateBody(body);
    if (!parsed.ok) {
      this.warn(parsed);
      return;
    }
    for (const product of parsed.value.products) this.#products.add(product);
    const ids = parsed.value.products.flatMap((product) => (product.id === null ? [] : [product.id]));
    this.#refreshCards.noteCall(requestBody, ids, parsed.value.refreshKeys);
    this.#pushWarnings(parsed.warnings);
    this.#fresh();
  }

  /** The requests a product refresh run posts, one per product (site-interface 4.4); memory only. */
  productRefreshRequests() {
    return this.#refreshCards.requests();
  }

  noteProductRefreshRun(run: ProductRefreshRun): void {
    for (const product of run.products) this.#products.add(product);
    this.#refreshCards.noteKeys(run.refreshKeys);
    this.#contentChanged();
  }

  /** Increments of the transport observation's counts (site-interface 6): stream items, SSE answers… */
  countStream(counts: Partial<TransportObservation>): void {
    const transport = { ...this.#transport };
    for (const [key, increment] of Object.entries(counts) as [keyof TransportObservation, number][]) {
      if (key in transport && Number.isFinite(increment)) transport[key] += Math.max(0, increment);
    }
    this.#transport = transport;
    this.#fresh();
  }

  /** A failed ingest: its message joins the warnings, nothing held changes. */
  warn<T>(failed: Result<T> & { ok: false }): Result<never> {
    this.#pushWarnings([failed.error.message]);
    return failed;
  }

  #pushWarnings(warnings: readonly string[]): void {
    if (warnings.length === 0) return;
    this.#warnings = [...this.#warnings, ...warnings].slice(-MAX_WARNINGS);
    this.#revision += 1;
  }

  #fresh(): void {
    this.#lastFreshAt = this.#now();
    this.#contentChanged();
  }

  #contentChanged(): void {
    this.#contentRevision += 1;
    this.#revision += 1;
  }
}
