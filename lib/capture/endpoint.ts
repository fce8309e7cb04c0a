/**
 * Which endpoint of site-interface 4 a URL on chatgpt.com belongs to. The page hook copies only these
 * responses; everything else (and above all /api/auth/session, which carries the access token,
 * site-interface 5) is never read.
 */
export type EndpointKind =
  | 'conversation-messages' // site-interface 4.1, and its older turns' path (site-interface 10.13)
  | 'conversations-batch' // site-interface 10.13
  | 'conversation-tree' // site-interface 4.2
  | 'ads' // site-interface 4.3
  | 'product-update' // site-interface 4.4
  | 'submit-prompt' // site-interface 4.5, POST /backend-api/f/conversation; site-interface 10.16
  | 'resume-stream' // site-interface 10.15, POST /backend-api/f/conversation/resume
  | 'stream-status' // site-interface 4.5
  | 'me'; // site-interface 4.6

/** Named as in a page event, so the hook spreads it into the event it posts. */
export interface ClassifiedEndpoint {
  endpoint: EndpointKind;
  /** The conversation the call is about, where the path names one. */
  conversationId: string | null;
}

/**
 * Every endpoint path as one pattern (the page hook runs it on each fetch and must stay small): one
 * alternative per kind, in the order of KINDS, each with one group holding the conversation id, or
 * empty where the path names none. A messages page comes on the conversation's own path or, for older
 * turns, on its `/messages` path (site-interface 10.13). site-interface 4.5 writes the two stream calls
 * without /backend-api too, and a chat used signed out makes them under /backend-anon (site-interface
 * 10.10), as it does the resumed stream (site-interface 10.15). On the mobile web surface a signed-out
 * prompt is answered by /unauth-mweb/conversation/updates (site-interface 10.16), read as a submit.
 */
const ENDPOINT_PATH = new RegExp(
  '^(?:/backend-api/(?:conversations/(?:batch()|([^/]+)(?:/messages)?)|conversation/([^/]+)|bazaar/conversation/([^/]+)/ads|' +
    'search/product_update()|me())|(?:/backend-a(?:pi|non))?/(?:conversation/([^/]+)/stream_status|(?:f|unauth-mweb)/conversation(?:/resume()|(?:/updates)?())))$',
);
/**
 * A word every endpoint's URL holds (ENDPOINT_PATH): the one test the page hook makes of a fetch before
 * anything else, so that a fetch of any other URL is handed on at once.
 */
export const MAY_BE_ENDPOINT = /conversation|product|\bme\b/;
/** The kinds in the order of ENDPOINT_PATH's groups; one string split, a few bytes less of the hook. */
const KINDS = (
  'conversations-batch conversation-messages conversation-tree ads product-update me stream-status ' +
  'resume-stream submit-prompt'
).split(' ') as readonly EndpointKind[];

/** The site every request of the interface goes to: its paths are relative to this. */
export const CHAT_ORIGIN = 'https://chatgpt.com';

/**
 * The chat page of a conversation. A lone surrogate in the id (a JSON string may hold one, and
 * encodeURIComponent throws on it) reads as U+FFFD.
 */
export const conversationPageUrl = (id: string): string =>
  `${CHAT_ORIGIN}/c/${encodeURIComponent(id.toWellFormed())}`;

/** Whether a URL is a page of the chat site. Never throws. */
export function isChatSiteUrl(url: string): boolean {
  try {
    return new URL(url).origin === CHAT_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * `base` is the page's URL in the page hook, CHAT_ORIGIN for saved files. Never throws: it runs inside
 * the page's own fetch calls.
 */
export function classifyEndpoint(url: string, base: string): ClassifiedEndpoint | null {
  try {
    const parsed = new URL(url, base);
    const groups = (parsed.origin === new URL(base).origin && ENDPOINT_PATH.exec(parsed.pathname)) || [];
    // The one kind's group that matched, after the whole match at 0 (none matched: -1).
    const group = groups.findLastIndex((id) => id != null);
    const kind = KINDS[group - 1];
    // The kind's group matched, so it holds a string: an empty one names no conversation.
    if (kind) return { endpoint: kind, conversationId: decodeURIComponent(groups[group] as string) || null };
  } catch {
    // An unparsable URL, or a malformed escape in the id: not an endpoint of the document.
  }
  return null;
}

/** A resume call (site-interface 10.15), by its URL. Never throws. */
export const isResumeCall = (url: string): boolean =>
  classifyEndpoint(url, CHAT_ORIGIN)?.endpoint === 'resume-stream';

/** A submit call of a chat used signed out (site-interface 10.10, 10.16), by its URL. Never throws. */
export function isSignedOutSubmit(url: string): boolean {
  try {
    return /^\/(?:backend-anon|unauth-mweb)\//.test(new URL(url, CHAT_ORIGIN).pathname);
  } catch {
    return false;
  }
}

/** A signed-out answer on the mobile web surface (site-interface 10.16), by its URL. Never throws. */
export function isMobileWebAnswer(url: string): boolean {
  try {
    return new URL(url, CHAT_ORIGIN).pathname.startsWith('/unauth-mweb/');
  } catch {
    return false;
  }
}

/**
 * The conversation id of a chat page path such as /c/<id> (/uc/<id> for a signed-out chat on the mobile web
 * surface, site-interface 10.16), or null elsewhere. A transient page
 * (`/c/WEB:<id>`, site-interface 10.12) names no conversation yet: the site gives the real id later. Never
 * throws.
 */
export function conversationIdFromPagePath(pathname: string): string | null {
  const match = /^\/u?c\/([^/?#]+)/.exec(pathname);
  if (match?.[1] === undefined || match[1].startsWith('WEB:')) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    // A malformed escape (/c/%zz), which a URL keeps as typed: no conversation has that id.
    return null;
  }
}

/**
 * A chat page whose conversation only its answer streams name (site-interface 10.12): a temporary chat
 * (`?temporary-chat=true`) or a transient page (`/c/WEB:<id>`). Never throws.
 */
export const isStreamNamedChatPage = (url: string): boolean =>
  isTemporaryChatUrl(url) || (isChatSiteUrl(url) && new URL(url).pathname.startsWith('/c/WEB:'));

/** A signed-out chat's page on the mobile web surface, /uc/<id> (site-interface 10.16). Never throws. */
export const isSignedOutChatPage = (url: string): boolean =>
  isChatSiteUrl(url) && new URL(url).pathname.startsWith('/uc/');

/** A temporary chat's page (site-interface 10.12). Never throws. */
export function isTemporaryChatUrl(url: string): boolean {
  return isChatSiteUrl(url) && new URL(url).searchParams.get('temporary-chat') === 'true';
}

/** The conversation a chat page URL shows (https://chatgpt.com/c/<id>), or null for any other URL. */
export function conversationIdFromPageUrl(url: string): string | null {
  return isChatSiteUrl(url) ? conversationIdFromPagePath(new URL(url).pathname) : null;
}
