import { readJsonBody, sendDetail, sendJson } from '../http-helpers';
import { parseOverride } from '../overrides';
import type { RequestFilter } from '../request-log';
import type { HandlerContext } from './context';

/** GET /__replica/requests[?origin=&method=&status=&pathPrefix=]: the request log as JSON. */
export function handleControlRequests(context: HandlerContext): void {
  const query = context.url.searchParams;
  const filter: RequestFilter = {};
  const origin = query.get('origin');
  if (origin === 'page' || origin === 'extension' || origin === 'other') filter.origin = origin;
  const method = query.get('method');
  if (method) filter.method = method;
  const status = query.get('status');
  if (status) filter.status = Number(status);
  const pathPrefix = query.get('pathPrefix');
  if (pathPrefix) filter.pathPrefix = pathPrefix;
  sendJson(context.response, 200, context.state.log.list(filter));
}

/** POST /__replica/reset: fixtures as built, no overrides, empty log. */
export function handleControlReset(context: HandlerContext): void {
  context.state.reset();
  sendJson(context.response, 200, { ok: true });
}

/** POST /__replica/override/<id> with a ReplicaOverride or null as the JSON body. */
export async function handleControlOverride(context: HandlerContext, conversationId: string): Promise<void> {
  const override = parseOverride(await readJsonBody(context.request));
  if (override === undefined)
    return sendDetail(context.response, 400, 'body must be a ReplicaOverride or null');
  context.state.setOverride(conversationId, override);
  sendJson(context.response, 200, { ok: true, conversationId, override });
}
