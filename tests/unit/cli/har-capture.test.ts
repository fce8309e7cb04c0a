import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectTransport } from '@/features/details/transport';
import { readHar } from '@/lens/cli/har-capture';
import { NOTHING_OBSERVED } from '@/lib/model/transport';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { liveEvents, RESUME_TOKEN_CANARY, streamItem, topicMessage } from '@/tests/replica/live-wire';
import {
  MOBILE_WEB_HTML,
  MOBILE_WEB_LINES,
  mobileWebFailure,
  mobileWebFrames,
  mobileWebLines,
} from '@/tests/replica/mobile-web-answer';
import {
  conversationEntries,
  har,
  harEntry,
  liveAnswerEntries,
  liveAnswerFrames,
} from '@/tests/support/build-har';
import { MOBILE_WEB_SAMPLE } from '@/tests/unit/fixtures/mobile-web';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';
import { ALL_CANARIES, everyResumeEvent, prepareAnswer } from '@/tests/unit/fixtures/resume-canaries';
import { run } from './run-in-memory';

// The live wire form of an answer, around a conversation of the document's form.
const live = FIXTURE_IDS.products;
const topic = 'conversation-turn-7f3a';

describe('readHar', () => {
  it('holds every page of the messages format, the newest and the older ones, and the account', () => {
    const capture = readHar(har(conversationEntries(FIXTURE_IDS.longHistory)));
    const [conversation] = capture.conversations;
    expect(capture.conversations).toHaveLength(1);
    expect(conversation?.pages.progress()).toMatchObject({ pagesLoaded: 3, hasMore: false });
    expect(capture.account.current()).not.toBeNull();
  });

  it('keeps each conversation apart and gives product calls to the conversation loaded before them', () => {
    const capture = readHar(
      har([
        ...conversationEntries(FIXTURE_IDS.plain),
        ...conversationEntries(FIXTURE_IDS.products, { products: true, sseAnswer: true }),
      ]),
    );
    const byId = new Map(
      capture.conversations.map((conversation) => [conversation.conversationId, conversation]),
    );
    expect(byId.get(FIXTURE_IDS.plain)?.captured.products()).toEqual([]);
    expect(byId.get(FIXTURE_IDS.products)?.captured.products().length).toBeGreaterThan(0);
    expect(byId.get(FIXTURE_IDS.products)?.captured.transport()).toEqual({
      streamItems: 0,
      sseAnswers: 1,
      handoffs: 0,
      resumed: 0,
      htmlAnswers: 0,
    });
  });

  it('counts stream-item frames of the document form and leaves out a tree that answered 404', () => {
    const capture = readHar(
      har(conversationEntries(FIXTURE_IDS.treeMissing, { webSocketFrames: 4, treeStatus: 404 })),
    );
    expect(capture.conversations[0]?.captured.transport().streamItems).toBe(4);
    expect(capture.conversations[0]?.captured.tree().json).toBeNull();
  });

  it("reads the live site's answer: items on ws.chatgpt.com, a catch-up duplicate counted once, no done", () => {
    const capture = readHar(
      har([...conversationEntries(live), ...liveAnswerEntries(live, topic, liveAnswerFrames(live, topic))]),
    );
    const [conversation] = capture.conversations;
    // Six items; the last catch-up arrives twice and the closing 'done' carries no answer.
    expect(conversation?.captured.transport()).toEqual({
      streamItems: 6,
      sseAnswers: 0,
      handoffs: 1,
      resumed: 0,
      htmlAnswers: 0,
    });
    expect(detectTransport(conversation?.captured.transport() ?? NOTHING_OBSERVED)).toBe('websocket');
  });

  it('gives frames that name no conversation to the one whose handoff named their topic', () => {
    const frames = [1, 2, 3].map((index) =>
      JSON.stringify([
        topicMessage(topic, streamItem(`si-${index}`, liveEvents.append('text ', index === 1))),
      ]),
    );
    // The socket of the live answer was opened while another conversation was on screen.
    const capture = readHar(
      har([
        ...conversationEntries(FIXTURE_IDS.plain),
        ...liveAnswerEntries(live, topic, frames),
        ...conversationEntries(live),
      ]),
    );
    const byId = new Map(
      capture.conversations.map((conversation) => [conversation.conversationId, conversation]),
    );
    expect(byId.get(live)?.captured.transport().streamItems).toBe(3);
    expect(byId.get(FIXTURE_IDS.plain)?.captured.transport().streamItems).toBe(0);
  });

  it('says websocket for a handoff whose frames the HAR did not record', () => {
    const [, submit] = liveAnswerEntries(live, topic, []);
    const capture = readHar(har([...conversationEntries(live), submit]));
    expect(detectTransport(capture.conversations[0]?.captured.transport() ?? NOTHING_OBSERVED)).toBe(
      'websocket',
    );
  });

  it('lets no resume token (SSE body or frame) or socket token reach any output of inspect', async () => {
    const file = har([
      ...conversationEntries(live, { ads: true, products: true }),
      ...liveAnswerEntries(live, topic, liveAnswerFrames(live, topic)),
    ]);
    expect(JSON.stringify(file)).toContain(RESUME_TOKEN_CANARY);
    for (const format of [[], ['--format', 'md'], ['--format', 'json'], ['--format', 'csv']]) {
      const result = await run(['session.har', ...format], { 'session.har': file });
      expect(result.code, result.stderr).toBe(0);
      for (const canary of [RESUME_TOKEN_CANARY, 'canary-socket-verify']) {
        expect(result.stdout).not.toContain(canary);
        expect(result.stderr).not.toContain(canary);
      }
    }
    const json = await run(['session.har', '--format', 'json'], { 'session.har': file });
    expect(JSON.parse(json.stdout).transport).toBe('websocket');
  });

  it('names a refused prompt and exits 1 when the site answered the submit with 403 alone', async () => {
    const refused = harEntry({
      method: 'POST',
      path: '/backend-api/f/conversation',
      status: 403,
      requestBody: JSON.stringify({ action: 'next' }),
      body: '{"detail":"Unusual activity has been detected from your device. Try again later."}',
    });
    const alone = await run(['session.har'], { 'session.har': har([refused]) });
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain(
      'The chat site refused the prompt with HTTP 403: Unusual activity has been detected from your device.',
    );
    // Beside a conversation the file does hold, the refusal is said and the conversation still read.
    const beside = await run(['session.har'], {
      'session.har': har([...conversationEntries(live, { ads: false, products: false }), refused]),
    });
    expect(beside.code, beside.stderr).toBe(0);
    expect(beside.stderr).toContain('refused the prompt with HTTP 403');
    expect(readHar(har([refused])).refusals).toHaveLength(1);
  });

  it('reads a chat used signed out from its stream alone: its turns, queries, sources and transport', async () => {
    const guest = '5d0c9a7e-1b2f-4c3d-8e9f-0a1b2c3d4e5f';
    const stream = answerStreamFixture('live').replaceAll('6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41', guest);
    const file = har([
      harEntry({ method: 'POST', path: '/backend-anon/sentinel/chat-requirements', body: '{}' }),
      harEntry({
        method: 'POST',
        path: '/backend-anon/f/conversation',
        requestBody: JSON.stringify({ action: 'next' }),
        mimeType: 'text/event-stream',
        body: stream,
      }),
    ]);
    const result = await run(['session.har', '--format', 'json'], { 'session.har': file });
    expect(result.code, result.stderr).toBe(0);
    const exported = JSON.parse(result.stdout);
    expect(exported.conversation.id).toBe(guest);
    expect(exported.queries.map((query: { text: string }) => query.text)).toContain(
      'best trail running shoes mud',
    );
    expect(exported.sources.some((source: { cited: boolean }) => source.cited)).toBe(true);
    expect(exported.transport).toBe('sse');
  });

  it('reads no conduit token and no resume token of either kind from a signed-out chat', async () => {
    const guest = '5d0c9a7e-1b2f-4c3d-8e9f-0a1b2c3d4e5f';
    const stream = answerStreamFixture('live').replaceAll('6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41', guest);
    const file = har([
      harEntry({
        method: 'POST',
        path: '/backend-api/f/conversation/prepare',
        requestBody: JSON.stringify({ partial_query: 'trail shoes' }),
        body: prepareAnswer(),
      }),
      harEntry({
        method: 'POST',
        path: '/backend-anon/f/conversation',
        requestBody: JSON.stringify({ action: 'next' }),
        mimeType: 'text/event-stream',
        body: everyResumeEvent(guest) + stream,
      }),
    ]);
    for (const canary of ALL_CANARIES) expect(JSON.stringify(file)).toContain(canary);
    for (const format of [[], ['--format', 'md'], ['--format', 'json'], ['--format', 'csv']]) {
      const result = await run(['session.har', ...format], { 'session.har': file });
      expect(result.code, result.stderr).toBe(0);
      for (const canary of ALL_CANARIES) {
        expect(result.stdout).not.toContain(canary);
        expect(result.stderr).not.toContain(canary);
      }
    }
    const json = await run(['session.har', '--format', 'json'], { 'session.har': file });
    expect(JSON.parse(json.stdout).conversation.id).toBe(guest);
  });

  it.each([
    ['HTML frames', mobileWebFrames(MOBILE_WEB_SAMPLE).join(''), MOBILE_WEB_HTML],
    ['JSON lines', mobileWebLines(MOBILE_WEB_SAMPLE).join(''), MOBILE_WEB_LINES],
  ])(
    'reads a signed-out chat on the mobile web surface from its %s, and no token of its form',
    async (_form, body, mimeType) => {
      const form = new URLSearchParams({
        prompt: 'Which ferry reaches Corvo?',
        chatRequirementsToken: 'canary-requirements-token',
        proofToken: 'canary-proof-token',
        turnstileToken: 'canary-turnstile-token',
      });
      const file = har([
        harEntry({
          method: 'POST',
          path: '/unauth-mweb/conversation/prepare?lightweight_authenticated=0',
          requestBody: form.toString(),
          body: '{"conduit_token":"canary-conduit-token"}',
        }),
        harEntry({
          method: 'POST',
          path: '/unauth-mweb/conversation/updates?lightweight_authenticated=0&operationId=op-1',
          requestBody: form.toString(),
          mimeType,
          body,
        }),
      ]);
      const json = await run(['session.har', '--format', 'json'], { 'session.har': file });
      expect(json.code, json.stderr).toBe(0);
      const exported = JSON.parse(json.stdout);
      expect(exported.conversation.id).toBe(MOBILE_WEB_SAMPLE.conversationId);
      expect(exported.transport).toBe('html');
      expect(exported.sources.filter((source: { cited: boolean }) => source.cited)).toHaveLength(2);
      for (const format of [[], ['--format', 'md'], ['--format', 'json'], ['--format', 'csv']]) {
        const result = await run(['session.har', ...format], { 'session.har': file });
        expect(result.stdout + result.stderr).not.toMatch(/canary-/);
      }
      const markdown = await run(['session.har', '--format', 'md'], { 'session.har': file });
      expect(markdown.stdout).toContain('Which ferry reaches Corvo?');
      expect(markdown.stdout).toContain(MOBILE_WEB_SAMPLE.paragraphs[1]);
    },
  );

  it('names a mobile web refusal, in place of the stream or inside it', async () => {
    const refusedBefore = harEntry({
      method: 'POST',
      path: '/unauth-mweb/conversation/updates',
      status: 403,
      body: '<!doctype html><html><body><h1>Chat verification required</h1></body></html>',
    });
    const refusedInside = harEntry({
      method: 'POST',
      path: '/unauth-mweb/conversation/updates',
      mimeType: MOBILE_WEB_HTML,
      body: mobileWebFailure('c-refused', 'Chat verification required'),
    });
    expect(readHar(har([refusedBefore, refusedInside])).refusals).toEqual([
      'The chat site refused the prompt with HTTP 403: Chat verification required.',
      'The chat site refused the prompt with HTTP 403: Chat verification required.',
    ]);
  });

  it('never throws on arbitrary entries', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (entries) => {
        readHar({ log: { entries } });
      }),
    );
  });
});
