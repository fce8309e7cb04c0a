import { isRecord, readIdentifier } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { fail, type LensError, ok, type Result } from '@/lib/model/result';
import type { BackendClient } from './backend-client';
import { readBody, statusError } from './http-error';

/** site-interface 10.13: the batch read takes ten conversations at the most (422 above). */
export const BATCH_SIZE = 10;

export const BATCH_PATH = '/backend-api/conversations/batch';

/**
 * How a batch read went (site-interface 10.13):
 * - 'loaded': the trees it gave, by conversation id; an id asked for and missing was left out;
 * - 'too-many': 422, the site takes fewer ids than were sent;
 * - 'absent': 404 or 403 on the path itself, an account or a site without it; no failure;
 * - 'failed': the request did not get an answer to read (a 429, the network, a 5xx, signed out, a body
 *   that is no list).
 */
export type BatchOutcome =
  | { status: 'loaded'; trees: Map<string, Record<string, unknown>> }
  | { status: 'too-many' }
  | { status: 'absent'; reason: string }
  | { status: 'failed'; error: LensError };

/** The id a tree of the answer goes by: `conversation_id`, or `id` as a data export's tree has it. */
const idOfTree = (tree: Record<string, unknown>): string | null =>
  readIdentifier(tree.conversation_id) ?? readIdentifier(tree.id);

/** The answer's JSON list; another status, a body cut off or no list is the typed error. */
async function readList(response: Response, what: string): Promise<Result<unknown[]>> {
  if (!response.ok) return statusError(response.status, what);
  const body = await readBody(response, what);
  if (!body.ok) return body;
  const json = parseJson(body.value);
  if (!json.ok) return fail('malformed-json', `${what}: ${json.error.message}`);
  return Array.isArray(json.value)
    ? ok(json.value)
    : fail('unexpected-shape', `${what}: the answer is no list.`);
}

/**
 * site-interface 10.13: `POST /backend-api/conversations/batch` `{"conversation_ids": [...]}`, through the
 * one rate governor as every call (architecture "One rate governor"). The answer is a JSON array of whole
 * conversations in the tree form; an item that is no tree, or names an id not asked for, is not read.
 */
export async function loadConversationsBatch(
  client: BackendClient,
  ids: readonly string[],
): Promise<BatchOutcome> {
  const what = `POST ${BATCH_PATH} (${ids.length} conversations)`;
  const sent = await client.send(BATCH_PATH, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ conversation_ids: ids }),
  });
  if (!sent.ok) return { status: 'failed', error: sent.error };
  const { status } = sent.value;
  if (status === 422) return { status: 'too-many' };
  if (status === 404 || status === 403) return { status: 'absent', reason: `${what} answered ${status}.` };
  const answer = await readList(sent.value, what);
  if (!answer.ok) return { status: 'failed', error: answer.error };
  const asked = new Set(ids);
  const trees = new Map<string, Record<string, unknown>>();
  for (const item of answer.value) {
    if (!isRecord(item) || !isRecord(item.mapping)) continue;
    const id = idOfTree(item);
    if (id !== null && asked.has(id)) trees.set(id, item);
  }
  return { status: 'loaded', trees };
}
