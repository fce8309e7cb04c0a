import { treeResponse } from '@/tests/replica/fixtures/formats';
import { sendDetail, sendJson } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

/** site-interface 4.2: GET /backend-api/conversation/{id}; 404 where the scenario or an override says so. */
export function handleTree(context: HandlerContext, conversationId: string): void {
  const { response, state } = context;
  if (state.brokenStatus(conversationId) === 500) {
    sendDetail(response, 500, 'Internal server error');
    return;
  }
  const missing = state.override(conversationId).treeMissing ?? state.scenario(conversationId)?.treeMissing;
  const conversation = missing ? undefined : state.conversation(conversationId);
  if (conversation) sendJson(response, 200, treeResponse(conversation));
  else sendDetail(response, 404, 'Conversation not found');
}
