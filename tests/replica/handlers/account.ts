import { sessionBody } from '@/tests/replica/auth';
import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { promptIdsOf } from '@/tests/replica/fixtures/paging';
import { sendJson } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

/** GET /api/auth/session: the access token, only for a browser holding the session cookie. */
export function handleSession(context: HandlerContext): void {
  sendJson(context.response, 200, sessionBody(context.request, context.credentials, context.now()));
}

/** site-interface 4.6: GET /backend-api/me */
export function handleMe(context: HandlerContext): void {
  sendJson(context.response, 200, meResponse());
}

/** site-interface 4.3: GET /backend-api/bazaar/conversation/{id}/ads */
export function handleAds(context: HandlerContext, conversationId: string): void {
  const scenario = context.state.scenario(conversationId);
  const conversation = context.state.conversation(conversationId);
  // The ads name the prompts they were served with, as the site's name its turns.
  const promptIds = conversation === undefined ? [] : promptIdsOf(conversation);
  // The live scenarios send the ads in the live site's form (site-interface 10.4).
  sendJson(
    context.response,
    200,
    adsResponse(conversationId, scenario?.withAds ?? false, scenario?.wire ?? 'document', promptIds),
  );
}
