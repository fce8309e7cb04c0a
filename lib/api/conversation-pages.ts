import { type MessagesPage, mergeNewerPage, rawMessageId, readMessagesPage } from '@/lib/model/messages-page';
import { fail, type LensError, type Result } from '@/lib/model/result';
import type { BackendClient } from './backend-client';

/** site-interface 8: the client sends num_turns=100. */
export const TURNS_PER_PAGE = 100;

export interface PagesProgress {
  /** Pages now held, the merged held ones included. */
  pagesLoaded: number;
  /** Distinct messages now held. */
  messagesLoaded: number;
}

export interface LoadPagesOptions {
  /** Called after every page, so the UI can show a bar. */
  onProgress?: (progress: PagesProgress) => void;
  /** The pages of an earlier load (LoadedPages.pages): only the newest page is fetched again. */
  heldPages?: unknown[];
  /**
   * The held newest page is current (the page itself just loaded it): it is not fetched again, only the
   * older pages the held ones stop short of are (architecture "Passive first").
   */
  newestHeldIsCurrent?: boolean;
  /**
   * false: no page older than the held oldest one is asked for (the caller knows paging stopped there for
   * a reason asking again will not cure). Default true.
   */
  olderPages?: boolean;
  /** Where older pages are asked for (OlderTurnsPath); the document's path unless given. */
  olderTurnsPath?: OlderTurnsPath;
}

/**
 * The path older pages are asked on: the conversation's own (site-interface 4.1, `?before=`), or the path
 * of older turns the page reads since autumn 2026, `/messages?before=` (site-interface 10.13).
 */
export type OlderTurnsPath = 'conversation' | 'messages';

export interface LoadedPages {
  /** The raw responses, newest first; pass them back as heldPages for an incremental refresh. */
  pages: unknown[];
  /** The oldest page says has_previous_page false. */
  complete: boolean;
  /** Why loading stopped early; every page loaded before it is still in `pages`. */
  error: LensError | null;
  warnings: string[];
  /** Requests this load sent. */
  requests: number;
}

const idsOf = (page: MessagesPage): string[] =>
  page.messages.map(rawMessageId).filter((messageId) => messageId !== null);

const last = <T>(list: readonly T[]): T | undefined => list[list.length - 1];

/** The requests of one load: the cursor and progress guards of site-interface 4.1 live here. */
function createPager(client: BackendClient, id: string, olderTurnsPath: OlderTurnsPath) {
  const path = `/backend-api/conversations/${encodeURIComponent(id)}`;
  const usedCursors = new Set<string>();
  const knownIds = new Set<string>();
  let requests = 0;

  /** Counts a page's messages as held; answers how many were new. */
  const remember = (page: MessagesPage): number => {
    const before = knownIds.size;
    for (const messageId of idsOf(page)) knownIds.add(messageId);
    return knownIds.size - before;
  };

  const fetchPage = async (before: string | undefined): Promise<Result<MessagesPage>> => {
    requests += 1;
    const label = `Page ${requests} of conversation ${id}`;
    const response =
      before !== undefined && olderTurnsPath === 'messages'
        ? await client.getJson(`${path}/messages`, { before })
        : await client.getJson(path, { include_has_versions: true, num_turns: TURNS_PER_PAGE, before });
    if (!response.ok)
      return { ok: false, error: { ...response.error, message: `${label}: ${response.error.message}` } };
    const page = readMessagesPage(response.value);
    return page.ok ? page : fail('unexpected-shape', `${label}: ${page.error.message}`);
  };

  const newest = async (): Promise<Result<MessagesPage>> => {
    const page = await fetchPage(undefined);
    if (page.ok) remember(page.value);
    return page;
  };

  /**
   * The page older than `page`. A missing cursor, a cursor used before, or an answer that adds no
   * message while still claiming older ones is an error that names the page.
   */
  const olderThan = async (page: MessagesPage): Promise<Result<MessagesPage>> => {
    const cursor = page.pageInfo?.startCursor ?? null;
    const label = `Page ${requests + 1} of conversation ${id}`;
    if (cursor === null) {
      return fail(
        'unexpected-shape',
        `${label} cannot be asked for: older messages exist but no start_cursor.`,
      );
    }
    if (usedCursors.has(cursor)) {
      return fail('paging-loop', `${label} would repeat a cursor already used; paging stopped.`);
    }
    usedCursors.add(cursor);
    const older = await fetchPage(cursor);
    if (!older.ok) return older;
    if (remember(older.value) === 0 && older.value.pageInfo?.hasPreviousPage === true) {
      return fail('paging-loop', `${label} adds no new message; paging stopped.`);
    }
    return older;
  };

  return { newest, olderThan, remember, requests: () => requests, messages: () => knownIds.size };
}

