import {
  type ListedConversation,
  type ListedProject,
  type ListPage,
  readListPage,
  readProjectSidebar,
} from '@/lib/model/conversation-list';
import { fail, type LensError, type Result } from '@/lib/model/result';
import type { BackendClient, QueryValue } from './backend-client';

/** site-interface 10.7: the list answers 422 above 100. */
export const LIST_PAGE_SIZE = 100;
const HISTORY_PATH = '/backend-api/conversations';
const SIDEBAR_PATH = '/backend-api/gizmos/snorlax/sidebar';
/** More pages than any account holds: a list that never ends is a loop, not an account. */
const MOST_PAGES = 2_000;

/** What to do after a request failed: ask again (after a wait the caller sat out), or stop the listing. */
export type AfterFailure = 'retry' | 'stop';

export interface ListAccountOptions {
  /**
   * The update times recorded by an earlier run, by id. A whole page whose every item is recorded with the
   * same update time ends that list: the list is newest first, so the rest is unchanged too.
   */
  known?: ReadonlyMap<string, number | null>;
  /** Called with each failed request's error; answers whether to ask again. */
  failed(error: LensError): Promise<AfterFailure>;
  /** After each page: how many distinct conversations are listed so far. */
  progress?(listed: number): void;
  /** Asked before each request: true ends the listing at once (the user paused or cancelled). */
  stopped?(): boolean;
}

export interface AccountListing {
  /** Every conversation listed, each once, history first, then archived, then by project. */
  items: ListedConversation[];
  /** Why listing stopped before the end; null when every list was read (or ended as unchanged). */
  error: LensError | null;
  requests: number;
  /** The sidebar's projects, each with its name. */
  projects: ListedProject[];
}

type PageRequest = (path: string, query: Record<string, QueryValue>) => Promise<Result<unknown>>;

const unchanged = (page: ListPage, known: ReadonlyMap<string, number | null> | undefined): boolean =>
  known !== undefined &&
  page.items.length > 0 &&
  page.items.every((item) => known.has(item.id) && known.get(item.id) === item.updateTime);

/**
 * The whole account's conversations (site-interface 10.7): the history by offset, `limit` 100, until a short
 * page or the offset reaches `total`; then the archived ones; then each project of the sidebar by cursor
 * until none comes back. Duplicates are dropped, the first listing kept. Requests go one at a time through
 * the client, so through the one rate governor; a failed one is asked again or ends the listing, as
 * `failed` decides. What was listed before a stop is kept.
 */
export async function listAccount(
  client: BackendClient,
  options: ListAccountOptions,
): Promise<AccountListing> {
  const byId = new Map<string, ListedConversation>();
  let requests = 0;
  let error: LensError | null = null;

  const request: PageRequest = async (path, query) => {
    for (;;) {
      if (options.stopped?.() === true) return fail('http', 'The listing was stopped.');
      requests += 1;
      const answer = await client.getJson(path, query);
      if (answer.ok || (await options.failed(answer.error)) === 'stop') return answer;
    }
  };

  /** Reads pages until `next` says none is left; false when a request or a page failed. */
  const readPages = async (
    first: Record<string, QueryValue>,
    path: string,
    context: { projectId: string | null; archived: boolean },
    next: (page: ListPage, query: Record<string, QueryValue>) => Record<string, QueryValue> | null,
  ): Promise<boolean> => {
    let query: Record<string, QueryValue> | null = first;
    for (let pages = 0; query !== null && pages < MOST_PAGES; pages += 1) {
      const answer = await request(path, query);
      const page = answer.ok ? readListPage(answer.value, context) : answer;
      if (!page.ok) {
        error = page.error;
        return false;
      }
      const before = byId.size;
      for (const item of page.value.items) if (!byId.has(item.id)) byId.set(item.id, item);
      options.progress?.(byId.size);
      // A page of nothing new is the end: an unchanged stretch, or a server that repeats itself.
      if (unchanged(page.value, options.known) || (byId.size === before && page.value.items.length > 0))
        break;
      query = next(page.value, query);
    }
    return true;
  };

  const byOffset = (archived: boolean): Promise<boolean> =>
    readPages(
      { offset: 0, limit: LIST_PAGE_SIZE, order: 'updated', is_archived: archived ? true : undefined },
      HISTORY_PATH,
      { projectId: null, archived },
      (page, query) => {
        const offset = Number(query.offset) + page.items.length + page.skipped;
        const short = page.items.length + page.skipped < LIST_PAGE_SIZE;
        return short || (page.total !== null && offset >= page.total) ? null : { ...query, offset };
      },
    );

  const byCursor = (project: ListedProject): Promise<boolean> =>
    readPages(
      {},
      `/backend-api/gizmos/${encodeURIComponent(project.id)}/conversations`,
      {
        projectId: project.id,
        archived: false,
      },
      (page) => (page.cursor === null ? null : { cursor: page.cursor }),
    );

  const projects: ListedProject[] = [];
  const listProjects = async (): Promise<boolean> => {
    let cursor: string | null = null;
    for (let pages = 0; pages < MOST_PAGES; pages += 1) {
      const answer = await request(SIDEBAR_PATH, { cursor: cursor ?? undefined });
      const sidebar = answer.ok ? readProjectSidebar(answer.value) : answer;
      if (!sidebar.ok) {
        error = sidebar.error;
        return false;
      }
      projects.push(
        ...sidebar.value.projects.filter((project) => !projects.some((p) => p.id === project.id)),
      );
      if (sidebar.value.cursor === null || sidebar.value.cursor === cursor) return true;
      cursor = sidebar.value.cursor;
    }
    return true;
  };

  if ((await byOffset(false)) && (await byOffset(true)) && (await listProjects()))
    for (const project of projects) if (!(await byCursor(project))) break;
  return { items: [...byId.values()], error, requests, projects };
}
