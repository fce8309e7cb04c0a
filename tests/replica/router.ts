import type { RateLimitedPath } from '@/tests/replica/fixtures/scenarios';
import type { FaultPath } from './faults';

/** What a request asks for. Paths are those of site-interface 4 and the site around them. */
export type Route =
  | { kind: 'session' }
  | { kind: 'messages'; conversationId: string } // site-interface 4.1
  | { kind: 'older-turns'; conversationId: string } // site-interface 10.13
  | { kind: 'conversations-batch' } // site-interface 10.13
  | { kind: 'tree'; conversationId: string } // site-interface 4.2
  | { kind: 'ads'; conversationId: string } // site-interface 4.3
  | { kind: 'product-update' } // site-interface 4.4
  | { kind: 'stream-status'; conversationId: string } // site-interface 4.5
  | { kind: 'submit-prompt' } // site-interface 4.5
  | { kind: 'resume-stream' } // site-interface 10.15
  | { kind: 'signed-out-submit' } // site-interface 10.10
  | { kind: 'mobile-web-prepare' } // site-interface 10.16
  | { kind: 'mobile-web-updates' } // site-interface 10.16
  | { kind: 'me' } // site-interface 4.6
  | { kind: 'image' } // an image the chat page shows, by its file id
  | { kind: 'conversation-list' } // site-interface 10.7
  | { kind: 'project-sidebar' }
  | { kind: 'project-conversations'; projectId: string }
  | { kind: 'chat-page'; conversationId: string }
  | { kind: 'index-page' }
  | { kind: 'signed-out-page' }
  | { kind: 'mobile-web-page' }
  | { kind: 'client-script' }
  | { kind: 'favicon' }
  | { kind: 'websocket' }
  | { kind: 'control-requests' }
  | { kind: 'control-reset' }
  | { kind: 'control-override'; conversationId: string }
  | { kind: 'control-account' }
  | { kind: 'control-change' }
  | { kind: 'control-test-page' }
  | { kind: 'control-report' }
  | { kind: 'not-found' };

const ID = '([^/?#]+)';

type Matcher = [method: string, pattern: RegExp, make: (id: string) => Route];

