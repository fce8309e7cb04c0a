import type { AccountOptions } from '@/tests/replica/fixtures/account-history';
import { readJsonBody, sendDetail, sendJson } from '@/tests/replica/http-helpers';
import { parseOverride } from '@/tests/replica/overrides';
import type { RequestFilter } from '@/tests/replica/request-log';
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

/** Checks a control-API body: the account's options, or null when it is not them. */
export function parseAccountOptions(body: unknown): AccountOptions | null {
  if (typeof body !== 'object' || body === null) return null;
  const { generated, scenarios } = body as Record<string, unknown>;
  if (typeof generated !== 'number' || !Number.isInteger(generated) || generated < 0) return null;
  return typeof scenarios === 'boolean' ? { generated, scenarios } : null;
}

/** POST /__replica/account with `{generated, scenarios}`: what the account's history lists. */
export async function handleControlAccount(context: HandlerContext): Promise<void> {
  const account = parseAccountOptions(await readJsonBody(context.request));
  if (account === null)
    return sendDetail(
      context.response,
      400,
      'body must be {"generated": <whole number>, "scenarios": <boolean>}',
    );
  context.state.setAccount(account);
  sendJson(context.response, 200, { ok: true, account });
}

/** POST /__replica/change with `{"ids": [...]}`: those conversations change now (Replica.changeConversations). */
export async function handleControlChange(context: HandlerContext): Promise<void> {
  const body = (await readJsonBody(context.request)) as { ids?: unknown } | null | undefined;
  const ids = body?.ids;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
    return sendDetail(context.response, 400, 'body must be {"ids": [<conversation id>, ...]}');
  try {
    context.state.changeConversations(ids, context.now());
  } catch (error) {
    return sendDetail(context.response, 404, error instanceof Error ? error.message : String(error));
  }
  sendJson(context.response, 200, { ok: true, ids });
}

/** GET /__replica/test-page: the page a benchmark wrote (Replica.setTestPage), on the chat site's origin. */
export function handleControlTestPage(context: HandlerContext): void {
  const html = context.state.testPages.html;
  if (html === null) {
    sendDetail(context.response, 404, 'No test page was set');
    return;
  }
  context.response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Cross-origin isolated, so the page's performance.now() resolves 5 µs rather than 100 µs: a timing
    // page sees each call's cost, not only the mean of many (the chat site's own fetches are same-origin).
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  });
  context.response.end(html);
}

/** POST /__replica/report with a JSON body: what the test page measured (Replica.nextReport). */
export async function handleControlReport(context: HandlerContext): Promise<void> {
  context.state.testPages.report(await readJsonBody(context.request));
  sendJson(context.response, 200, { ok: true });
}
