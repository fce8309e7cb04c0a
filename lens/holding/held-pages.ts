import { readIdentifier } from '@/lib/model/json-read';
import { type MessagesPage, mergeNewerPage, rawMessageId, readMessagesPage } from '@/lib/model/messages-page';
import { fail, ok, type Result } from '@/lib/model/result';
import type { HeldPagesProgress } from '@/lib/snapshot/snapshot-base';

/** What came of a messages page offered to the held pages. */
export type PageIngest = 'held' | 'merged' | 'restarted' | 'appended' | 'replaced';

const messageIds = (page: MessagesPage): string[] =>
  page.messages.map(rawMessageId).filter((id) => id !== null);

/**
 * The same pages as held. A load hands the held pages back as they were, and only the newest page it
 * fetched again is a new object: that one is compared by its JSON, a few hundred messages at most.
 */
const samePages = (loaded: readonly MessagesPage[], held: readonly MessagesPage[]): boolean =>
  loaded.length === held.length &&
  loaded.every(
    (page, index) =>
      page.record === held[index]?.record ||
      JSON.stringify(page.record) === JSON.stringify(held[index]?.record),
  );

/**
 * The raw messages-format pages of one conversation, newest first, as normalizeMessagesFormat reads
 * them and loadConversationPages takes them back as heldPages (site-interface 4.1). A newer newest page is
 * merged into the newest held one by message id (mergeNewerPage), so what is held grows by the new
 * messages only, never by a page per capture.
 */
export class HeldPages {
  #pages: MessagesPage[] = [];
  /** Moves on every change, so a load that ran meanwhile can tell what it started from. */
  #version = 0;
  #progress: HeldPagesProgress = { pagesLoaded: 0, messagesLoaded: 0, hasMore: false };

  constructor(readonly conversationId: string) {}

  get version(): number {
    return this.#version;
  }

  raw(): unknown[] {
    return this.#pages.map((page) => page.record);
  }

  progress(): HeldPagesProgress {
    return this.#progress;
  }

  /** The cursor the next older page is asked with (site-interface 4.1), or null when none is missing. */
  olderCursor(): string | null {
    const oldest = this.#pages[this.#pages.length - 1];
    return oldest?.pageInfo?.hasPreviousPage === true ? (oldest.pageInfo.startCursor ?? null) : null;
  }

  /**
   * A page the page loaded or the core fetched: `before` null for the newest page (site-interface 4.1: the
   * first request has no `before`), else the cursor it was asked with. A page of another conversation, or an
   * older page whose cursor names no held page, is refused with a typed error; nothing held changes.
   */
  ingest(json: unknown, before: string | null): Result<PageIngest> {
    const read = readMessagesPage(json);
    if (!read.ok) return read;
    const page = read.value;
    const owner = readIdentifier(page.record.conversation_id);
    if (owner !== null && owner !== this.conversationId) {
      return fail('unexpected-shape', `A messages page of conversation ${owner} was left out.`);
    }
    const outcome = before === null ? this.#ingestNewest(page) : this.#ingestOlder(page, before);
    if (outcome.ok) this.#changed();
    return outcome;
  }

  /**
   * Pages a load returned (LoadedPages.pages), `since` being the version it started from. Unchanged
   * meanwhile: they are what is held now. Changed (the page loaded something during the load): only the
   * pages older than the held oldest one are taken, so nothing fresher is overwritten. Answers whether
   * what is held changed: a fallback poll (site-interface 8) that found the newest page as held changes
   * nothing, and the formats are not normalized again for it.
   */
  adopt(rawPages: readonly unknown[], since: number): boolean {
    const loaded = rawPages.flatMap((raw) => {
      const page = readMessagesPage(raw);
      return page.ok ? [page.value] : [];
    });
    if (since === this.#version) {
      if (samePages(loaded, this.#pages)) return false;
      this.#pages = loaded;
    } else {
      const cursor = this.#pages[this.#pages.length - 1]?.pageInfo?.startCursor ?? null;
      const from = loaded.findIndex((page) => cursor !== null && page.pageInfo?.startCursor === cursor);
      if (from === -1) return false;
      this.#pages.push(...loaded.slice(from + 1));
    }
    this.#changed();
    return true;
  }

  #ingestNewest(page: MessagesPage): Result<PageIngest> {
    const newestHeld = this.#pages[0];
    if (newestHeld === undefined) {
      this.#pages = [page];
      return ok('held');
    }
    const heldIds = new Set(messageIds(newestHeld));
    if (!messageIds(page).some((id) => heldIds.has(id))) {
      // Nothing in common: more than a page arrived since, or another branch is active. The fresh page is
      // the truth; older pages are asked for again (site-interface 4.1) rather than guessed at.
      this.#pages = [page];
      return ok('restarted');
    }
    const merged = readMessagesPage(mergeNewerPage(page, newestHeld));
    this.#pages[0] = merged.ok ? merged.value : page;
    return ok('merged');
  }

  #ingestOlder(page: MessagesPage, before: string): Result<PageIngest> {
    const newer = this.#pages.findIndex((held) => held.pageInfo?.startCursor === before);
    if (newer === -1) {
      return fail('unexpected-shape', 'An older messages page whose cursor names no held page was left out.');
    }
    if (newer === this.#pages.length - 1) {
      this.#pages.push(page);
      return ok('appended');
    }
    this.#pages[newer + 1] = page;
    return ok('replaced');
  }

  #changed(): void {
    this.#version += 1;
    const ids = new Set(this.#pages.flatMap(messageIds));
    this.#progress = {
      pagesLoaded: this.#pages.length,
      messagesLoaded: ids.size,
      hasMore: this.#pages.at(-1)?.pageInfo?.hasPreviousPage === true,
    };
  }
}
