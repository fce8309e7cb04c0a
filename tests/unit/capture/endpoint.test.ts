import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAT_ORIGIN,
  classifyEndpoint,
  conversationIdFromPagePath,
  conversationIdFromPageUrl,
  conversationPageUrl,
  isStreamNamedChatPage,
  isTemporaryChatUrl,
  MAY_BE_ENDPOINT,
} from '@/lib/capture/endpoint';

describe('classifyEndpoint', () => {
  it.each([
    [
      '/backend-api/conversations/abc?include_has_versions=true&num_turns=100',
      'conversation-messages',
      'abc',
    ],
    ['/backend-api/conversations/abc?num_turns=10&include_has_versions=true', 'conversation-messages', 'abc'],
    ['/backend-api/conversations/abc/messages?before=c9', 'conversation-messages', 'abc'],
    ['/backend-api/conversations/batch', 'conversations-batch', null],
    ['/backend-api/conversation/abc', 'conversation-tree', 'abc'],
    ['/backend-api/conversation/abc/stream_status', 'stream-status', 'abc'],
    ['/conversation/abc/stream_status', 'stream-status', 'abc'],
    ['/backend-api/bazaar/conversation/abc/ads', 'ads', 'abc'],
    ['/backend-api/search/product_update', 'product-update', null],
    ['/backend-api/f/conversation', 'submit-prompt', null],
    ['/backend-anon/f/conversation', 'submit-prompt', null],
    ['/backend-api/me', 'me', null],
  ])('knows %s', (path, kind, conversationId) => {
    expect(classifyEndpoint(`https://chatgpt.com${path}`, CHAT_ORIGIN)).toEqual({
      endpoint: kind,
      conversationId,
    });
  });

  it('resolves relative URLs against the page', () => {
    expect(classifyEndpoint('/backend-api/conversation/x1', 'https://chatgpt.com/c/x1')?.endpoint).toBe(
      'conversation-tree',
    );
  });

  it('never classifies the session endpoint, which carries the access token', () => {
    expect(classifyEndpoint('https://chatgpt.com/api/auth/session', CHAT_ORIGIN)).toBeNull();
  });

  it('ignores other origins and unparsable URLs', () => {
    expect(classifyEndpoint('https://example.com/backend-api/conversation/abc', CHAT_ORIGIN)).toBeNull();
    expect(classifyEndpoint('http://[bad', CHAT_ORIGIN)).toBeNull();
  });
});

describe('MAY_BE_ENDPOINT', () => {
  const PATHS = [
    '/backend-api/conversations/',
    '/backend-api/conversations/batch',
    '/backend-api/conversation/',
    '/backend-api/bazaar/conversation/',
    '/backend-api/search/product_update',
    '/backend-api/me',
    '/backend-api/f/conversation',
    '/backend-anon/f/conversation/resume',
    '/unauth-mweb/conversation/updates',
    '/conversation/',
    'backend-api/me',
    '/backend-api/',
    '/c/',
  ];
  const url = fc
    .tuple(
      fc.constantFrom(CHAT_ORIGIN, 'https://example.com', ''),
      fc.constantFrom(...PATHS),
      fc.constantFrom('', 'abc', 'me', '.', '..', '%2F', 'x/', 'settings'),
      fc.constantFrom('', '/messages', '/ads', '/stream_status', '?before=x', '#frag', '/'),
    )
    .map((parts) => parts.join(''));

  it('holds for every URL of an endpoint, relative or whole, whatever follows the path', () => {
    fc.assert(
      fc.property(url, fc.constantFrom(CHAT_ORIGIN, 'https://chatgpt.com/c/abc'), (text, base) => {
        if (classifyEndpoint(text, base) !== null) expect(MAY_BE_ENDPOINT.test(text)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('turns away the calls of the page the hook never copies', () => {
    for (const path of [
      '/api/auth/session',
      '/backend-api/models',
      '/backend-api/settings/user',
      '/backend-api/memories',
      '/backend-api/gizmos/g-1/sidebar',
      'https://cdn.example/assets/app.js',
    ])
      expect(MAY_BE_ENDPOINT.test(path), path).toBe(false);
  });
});

describe('conversationIdFromPagePath', () => {
  it('reads /c/<id> and nothing else', () => {
    expect(conversationIdFromPagePath('/c/6f1e-22')).toBe('6f1e-22');
    expect(conversationIdFromPagePath('/')).toBeNull();
    expect(conversationIdFromPagePath('/g/some-gpt')).toBeNull();
  });

  it('reads a transient page (/c/WEB:<id>) as naming no conversation yet', () => {
    expect(conversationIdFromPagePath('/c/WEB:2b6e0c1a')).toBeNull();
  });

  it('reads a malformed escape as no conversation, instead of throwing', () => {
    expect(conversationIdFromPagePath('/c/%E0%A4%A')).toBeNull();
    expect(conversationIdFromPageUrl('https://chatgpt.com/c/%zz')).toBeNull();
  });
});

describe('conversationIdFromPageUrl', () => {
  it('reads chat pages of chatgpt.com only', () => {
    expect(conversationIdFromPageUrl('https://chatgpt.com/c/6f1e-22?model=x')).toBe('6f1e-22');
    expect(conversationIdFromPageUrl('https://example.com/c/6f1e-22')).toBeNull();
    expect(conversationIdFromPageUrl('chrome://extensions')).toBeNull();
    expect(conversationIdFromPageUrl('not a url')).toBeNull();
  });
});

describe('pages whose chat only its streams name', () => {
  it('are a temporary chat and a transient page of chatgpt.com', () => {
    expect(isStreamNamedChatPage('https://chatgpt.com/?temporary-chat=true')).toBe(true);
    expect(isStreamNamedChatPage('https://chatgpt.com/c/WEB:2b6e0c1a')).toBe(true);
    expect(isStreamNamedChatPage('https://chatgpt.com/')).toBe(false);
    expect(isStreamNamedChatPage('https://chatgpt.com/c/6f1e-22')).toBe(false);
    expect(isStreamNamedChatPage('https://example.com/?temporary-chat=true')).toBe(false);
    expect(isStreamNamedChatPage('not a url')).toBe(false);
    expect(isTemporaryChatUrl('https://chatgpt.com/?temporary-chat=true')).toBe(true);
    expect(isTemporaryChatUrl('https://chatgpt.com/c/WEB:2b6e0c1a')).toBe(false);
  });
});

describe('conversationPageUrl', () => {
  it('is the chat page whose id conversationIdFromPageUrl reads back, for any id', () => {
    for (const id of ['6f1e-22', 'a b/c?d', 'ünïcode'])
      expect(conversationIdFromPageUrl(conversationPageUrl(id))).toBe(id);
    expect(conversationPageUrl('x\ud800y')).toBe('https://chatgpt.com/c/x%EF%BF%BDy');
  });
});
