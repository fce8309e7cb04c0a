import type { HistoryItem } from '@/tests/replica/fixtures/account-history';
import { PROJECTS } from '@/tests/replica/fixtures/account-history';
import { pause, sendJson } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

/**
 * The conversation list as the site pages it (site-interface 10.7): the history by offset, at
 * most 100 at a time (422 above), the archived ones apart, and each project's own conversations by
 * cursor. A deep offset answers more slowly, as the site's does.
 */
const DEFAULT_LIMIT = 28;
const MAX_LIMIT = 100;
/** How much slower each thousand of offset answers. */
const DELAY_PER_THOUSAND_MS = 150;
const PROJECT_PAGE = 10;

function listItem(item: HistoryItem): Record<string, unknown> {
  return {
    id: item.id,
    title: item.title,
    create_time: new Date(item.createTime * 1000).toISOString(),
    update_time: new Date(item.updateTime * 1000).toISOString(),
    mapping: null,
    current_node: null,
    conversation_template_id: null,
    gizmo_id: item.projectId,
    is_archived: item.isArchived,
    is_starred: null,
    is_do_not_remember: false,
    workspace_id: null,
    async_status: null,
    safe_urls: [],
    blocked_urls: [],
    conversation_origin: null,
    snippet: null,
  };
}

/** FastAPI's answer to a query value out of bounds. */
function invalidQuery(context: HandlerContext, name: string, message: string): void {
  sendJson(context.response, 422, {
    detail: [
      {
        type: 'less_than_equal',
        loc: ['query', name],
        msg: message,
        input: context.url.searchParams.get(name),
      },
    ],
  });
}

const byUpdate = (a: HistoryItem, b: HistoryItem): number => b.updateTime - a.updateTime;
const byCreation = (a: HistoryItem, b: HistoryItem): number => b.createTime - a.createTime;

/** GET /backend-api/conversations?offset=&limit=&order=updated[&is_archived=true] */
export async function handleConversationList(context: HandlerContext): Promise<void> {
  const query = context.url.searchParams;
  const limit = Number(query.get('limit') ?? DEFAULT_LIMIT);
  const offset = Number(query.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    return invalidQuery(context, 'limit', `Input should be less than or equal to ${MAX_LIMIT}`);
  if (!Number.isInteger(offset) || offset < 0)
    return invalidQuery(context, 'offset', 'Input should be greater than or equal to 0');
  const archived = query.get('is_archived') === 'true';
  const listed = context.state
    .history()
    .filter((item) => item.projectId === null && item.isArchived === archived)
    .sort(query.get('order') === 'created' ? byCreation : byUpdate);
  const delay = Math.floor(offset / 1_000) * DELAY_PER_THOUSAND_MS;
  if (delay > 0) await pause(delay);
  sendJson(context.response, 200, {
    items: listed.slice(offset, offset + limit).map(listItem),
    total: listed.length,
    limit,
    offset,
    has_missing_conversations: false,
  });
}

/** GET /backend-api/gizmos/snorlax/sidebar: the projects of the sidebar. */
export function handleProjectSidebar(context: HandlerContext): void {
  sendJson(context.response, 200, {
    items: PROJECTS.map((project) => ({
      gizmo: { gizmo: { id: project.id, display: { name: project.name } }, files: [] },
      conversations: { items: [], cursor: null },
    })),
    cursor: null,
  });
}

/** GET /backend-api/gizmos/{gizmo_id}/conversations?cursor=: a project's conversations, newest first. */
export function handleProjectConversations(context: HandlerContext, projectId: string): void {
  const start = Number(context.url.searchParams.get('cursor') ?? 0) || 0;
  const listed = context.state
    .history()
    .filter((item) => item.projectId === projectId)
    .sort(byUpdate);
  const next = start + PROJECT_PAGE;
  sendJson(context.response, 200, {
    items: listed.slice(start, next).map(listItem),
    cursor: next < listed.length ? String(next) : null,
  });
}
