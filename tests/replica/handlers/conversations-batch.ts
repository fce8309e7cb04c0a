import { wholeTree } from '@/tests/replica/fixtures/formats';
import { readJsonBody, sendDetail, sendJson } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

/** site-interface 10.13: the batch read takes ten conversations at the most. */
export const BATCH_LIMIT = 10;

/**
 * site-interface 10.13: POST /backend-api/conversations/batch `{"conversation_ids": […]}`. A JSON array of
 * the conversations in their whole tree form (as a data export holds them); one it cannot give is left
 * out; more than ten ids answer 422.
 */
export async function handleConversationsBatch(context: HandlerContext): Promise<void> {
  const body = await readJsonBody(context.request);
  const ids =
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { conversation_ids?: unknown }).conversation_ids)
      ? ((body as { conversation_ids: unknown[] }).conversation_ids.filter(
          (id) => typeof id === 'string',
        ) as string[])
      : null;
  if (ids === null) return sendDetail(context.response, 400, 'conversation_ids is required');
  if (ids.length > BATCH_LIMIT) return sendDetail(context.response, 422, 'at most 10 conversation_ids');
  // A broken conversation (account-history.ts) is one it cannot give, as is one a test leaves out.
  const trees = ids.flatMap((id) => {
    const conversation = context.state.conversation(id);
    const given = conversation !== undefined && context.state.override(id).leftOutOfBatch !== true;
    return given ? [wholeTree(conversation)] : [];
  });
  context.state.log.noteServed(
    context.response,
    trees.map((tree) => String(tree.conversation_id)),
  );
  sendJson(context.response, 200, trees);
}
