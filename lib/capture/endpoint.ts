/**
 * Which endpoint of the interface document a URL on chatgpt.com belongs to. The page hook copies only
 * these responses; everything else (and above all /api/auth/session, which carries the access token,
 * interface 5) is never read.
 */
export type EndpointKind =
  | 'conversation-messages' // interface 4.1
  | 'conversation-tree' // interface 4.2
  | 'ads' // interface 4.3
  | 'product-update' // interface 4.4
  | 'submit-prompt' // interface 4.5, POST /backend-api/f/conversation
  | 'stream-status' // interface 4.5
  | 'me'; // interface 4.6

export interface ClassifiedEndpoint {
  kind: EndpointKind;
  /** The conversation the call is about, where the path names one. */
  conversationId: string | null;
}

const ID = '([^/?#]+)';
const patterns: ReadonlyArray<[RegExp, EndpointKind]> = [
  [new RegExp(`^/backend-api/conversations/${ID}$`), 'conversation-messages'],
  [new RegExp(`^/backend-api/conversation/${ID}/stream_status$`), 'stream-status'],
  [new RegExp(`^/backend-api/conversation/${ID}$`), 'conversation-tree'],
  [new RegExp(`^/backend-api/bazaar/conversation/${ID}/ads$`), 'ads'],
  [new RegExp(`^/conversation/${ID}/stream_status$`), 'stream-status'],
  [/^\/backend-api\/search\/product_update$/, 'product-update'],
  [/^\/backend-api\/f\/conversation$/, 'submit-prompt'],
  [/^\/f\/conversation$/, 'submit-prompt'],
  [/^\/backend-api\/me$/, 'me'],
];

export const CHAT_ORIGIN = 'https://chatgpt.com';

export function classifyEndpoint(url: string, base: string = CHAT_ORIGIN): ClassifiedEndpoint | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(base).origin) return null;
  for (const [pattern, kind] of patterns) {
    const match = pattern.exec(parsed.pathname);
    if (match) return { kind, conversationId: match[1] === undefined ? null : decodeURIComponent(match[1]) };
  }
  return null;
}

/** The conversation id of a chat page path such as /c/<id>, or null elsewhere. */
export function conversationIdFromPagePath(pathname: string): string | null {
  const match = /^\/c\/([^/?#]+)/.exec(pathname);
  return match?.[1] === undefined ? null : decodeURIComponent(match[1]);
}

/** The conversation a chat page URL shows (https://chatgpt.com/c/<id>), or null for any other URL. */
export function conversationIdFromPageUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.origin === CHAT_ORIGIN ? conversationIdFromPagePath(parsed.pathname) : null;
}
