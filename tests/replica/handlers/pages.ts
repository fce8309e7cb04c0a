import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sessionCookieHeader } from '@/tests/replica/auth';
import { canaryValue } from '@/tests/replica/fixtures/canaries';
import { productCards } from '@/tests/replica/fixtures/products';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import {
  chatPageHtml,
  indexPageHtml,
  mobileWebPageHtml,
  signedOutPageHtml,
  temporaryChatPageHtml,
  transientChatPageHtml,
} from '@/tests/replica/page-html';
import type { HandlerContext } from './context';

const CLIENT_SCRIPT = readFileSync(new URL('../client/replica-client.js', import.meta.url), 'utf8');

function sendHtml(context: HandlerContext, html: string): void {
  context.response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The page signs the browser in, as the site does after login.
    'set-cookie': sessionCookieHeader(context.credentials),
  });
  context.response.end(html);
}

/** GET /c/{id}: the chat page of one conversation. */
export function handleChatPage(context: HandlerContext, conversationId: string): void {
  // site-interface 10.12: a transient page of a new chat, whose real id its first answer names.
  if (conversationId.startsWith('WEB:')) {
    sendHtml(context, transientChatPageHtml());
    return;
  }
  const scenario = context.state.scenario(conversationId);
  sendHtml(
    context,
    chatPageHtml({
      conversationId,
      transport: scenario?.transport ?? 'sse',
      wire: scenario?.wire ?? 'document',
      productCards: scenario?.withProducts ? productCards(conversationId) : [],
    }),
  );
}

/** GET /: links to every fixture conversation; with ?temporary-chat=true, a temporary chat (site-interface 10.12). */
export function handleIndexPage(context: HandlerContext): void {
  const temporary = new URL(context.request.url ?? '/', 'https://chatgpt.com').searchParams.get(
    'temporary-chat',
  );
  sendHtml(context, temporary === 'true' ? temporaryChatPageHtml() : indexPageHtml(Object.values(SCENARIOS)));
}

/** GET /signed-out: the chat page of a visitor who is not signed in; it signs nobody in. */
export function handleSignedOutPage(context: HandlerContext): void {
  context.response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  context.response.end(signedOutPageHtml());
}

/** GET /mobile-web, /uc/<id>: a signed-out visitor's chat on the mobile web surface (site-interface 10.16). */
export function handleMobileWebPage(context: HandlerContext): void {
  context.response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  const token = (use: string): string => canaryValue('formToken', `${use}-${randomUUID()}`);
  context.response.end(
    mobileWebPageHtml({
      chatRequirementsToken: token('requirements'),
      proofToken: token('proof'),
      turnstileToken: token('turnstile'),
    }),
  );
}

export function handleClientScript(context: HandlerContext): void {
  context.response.writeHead(200, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'no-store',
  });
  context.response.end(CLIENT_SCRIPT);
}

export function handleFavicon(context: HandlerContext): void {
  context.response.writeHead(204);
  context.response.end();
}
