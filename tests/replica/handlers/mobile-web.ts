import { randomUUID } from 'node:crypto';
import { composeAnswer } from '@/tests/replica/answer-stream';
import { canaryValue } from '@/tests/replica/fixtures/canaries';
import { pause, readBody, sendDetail, sendJson } from '@/tests/replica/http-helpers';
import { MOBILE_WEB_HTML, mobileWebFailure, mobileWebFrames } from '@/tests/replica/mobile-web-answer';
import type { HandlerContext } from './context';
import { REFUSED_PROMPT_MARK } from './submit-prompt';

/** A prompt starting with this is refused inside the stream, by a `failed` control (site-interface 10.16). */
export const VERIFY_PROMPT_MARK = '[verify]';
/** The words the mobile web surface refuses a distrusted guest with. */
const VERIFICATION_REQUIRED = 'Chat verification required';
/** Pause between the answer's frames, so a page can be seen while the answer is being made. */
const FRAME_PAUSE_MS = 40;

/** POST /unauth-mweb/conversation/prepare: the conduit token the page's next call carries, a secret. */
export function handleMobileWebPrepare(context: HandlerContext): void {
  sendJson(context.response, 200, { conduit_token: canaryValue('conduitToken', randomUUID()) });
}

/**
 * POST /unauth-mweb/conversation/updates (site-interface 10.16): a signed-out prompt, form-encoded, answered
 * in HTML frames. The first prompt starts a conversation that only the answer names; the page sends its id
 * back in `conversationState`. A prompt marked REFUSED_PROMPT_MARK is refused before any stream (403, an
 * HTML page); one marked VERIFY_PROMPT_MARK inside it.
 */
export async function handleMobileWebUpdates(context: HandlerContext): Promise<void> {
  const form = new URLSearchParams(await readBody(context.request));
  const prompt = form.get('prompt')?.trim() ?? '';
  if (prompt === '') return sendDetail(context.response, 400, 'a prompt is required');
  if (prompt.startsWith(REFUSED_PROMPT_MARK)) {
    context.response.writeHead(403, { 'content-type': 'text/html; charset=utf-8' });
    context.response.end(`<!doctype html><html><body><h1>${VERIFICATION_REQUIRED}</h1></body></html>`);
    return;
  }
  const named = readConversationState(form.get('conversationState'));
  const conversation = context.state.streamNamedConversation(
    named ?? randomUUID(),
    context.now(),
    'signed-out',
  );
  context.response.writeHead(200, { 'content-type': MOBILE_WEB_HTML, 'cache-control': 'no-store' });
  if (prompt.startsWith(VERIFY_PROMPT_MARK)) {
    context.response.end(mobileWebFailure(conversation.id, VERIFICATION_REQUIRED));
    return;
  }
  const frames = mobileWebFrames({
    conversationId: conversation.id,
    messageId: randomUUID(),
    paragraphs: composeAnswer(prompt).split('\n\n'),
    sources: citedPages(prompt),
  });
  for (const frame of frames) {
    if (context.response.destroyed) return;
    context.response.write(frame);
    await pause(FRAME_PAUSE_MS);
  }
  context.response.end();
}

/** The conversation a follow-up prompt continues: `backendConversationId` of the state the page sends back. */
function readConversationState(text: string | null): string | null {
  try {
    const state: unknown = JSON.parse(text ?? 'null');
    const id =
      typeof state === 'object' && state !== null
        ? (state as Record<string, unknown>).backendConversationId
        : null;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}

/** The pages the answer cites: two sites on the prompt's words, one link with the tracking the site adds. */
function citedPages(prompt: string): Array<{ url: string; title: string; attribution: string }> {
  const slug = prompt
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return ['guide', 'forum'].map((site) => ({
    url: `https://www.${site}.example/${slug}?utm_source=chatgpt.com`,
    title: `${site} on ${prompt.slice(0, 40)}`,
    attribution: `${site}.example`,
  }));
}
