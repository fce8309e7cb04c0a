import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  CHAT_ORIGIN,
  classifyEndpoint,
  conversationIdFromPagePath,
  conversationIdFromPageUrl,
  type EndpointKind,
  MAY_BE_ENDPOINT,
} from '@/lib/capture/endpoint';
import {
  type CopiedEndpointKind,
  type HookEvent,
  PAGE_EVENT_CHANNEL,
  parsePageEvent,
} from '@/lib/capture/page-event';
import { readStreamFrame, type StreamItem } from '@/lib/capture/stream-frame';
import { withoutSecrets } from '@/lib/capture/stream-secrets';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { mutate } from '@/tests/unit/fixtures/mutate';
import { ANSWER_BODIES, SOCKET_FRAMES, sseBody, sseFrames } from './fixture-documents';
import { fuzz } from './fuzz-property';
import { damagedCopies, hostileString } from './hostile-values';
import { jsonText } from './json-text';
import { expectNoSecret } from './outcome-checks';
import { editText, textEdits } from './text-edits';

/**
 * What the page hook and the relay read in the page's world (lib/capture): WebSocket frames, the submit
 * call's SSE body, URLs, and the page events the relay validates because any script on the page can post
 * a forgery (architecture "Channels"). They run inside the page's own calls, so none may
 * throw on anything, and none may let a resume token or a member the page added through.
 */
/** Every endpoint kind of lib/capture/endpoint.ts, checked complete by the compiler. */
const ENDPOINT_KINDS: Record<EndpointKind, true> = {
  'conversation-messages': true,
  'conversations-batch': true,
  'conversation-tree': true,
  ads: true,
  'product-update': true,
  'submit-prompt': true,
  'resume-stream': true,
  'stream-status': true,
  me: true,
};

const isStringOrNull = (value: unknown): boolean => value === null || typeof value === 'string';

function expectStreamItems(items: readonly StreamItem[]): void {
  for (const item of items) {
    expect(['stream-item', 'done']).toContain(item.kind);
    expect([item.topicId, item.streamItemId].every(isStringOrNull)).toBe(true);
    expect(typeof item.text).toBe('string');
  }
}

describe('the WebSocket frame reader', () => {
  const frames = SOCKET_FRAMES.map((frame) => JSON.parse(frame) as unknown);

  fuzz(
    'frames of both forms, mutated: items of the known shape, no resume token',
    damagedCopies(frames),
    (frame) => {
      const items = readStreamFrame(jsonText(frame));
      expectStreamItems(items);
      expectNoSecret(items);
    },
  );

  fuzz(
    'frames cut, spliced or padded as text, and any text',
    fc.oneof(
      fc.tuple(fc.constantFrom(...SOCKET_FRAMES), textEdits).map(([frame, edits]) => editText(frame, edits)),
      hostileString,
    ),
    (text) => expectStreamItems(readStreamFrame(text)),
  );
});

describe("the submit call's SSE body, as the hook passes it on", () => {
  fuzz(
    'bodies of both forms, their events mutated or the text damaged: no resume token, and a turn read',
    fc.oneof(
      damagedCopies(ANSWER_BODIES.map(sseFrames)).map((frames) => ({ body: sseBody(frames), whole: true })),
      fc
        .tuple(fc.constantFrom(...ANSWER_BODIES), textEdits)
        .map(([body, edits]) => ({ body: editText(body, edits), whole: false })),
    ),
    ({ body, whole }) => {
      const passed = withoutSecrets(body);
      const turn = readStreamedTurn(passed);
      expect(isStringOrNull(turn.conversationId)).toBe(true);
      expect(turn.handoffTopics.every((topic) => typeof topic === 'string' && topic !== '')).toBe(true);
      expect([turn.answered, turn.ended, turn.complete].every((flag) => typeof flag === 'boolean')).toBe(
        true,
      );
      // Only an intact event structure says where a token is; a spliced text can put one anywhere.
      if (whole) expectNoSecret({ passed, turn });
    },
  );
});

describe('the endpoint and page URL classifiers', () => {
  const segment = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/),
    hostileString,
    fc.constantFrom('%', '%E0%A4%A', '%zz', '%2F', '..', '.', ''),
  );
  const PATHS = [
    '/backend-api/conversations/',
    '/backend-api/conversation/',
    '/backend-api/bazaar/conversation/',
    '/backend-api/search/product_update',
    '/backend-api/me',
    '/backend-api/f/conversation',
    '/conversation/',
    '/c/',
    '/g/',
  ];
  const url = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(CHAT_ORIGIN, 'https://ws.chatgpt.com', 'http://chatgpt.com', ''),
        fc.constantFrom(...PATHS),
        segment,
        fc.constantFrom('', '/ads', '/stream_status', '?before=x', '#frag', '/'),
      )
      .map((parts) => parts.join('')),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    hostileString,
  );

  fuzz(
    'any URL against any base: an endpoint of the document or none, and a page URL names a conversation or none',
    fc.tuple(
      url,
      fc.oneof(fc.constant(CHAT_ORIGIN), fc.constant('https://chatgpt.com/c/abc'), hostileString),
    ),
    ([text, base]) => {
      const endpoint = classifyEndpoint(text, base);
      if (endpoint !== null) {
        // The page hook's one test before anything else never turns an endpoint away.
        expect(MAY_BE_ENDPOINT.test(text)).toBe(true);
        expect(Object.hasOwn(ENDPOINT_KINDS, endpoint.endpoint)).toBe(true);
        expect(isStringOrNull(endpoint.conversationId)).toBe(true);
      }
      expect(isStringOrNull(conversationIdFromPageUrl(text))).toBe(true);
      expect(isStringOrNull(conversationIdFromPagePath(text))).toBe(true);
    },
  );
});

