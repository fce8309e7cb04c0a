import { handleAds, handleMe, handleSession } from '@/tests/replica/handlers/account';
import type { HandlerContext } from '@/tests/replica/handlers/context';
import {
  handleControlAccount,
  handleControlChange,
  handleControlOverride,
  handleControlReport,
  handleControlRequests,
  handleControlReset,
  handleControlTestPage,
} from '@/tests/replica/handlers/control';
import {
  handleConversationList,
  handleProjectConversations,
  handleProjectSidebar,
} from '@/tests/replica/handlers/conversation-list';
import { handleMessages, handleOlderTurns } from '@/tests/replica/handlers/conversation-messages';
import { handleTree } from '@/tests/replica/handlers/conversation-tree';
import { handleConversationsBatch } from '@/tests/replica/handlers/conversations-batch';
import { handleImage } from '@/tests/replica/handlers/image';
import { handleMobileWebPrepare, handleMobileWebUpdates } from '@/tests/replica/handlers/mobile-web';
import {
  handleChatPage,
  handleClientScript,
  handleFavicon,
  handleIndexPage,
  handleMobileWebPage,
  handleSignedOutPage,
} from '@/tests/replica/handlers/pages';
import { handleProductUpdate } from '@/tests/replica/handlers/product-update';
import { handleResumeStream } from '@/tests/replica/handlers/resume-stream';
import { handleStreamStatus } from '@/tests/replica/handlers/stream-status';
import { handleSignedOutSubmit, handleSubmitPrompt } from '@/tests/replica/handlers/submit-prompt';
import { isAuthorized } from './auth';
import { playFault } from './faults';
import { pause, sendDetail, sendJson } from './http-helpers';
import { retryAfterHeader } from './overrides';
import { originOf } from './request-log';
import {
  conversationIdOf,
  faultPathOf,
  isBackendRoute,
  isLoggedRoute,
  type Route,
  rateLimitedPathOf,
  route,
} from './router';

export type RequestContext = Omit<HandlerContext, 'url'> & { slowMs: number };

/**
 * One request, start to end: log it, play a fault set for it (faults.ts), then for backend calls wait
 * (slow scenario), check the token (site-interface 5: 401 without it) and the rate limit (site-interface 7:
 * 429), and hand it to its endpoint.
 */
export async function dispatch(context: RequestContext): Promise<void> {
  const { request, response, state, credentials, now } = context;
  const url = new URL(request.url ?? '/', 'https://chatgpt.com');
  const matched = route(request.method ?? 'GET', url.pathname);
  const conversationId = conversationIdOf(matched, request.headers.referer);
  const authorized = isAuthorized(request, credentials);
  if (isLoggedRoute(matched.kind))
    state.log.add(request, { authorized, conversationId, now: now() }, response);

  const faultPath = faultPathOf(matched.kind);
  const fault = faultPath && state.faults.check(conversationId, faultPath, originOf(request));
  if (fault && (await playFault(fault, request, response))) return;
  if (isBackendRoute(matched.kind)) {
    const override = state.override(conversationId);
    const delay = override.delayMs ?? (state.scenario(conversationId)?.slow ? context.slowMs : 0);
    if (delay > 0) await pause(delay);
    if (!authorized) return sendDetail(response, 401, 'Unauthorized: missing or invalid access token');
    const limitedPath = rateLimitedPathOf(matched.kind);
    const rule =
      limitedPath && state.rateLimiter.check(conversationId, limitedPath, originOf(request), now());
    if (rule) {
      return sendJson(
        response,
        429,
        { detail: 'Too many requests. Please slow down.' },
        retryAfterHeader(rule, now()),
      );
    }
  }
  await handle({ ...context, url }, matched);
}

async function handle(context: HandlerContext, matched: Route): Promise<void> {
  switch (matched.kind) {
    case 'session':
      return handleSession(context);
    case 'messages':
      return handleMessages(context, matched.conversationId);
    case 'older-turns':
      return handleOlderTurns(context, matched.conversationId);
    case 'conversations-batch':
      return handleConversationsBatch(context);
    case 'tree':
      return handleTree(context, matched.conversationId);
    case 'ads':
      return handleAds(context, matched.conversationId);
    case 'product-update':
      return handleProductUpdate(context);
    case 'stream-status':
      return handleStreamStatus(context, matched.conversationId);
    case 'submit-prompt':
      return handleSubmitPrompt(context);
    case 'resume-stream':
      return handleResumeStream(context);
    case 'signed-out-submit':
      return handleSignedOutSubmit(context);
    case 'mobile-web-prepare':
      return handleMobileWebPrepare(context);
    case 'mobile-web-updates':
      return handleMobileWebUpdates(context);
    case 'me':
      return handleMe(context);
    case 'image':
      return handleImage(context);
    case 'conversation-list':
      return handleConversationList(context);
    case 'project-sidebar':
      return handleProjectSidebar(context);
    case 'project-conversations':
      return handleProjectConversations(context, matched.projectId);
    case 'chat-page':
      return handleChatPage(context, matched.conversationId);
    case 'index-page':
      return handleIndexPage(context);
    case 'signed-out-page':
      return handleSignedOutPage(context);
    case 'mobile-web-page':
      return handleMobileWebPage(context);
    case 'client-script':
      return handleClientScript(context);
    case 'favicon':
      return handleFavicon(context);
    case 'websocket':
      return sendDetail(context.response, 426, 'Upgrade to a WebSocket');
    case 'control-requests':
      return handleControlRequests(context);
    case 'control-reset':
      return handleControlReset(context);
    case 'control-override':
      return handleControlOverride(context, matched.conversationId);
    case 'control-account':
      return handleControlAccount(context);
    case 'control-change':
      return handleControlChange(context);
    case 'control-test-page':
      return handleControlTestPage(context);
    case 'control-report':
      return handleControlReport(context);
    case 'not-found':
      return sendDetail(context.response, 404, 'Not Found');
  }
}
