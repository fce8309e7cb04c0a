import { isRecord } from './json-read';

/**
 * Where a resume call goes on from (site-interface 10.15): the conversation its body names, and the
 * answer's event it asks for first; each null where the body does not say.
 */
export interface ResumePoint {
  conversationId: string | null;
  offset: number | null;
}

/**
 * The resume point of a resume call's request body (the page hook passes on only these two members).
 * Never throws: a body that is no JSON object names nothing.
 */
export function readResumeRequest(body: string | null | undefined): ResumePoint {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body ?? 'null');
  } catch {
    // Not JSON: no resume point.
  }
  const { conversation_id: id, offset } = isRecord(parsed) ? parsed : {};
  return {
    conversationId: typeof id === 'string' && id !== '' ? id : null,
    offset: Number.isSafeInteger(offset) && (offset as number) >= 0 ? (offset as number) : null,
  };
}
