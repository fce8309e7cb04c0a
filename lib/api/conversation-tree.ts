import { isRecord } from '@/lib/model/json-read';
import type { LensError } from '@/lib/model/result';
import type { BackendClient } from './backend-client';

/**
 * The tree is optional (site-interface 9.2): a 404, a body without a mapping object, or any other shape makes
 * it 'absent', which is not an error; the conversation is then complete from the messages format alone. Only
 * a failed request (rate limit, network, server, signed out) is 'failed'.
 */
export type TreeOutcome =
  | { status: 'loaded'; tree: Record<string, unknown> }
  | { status: 'absent'; reason: string }
  | { status: 'failed'; error: LensError };

/** site-interface 4.2: GET /backend-api/conversation/{id} (singular path). */
export async function loadConversationTree(client: BackendClient, id: string): Promise<TreeOutcome> {
  const response = await client.getJson(`/backend-api/conversation/${encodeURIComponent(id)}`);
  if (!response.ok) {
    if (response.error.code === 'not-found')
      return { status: 'absent', reason: 'The tree path answered 404.' };
    if (response.error.code === 'malformed-json') return { status: 'absent', reason: response.error.message };
    return { status: 'failed', error: response.error };
  }
  const tree = response.value;
  if (!isRecord(tree)) return { status: 'absent', reason: 'The tree response is not a JSON object.' };
  if (!isRecord(tree.mapping))
    return { status: 'absent', reason: 'The tree response has no mapping object.' };
  return { status: 'loaded', tree };
}