describe("the relay's page-event validator", () => {
  const PLANTED = 'canary-page-event-extra';
  const text = fc.oneof(hostileString, fc.webUrl());
  const nullableText = fc.option(text);
  // The answer streams' bodies are never copied whole (they may hold a resume token).
  const endpoint = fc.constantFrom(
    ...(Object.keys(ENDPOINT_KINDS) as EndpointKind[]).filter(
      (kind): kind is CopiedEndpointKind => kind !== 'submit-prompt' && kind !== 'resume-stream',
    ),
  );
  const item = fc.record({
    kind: fc.constantFrom('stream-item', 'done'),
    topicId: nullableText,
    streamItemId: nullableText,
    text,
  });
  const wellFormed: fc.Arbitrary<HookEvent> = fc.oneof(
    fc.record({
      type: fc.constant('response' as const),
      endpoint,
      conversationId: nullableText,
      url: text,
      status: fc.integer({ min: 0, max: 599 }),
      retryAfter: nullableText,
      requestBody: nullableText,
      body: text,
      truncated: fc.boolean(),
    }),
    fc.record({ type: fc.constant('unchanged' as const), endpoint, conversationId: nullableText, url: text }),
    fc.record(
      {
        type: fc.constant('answer-stream' as const),
        stream: fc.nat(),
        status: fc.integer({ min: 0, max: 599 }),
        text,
        ended: fc.boolean(),
        truncated: fc.boolean(),
        url: text,
        // A resume call's reduced request (site-interface 10.15); the submit call has none.
        request: text,
      },
      { requiredKeys: ['type', 'stream', 'status', 'text', 'ended', 'truncated', 'url'] },
    ),
    fc.record({
      type: fc.constant('stream-items' as const),
      items: fc.array(item, { minLength: 1, maxLength: 3 }),
    }),
    fc.constant({ type: 'navigation' as const }),
  );

  /** Whatever passes is one of the events, every member of its declared type and none added. */
  function expectDeclaredShape(event: HookEvent): void {
    const members: Record<HookEvent['type'], string[]> = {
      response: [
        'body',
        'conversationId',
        'endpoint',
        'requestBody',
        'retryAfter',
        'status',
        'truncated',
        'type',
        'url',
      ],
      unchanged: ['conversationId', 'endpoint', 'type', 'url'],
      'answer-stream': ['ended', 'status', 'stream', 'text', 'truncated', 'type', 'url'],
      'stream-items': ['items', 'type'],
      navigation: ['type'],
    };
    expect(
      Object.keys(event)
        .filter((key) => key !== 'request' || event.type !== 'answer-stream')
        .sort(),
    ).toEqual(members[event.type]);
    if (event.type === 'answer-stream' && 'request' in event) expect(typeof event.request).toBe('string');
    if (event.type === 'answer-stream') expect(typeof event.text).toBe('string');
    if (event.type === 'stream-items') {
      expect(event.items.length).toBeGreaterThan(0);
      expect(Array.from(event.items, (each) => typeof each === 'object' && each !== null)).not.toContain(
        false,
      );
      expectStreamItems(event.items);
    }
  }

  fuzz('every well-formed event passes as it is, whatever the page added to it', wellFormed, (event) => {
    const forged = {
      ...event,
      extra: PLANTED,
      items: 'items' in event ? event.items.map((each) => ({ ...each, extra: PLANTED })) : undefined,
    };
    if (!('items' in event)) delete forged.items;
    const passed = parsePageEvent({ channel: PAGE_EVENT_CHANNEL, event: forged, extra: PLANTED });
    expect(passed).toEqual(event);
    expect(JSON.stringify(passed)).not.toContain(PLANTED);
  });

  /** What structured cloning can carry from the page: sparse lists, maps, dates, big integers, and more. */
  const cloned = {
    maxDepth: 2,
    withSparseArray: true,
    withNullPrototype: true,
    withMap: true,
    withSet: true,
    withDate: true,
    withBigInt: true,
  };
  const clonable = fc.anything({ ...cloned, withBoxedValues: true, withTypedArray: true });
  /** A replacement the mutations can still edit inside (a boxed string's or a typed array's members are fixed). */
  const editable = fc.anything(cloned);

  fuzz(
    'a forged event, mutated from a well-formed one or anything at all, is rejected or of the declared shape',
    fc.oneof(
      fc
        .tuple(
          wellFormed,
          fc.array(
            fc.record({
              pathIndex: fc.nat(),
              kind: fc.constantFrom('delete' as const, 'replace' as const, 'duplicate' as const),
              replacement: editable,
            }),
            { minLength: 1, maxLength: 4 },
          ),
        )
        .map(([event, mutations]) => ({ channel: PAGE_EVENT_CHANNEL, event: mutate(event, mutations) })),
      // The lists of a well-formed event with holes in them.
      fc
        .tuple(wellFormed, fc.sparseArray(item, { maxLength: 4 }))
        .map(([event, items]) => ({ channel: PAGE_EVENT_CHANNEL, event: { ...event, items } })),
      clonable.map((event) => ({ channel: PAGE_EVENT_CHANNEL, event })),
      clonable,
    ),
    (data) => {
      const event = parsePageEvent(data);
      if (event !== null) expectDeclaredShape(event);
    },
  );
});
