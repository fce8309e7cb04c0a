import { messagesResponseForPage, pageOfMessages } from '@/tests/replica/fixtures/formats';
import { sendDetail, sendJson, sendMalformedJson } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

/**
 * site-interface 4.1:
 * GET /backend-api/conversations/{id}?include_has_versions=true&num_turns=N[&before=cursor]
 */
/**
 * The page's older turns since autumn 2026 (site-interface 10.13): GET
 * /backend-api/conversations/{id}/messages?before=cursor, pages of OLDER_TURNS_PER_PAGE turns.
 */
export function handleOlderTurns(context: HandlerContext, conversationId: string): void {
  const conversation = context.state.conversation(conversationId);
  if (!conversation) {
    sendDetail(context.response, 404, 'Conversation not found');
    return;
  }
  const outcome = pageOfMessages(
    conversation,
    OLDER_TURNS_PER_PAGE,
    context.url.searchParams.get('before') ?? undefined,
  );
  if (outcome.ok) sendJson(context.response, 200, messagesResponseForPage(conversation, outcome.page));
  else sendDetail(context.response, 400, outcome.detail);
}

/** How many turns a page of older turns holds, as the page reads its history ten turns at a time. */
export const OLDER_TURNS_PER_PAGE = 10;

export function handleMessages(context: HandlerContext, conversationId: string): void {
  const { response, state, url } = context;
  if (state.scenario(conversationId)?.malformedMessages) {
    sendMalformedJson(response);
    return;
  }
  if (state.brokenStatus(conversationId) === 500) {
    sendDetail(response, 500, 'Internal server error');
    return;
  }
  const conversation = state.conversation(conversationId);
  const numTurnsText = url.searchParams.get('num_turns') ?? '100';
  const numTurns = Number(numTurnsText);
  if (!conversation) {
    sendDetail(response, 404, 'Conversation not found');
  } else if (!/^\d+$/.test(numTurnsText) || numTurns < 1) {
    sendDetail(response, 400, 'num_turns must be a positive integer');
  } else {
    const outcome = pageOfMessages(conversation, numTurns, url.searchParams.get('before') ?? undefined);
    if (outcome.ok) sendJson(response, 200, messagesResponseForPage(conversation, outcome.page));
    else sendDetail(response, 400, outcome.detail);
  }
}