const MATCHERS: Matcher[] = [
  ['GET', /^\/api\/auth\/session$/, () => ({ kind: 'session' })],
  [
    'GET',
    new RegExp(`^/backend-api/conversations/${ID}$`),
    (id) => ({ kind: 'messages', conversationId: id }),
  ],
  [
    'GET',
    new RegExp(`^/backend-api/conversations/${ID}/messages$`),
    (id) => ({ kind: 'older-turns', conversationId: id }),
  ],
  ['POST', /^\/backend-api\/conversations\/batch$/, () => ({ kind: 'conversations-batch' })],
  [
    'GET',
    new RegExp(`^/backend-api/conversation/${ID}/stream_status$`),
    (id) => ({ kind: 'stream-status', conversationId: id }),
  ],
  [
    'GET',
    new RegExp(`^/conversation/${ID}/stream_status$`),
    (id) => ({ kind: 'stream-status', conversationId: id }),
  ],
  ['GET', new RegExp(`^/backend-api/conversation/${ID}$`), (id) => ({ kind: 'tree', conversationId: id })],
  [
    'GET',
    new RegExp(`^/backend-api/bazaar/conversation/${ID}/ads$`),
    (id) => ({ kind: 'ads', conversationId: id }),
  ],
  ['POST', /^\/backend-api\/search\/product_update$/, () => ({ kind: 'product-update' })],
  ['POST', /^\/backend-api\/f\/conversation$/, () => ({ kind: 'submit-prompt' })],
  ['POST', /^\/backend-api\/f\/conversation\/resume$/, () => ({ kind: 'resume-stream' })],
  ['POST', /^\/backend-anon\/f\/conversation$/, () => ({ kind: 'signed-out-submit' })],
  ['POST', /^\/unauth-mweb\/conversation\/prepare$/, () => ({ kind: 'mobile-web-prepare' })],
  ['POST', /^\/unauth-mweb\/conversation\/updates$/, () => ({ kind: 'mobile-web-updates' })],
  ['GET', /^\/backend-api\/me$/, () => ({ kind: 'me' })],
  ['GET', /^\/backend-api\/estuary\/content$/, () => ({ kind: 'image' })],
  ['GET', /^\/backend-api\/conversations$/, () => ({ kind: 'conversation-list' })],
  ['GET', /^\/backend-api\/gizmos\/snorlax\/sidebar$/, () => ({ kind: 'project-sidebar' })],
  [
    'GET',
    new RegExp(`^/backend-api/gizmos/${ID}/conversations$`),
    (id) => ({ kind: 'project-conversations', projectId: id }),
  ],
  ['GET', new RegExp(`^/c/${ID}$`), (id) => ({ kind: 'chat-page', conversationId: id })],
  ['GET', /^\/$/, () => ({ kind: 'index-page' })],
  ['GET', /^\/signed-out$/, () => ({ kind: 'signed-out-page' })],
  ['GET', new RegExp(`^/(?:mobile-web|uc/${ID})$`), () => ({ kind: 'mobile-web-page' })],
  ['GET', /^\/replica-client\.js$/, () => ({ kind: 'client-script' })],
  ['GET', /^\/favicon\.ico$/, () => ({ kind: 'favicon' })],
  ['GET', /^\/ws\/chat$/, () => ({ kind: 'websocket' })],
  ['GET', /^\/__replica\/requests$/, () => ({ kind: 'control-requests' })],
  ['POST', /^\/__replica\/reset$/, () => ({ kind: 'control-reset' })],
  [
    'POST',
    new RegExp(`^/__replica/override/${ID}$`),
    (id) => ({ kind: 'control-override', conversationId: id }),
  ],
  ['POST', /^\/__replica\/account$/, () => ({ kind: 'control-account' })],
  ['POST', /^\/__replica\/change$/, () => ({ kind: 'control-change' })],
  ['GET', /^\/__replica\/test-page$/, () => ({ kind: 'control-test-page' })],
  ['POST', /^\/__replica\/report$/, () => ({ kind: 'control-report' })],
];

export function route(method: string, pathname: string): Route {
  for (const [expected, pattern, make] of MATCHERS) {
    const match = pattern.exec(pathname);
    if (match && method === expected) return make(decodeURIComponent(match[1] ?? ''));
  }
  return { kind: 'not-found' };
}

/** The backend: every call needs the Bearer token (site-interface 5). */
export function isBackendRoute(kind: Route['kind']): boolean {
  return [
    'messages',
    'conversations-batch',
    'tree',
    'ads',
    'product-update',
    'stream-status',
    'submit-prompt',
    'resume-stream',
    'me',
    'conversation-list',
    'project-sidebar',
    'project-conversations',
  ].includes(kind);
}

/** Neither the control API nor static files are logged as requests. */
export function isLoggedRoute(kind: Route['kind']): boolean {
  return !kind.startsWith('control-') && kind !== 'client-script' && kind !== 'favicon';
}

const RATE_LIMITED: Partial<Record<Route['kind'], RateLimitedPath>> = {
  messages: 'messages',
  'conversations-batch': 'batch',
  tree: 'tree',
  ads: 'ads',
  'product-update': 'product',
  me: 'me',
  'conversation-list': 'list',
  'project-sidebar': 'list',
  'project-conversations': 'list',
};

export function rateLimitedPathOf(kind: Route['kind']): RateLimitedPath | null {
  return RATE_LIMITED[kind] ?? null;
}

/** The endpoints a fault can hit: the backend's, and the session that gives the token. */
export function faultPathOf(kind: Route['kind']): FaultPath | null {
  return kind === 'session' ? 'session' : rateLimitedPathOf(kind);
}

/** The conversation a request is about: named in its path, else the chat page it came from. */
export function conversationIdOf(matched: Route, referer: string | undefined): string | null {
  if ('conversationId' in matched && !matched.kind.startsWith('control-')) return matched.conversationId;
  if (!referer) return null;
  try {
    const page = /^\/c\/([^/?#]+)/.exec(new URL(referer).pathname);
    return page?.[1] === undefined ? null : decodeURIComponent(page[1]);
  } catch {
    return null;
  }
}
