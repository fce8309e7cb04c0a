import { messagesResponseForPage, pageOfMessages } from '../fixtures/formats';
import { sendDetail, sendJson } from '../http-helpers';
import type { HandlerContext } from './context';

/** The malformed scenario's body: valid JSON up to where it stops. */
const MALFORMED_MESSAGES_BODY = '{"title": "Broken", "messages": [';

/** interface 4.1: GET /backend-api/conversations/{id}?include_has_versions=true&num_turns=N[&before=cursor] */
export function handleMessages(context: HandlerContext, conversationId: string): void {
  const { response, state, url } = context;
  if (state.scenario(conversationId)?.malformedMessages) {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(MALFORMED_MESSAGES_BODY);
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