type Pager = ReturnType<typeof createPager>;

const overlaps = (page: MessagesPage, ids: ReadonlySet<string>): boolean =>
  idsOf(page).some((messageId) => ids.has(messageId));

/**
 * Incremental refresh: the fresh newest page, and newer pages back until one meets a held message, merged
 * into the held pages by message id. Returns the pages and what stopped it.
 */
async function refreshHeld(
  pager: Pager,
  newest: MessagesPage,
  held: MessagesPage[],
  warnings: string[],
): Promise<{ pages: MessagesPage[]; error: LensError | null }> {
  const heldIds = new Set(held.flatMap(idsOf));
  const fresh = [newest];
  let oldestFresh = newest;
  while (!overlaps(oldestFresh, heldIds) && oldestFresh.pageInfo?.hasPreviousPage === true) {
    const older = await pager.olderThan(oldestFresh);
    if (!older.ok) {
      warnings.push('Messages between the fresh and the held pages may be missing.');
      return { pages: [...fresh, ...held], error: older.error };
    }
    fresh.push(older.value);
    oldestFresh = older.value;
  }
  const newestHeld = held[0];
  // The fresh pages reached the start without meeting a held message: they replace the held ones.
  if (newestHeld === undefined || !overlaps(oldestFresh, heldIds)) return { pages: fresh, error: null };
  const merged = readMessagesPage(mergeNewerPage(oldestFresh, newestHeld));
  const joint = merged.ok ? [merged.value] : [oldestFresh, newestHeld];
  return { pages: [...fresh.slice(0, -1), ...joint, ...held.slice(1)], error: null };
}

function readHeldPages(heldPages: unknown[], warnings: string[]): MessagesPage[] {
  const held: MessagesPage[] = [];
  for (const [index, raw] of heldPages.entries()) {
    const page = readMessagesPage(raw);
    if (page.ok) held.push(page.value);
    else warnings.push(`Held page ${index + 1} was dropped: ${page.error.message}`);
  }
  return held;
}

/**
 * site-interface 4.1: the newest page without `before`, then `before = start_cursor` of the oldest page
 * while has_previous_page is true. With held pages only the newest page is loaded again and merged
 * by message id; paging then goes on only where the held pages stopped short. Whatever stops the
 * load, every page loaded before it stays in the result.
 */
export async function loadConversationPages(
  client: BackendClient,
  id: string,
  options: LoadPagesOptions = {},
): Promise<LoadedPages> {
  const warnings: string[] = [];
  const pager = createPager(client, id, options.olderTurnsPath ?? 'conversation');
  const held = readHeldPages(options.heldPages ?? [], warnings);
  let pages = held;
  const report = (): void =>
    options.onProgress?.({ pagesLoaded: pages.length, messagesLoaded: pager.messages() });
  const finish = (error: LensError | null): LoadedPages => ({
    pages: pages.map((page) => page.record),
    complete: error === null && last(pages)?.pageInfo?.hasPreviousPage === false,
    error,
    warnings,
    requests: pager.requests(),
  });

  let error: LensError | null = null;
  if (options.newestHeldIsCurrent !== true || held.length === 0) {
    const newest = await pager.newest();
    if (!newest.ok) {
      for (const page of held) pager.remember(page);
      return finish(newest.error);
    }
    if (held.length === 0) pages = [newest.value];
    else ({ pages, error } = await refreshHeld(pager, newest.value, held, warnings));
  }
  for (const page of pages) pager.remember(page);
  report();

  // site-interface 4.1: page again with before = start_cursor until has_previous_page is false.
  let oldest = last(pages);
  while (
    error === null &&
    options.olderPages !== false &&
    oldest !== undefined &&
    oldest.pageInfo?.hasPreviousPage === true
  ) {
    const older = await pager.olderThan(oldest);
    if (!older.ok) {
      error = older.error;
      break;
    }
    pages.push(older.value);
    oldest = older.value;
    report();
  }
  return finish(error);
}
