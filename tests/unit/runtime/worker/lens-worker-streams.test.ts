import { describe, expect, it } from 'vitest';
import type { AnswerStreamEvent } from '@/lib/capture/page-event';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';
import { openConversation, TAB, workerOver } from './worker-setup';

/**
 * The answer stream as a source, in the worker (architecture "The stream as a source"): the page hook's
 * pieces of an answer reach the lens while it streams, and only an answer the stream did not hold whole
 * asks for the newest messages page.
 */
const ID = FIXTURE_IDS.plain;
/** The live fixture names its own conversation: here it answers in the tab's. */
const live = answerStreamFixture('live').replaceAll('6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41', ID);

const piece = (text: string, ended: boolean, truncated = false): AnswerStreamEvent => ({
  type: 'answer-stream',
  stream: 1,
  status: 200,
  text,
  ended,
  truncated,
  url: 'https://chatgpt.com/backend-api/f/conversation',
});

/** The stream's text up to the event that starts with `marker`. */
const upTo = (marker: string): string => live.slice(0, live.indexOf(marker));

describe('the worker reads an answer as it streams', () => {
  it('shows the queries as the model searches and the cited pages as it cites, then asks for nothing', async () => {
    const setup = workerOver();
    await openConversation(setup, ID);
    const asked = setup.backend.backendRequests().length;
    const searched = upTo('event: delta\ndata: {"v": {"message": {"id": "a-call-2"');
    await setup.worker.pageEvent(TAB, piece(searched, false));
    await setup.advance(1_000);
    expect(setup.memory.lens()?.snapshot?.queries?.queries.map((query) => query.text)).toEqual(
      expect.arrayContaining(['best trail running shoes mud', 'trail shoes lugs 2026 review']),
    );
    expect(setup.memory.lens()?.snapshot?.sources.some((source) => source.cited)).toBe(false);

    await setup.worker.pageEvent(TAB, piece(live.slice(searched.length), true));
    await setup.advance(2_000);
    const snapshot = setup.memory.lens()?.snapshot;
    expect(snapshot?.sources.filter((source) => source.cited).map((source) => source.domain)).toEqual(
      expect.arrayContaining(['runnersworld.example', 'irunfar.example']),
    );
    expect(snapshot?.ads?.ads.filter((ad) => ad.streamed)).toEqual([
      expect.objectContaining({ advertiser: 'Summit Trail Co.', turnIndex: expect.any(Number) }),
    ]);
    expect(snapshot?.turnFacts.at(-1)).toMatchObject({
      searched: true,
      searchEvidence: 'stream',
      streamed: true,
    });
    expect(snapshot?.transport).toBe('sse');
    // A complete answer held whole by its stream: no messages page after it.
    expect(setup.backend.backendRequests()).toHaveLength(asked);
    expect(JSON.stringify(setup.memory.lens())).not.toMatch(/canary-|eyJhbGci/);
  });

  it('asks for the newest messages page once after an answer its stream broke off', async () => {
    const setup = workerOver();
    await openConversation(setup, ID);
    const asked = setup.backend.backendRequests().length;
    await setup.worker.pageEvent(
      TAB,
      piece(
        upTo(
          'data: {"type": "message_marker", "conversation_id": "' +
            ID +
            '", "message_id": "a-1", "marker": "last_token"',
        ),
        false,
      ),
    );
    await setup.worker.pageEvent(TAB, piece('', true, true));
    await setup.advance(2_000);
    const sent = setup.backend
      .backendRequests()
      .slice(asked)
      .map((request) => request.url.pathname);
    expect(sent).toEqual([`/backend-api/conversations/${ID}`]);
  });

  it('says a refused prompt in the lens, asks for nothing, and forgets it once an answer streams', async () => {
    const setup = workerOver();
    await openConversation(setup, ID);
    const asked = setup.backend.backendRequests().length;
    const refused = '{"detail":"Unusual activity has been detected from your device. Try again later."}';
    await setup.worker.pageEvent(TAB, { ...piece(refused, true), status: 403 });
    await setup.advance(1_000);
    expect(setup.memory.lens()?.refusal).toEqual({
      status: 403,
      words: 'Unusual activity has been detected from your device. Try again later.',
    });
    // No answer stream was read from it: nothing says an answer ended without a message.
    expect(setup.memory.lens()?.snapshot?.unread).toEqual([]);
    expect(setup.backend.backendRequests()).toHaveLength(asked);
    await setup.worker.pageEvent(TAB, { ...piece(live, true), stream: 2 });
    await setup.advance(2_000);
    expect(setup.memory.lens()?.refusal).toBeNull();
  });

  it('reads a chat used signed out from its stream alone, and asks the site for nothing', async () => {
    const setup = workerOver();
    await setup.worker.pageState(TAB, { url: 'https://chatgpt.com/', visible: true, focused: true });
    await setup.advance(1_000);
    const signedOut = (text: string, ended: boolean, stream = 1): AnswerStreamEvent => ({
      ...piece(text, ended),
      stream,
      url: '/backend-anon/f/conversation',
    });
    await setup.worker.pageEvent(TAB, signedOut(live, true));
    await setup.worker.refresh(TAB);
    await setup.advance(60_000);
    const lens = setup.memory.lens();
    expect(lens).toMatchObject({ conversationId: ID, signedOut: true });
    expect(lens?.snapshot?.queries?.queries.map((query) => query.text)).toEqual(
      expect.arrayContaining(['best trail running shoes mud']),
    );
    expect(lens?.snapshot?.sources.some((source) => source.cited)).toBe(true);
    expect(lens?.snapshot?.transport).toBe('sse');
    // Neither a token nor a page: the site keeps nothing of a signed-out chat.
    expect(setup.backend.requests).toEqual([]);
    // The page staying where it is keeps the chat; an export is written from the stream too.
    await setup.worker.pageState(TAB, { url: 'https://chatgpt.com/', visible: false, focused: false });
    await setup.worker.pageState(TAB, { url: 'https://chatgpt.com/', visible: true, focused: true });
    expect(setup.memory.lens()?.conversationId).toBe(ID);
    const exported = await setup.worker.prepareExport(TAB, 'md');
    expect(exported.ok).toBe(true);
    expect(setup.backend.requests).toEqual([]);
    // A new chat on the same page is the tab's once its stream names it.
    const next = live.replaceAll(ID, 'guest-chat-2');
    await setup.worker.pageEvent(TAB, signedOut(next, true, 2));
    await setup.advance(2_000);
    expect(setup.memory.lens()).toMatchObject({ conversationId: 'guest-chat-2', signedOut: true });
    expect(setup.backend.requests).toEqual([]);
  });

  it('follows a temporary chat its stream names, and reads it from the site as any chat', async () => {
    const setup = workerOver();
    const page = 'https://chatgpt.com/?temporary-chat=true';
    await setup.worker.pageState(TAB, { url: page, visible: true, focused: true });
    await setup.advance(1_000);
    expect(setup.memory.lens()?.conversationId).toBeNull();
    await setup.worker.pageEvent(TAB, piece(live, true));
    await setup.advance(60_000);
    const lens = setup.memory.lens();
    expect(lens).toMatchObject({ conversationId: ID, signedOut: false });
    expect(lens?.snapshot?.queries?.queries.map((query) => query.text)).toEqual(
      expect.arrayContaining(['best trail running shoes mud']),
    );
    // Signed in, the site keeps the chat: its formats may be asked for, through the governor.
    await setup.worker.refresh(TAB);
    await setup.advance(60_000);
    expect(setup.backend.backendRequests().some((request) => request.url.pathname.endsWith(ID))).toBe(true);
    // Staying on the page keeps it; a home page names no chat, and a stream there does not name one.
    await setup.worker.pageState(TAB, { url: page, visible: true, focused: true });
    expect(setup.memory.lens()?.conversationId).toBe(ID);
    await setup.worker.pageState(TAB, { url: 'https://chatgpt.com/', visible: true, focused: true });
    await setup.worker.pageEvent(TAB, { ...piece(live.replaceAll(ID, 'new-chat'), true), stream: 2 });
    await setup.advance(2_000);
    expect(setup.memory.lens()?.conversationId).toBeNull();
  });

  it('follows a transient page until the site gives the real id', async () => {
    const setup = workerOver();
    await setup.worker.pageState(TAB, {
      url: 'https://chatgpt.com/c/WEB:tmp-1',
      visible: true,
      focused: true,
    });
    await setup.advance(1_000);
    expect(setup.memory.lens()?.conversationId).toBeNull();
    await setup.worker.pageEvent(TAB, piece(live, true));
    await setup.advance(2_000);
    expect(setup.memory.lens()?.conversationId).toBe(ID);
    await setup.worker.pageState(TAB, { url: `https://chatgpt.com/c/${ID}`, visible: true, focused: true });
    expect(setup.memory.lens()?.conversationId).toBe(ID);
  });
});
