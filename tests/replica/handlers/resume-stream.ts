import { readJsonBody, sendJson } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

/**
 * site-interface 10.15: POST /backend-api/f/conversation/resume `{"conversation_id", "offset"}`. The rest
 * of an answer handed off to it, from event `offset` on; an answer already whole is stored, and the call is
 * told so with 410 `persisted_final_available`.
 */
export async function handleResumeStream(context: HandlerContext): Promise<void> {
  const body = await readJsonBody(context.request);
  const { conversation_id: id, offset } =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const answer = typeof id === 'string' ? context.state.resumedAnswers.get(id) : undefined;
  if (answer === undefined) {
    sendJson(context.response, 410, {
      detail: { code: 'persisted_final_available', message: 'The answer is final; load the conversation.' },
    });
    return;
  }
  await answer.serve(context.response, Number.isSafeInteger(offset) ? (offset as number) : 0);
}
