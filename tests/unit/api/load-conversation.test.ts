import { describe, expect, it } from 'vitest';
import { loadConversation } from '@/lib/api/load-conversation';
import { activePath, getConversation } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { clientOver, jsonResponse } from '@/tests/support/fakes/fake-backend';
import { replicaHandler } from '@/tests/support/fakes/replica-backend';

const pathIds = (id: string): string[] => {
  const conversation = getConversation(id);
  return conversation === undefined ? [] : activePath(conversation).map((message) => message.id);
};

describe('loadConversation', () => {
  it('loads both formats into one conversation that keeps the web.run messages of the messages format', async () => {
    const { client, backendRequests } = clientOver(replicaHandler());
    const loaded = await loadConversation(client, FIXTURE_IDS.webSearch);
    const conversation = loaded.conversation;
    expect(loaded.error).toBeNull();
    expect(conversation?.messages.map((message) => message.id)).toEqual(pathIds(FIXTURE_IDS.webSearch));
    expect(conversation?.formatLoads).toMatchObject({
      messages: { loaded: true, complete: true },
      tree: { loaded: true, complete: true },
    });
    const webRun = conversation?.messages.filter((message) => message.authorName === 'web.run') ?? [];
    expect(webRun.length).toBeGreaterThan(0);
    expect(loaded.treeConversation?.messages.some((message) => message.authorName === 'web.run')).toBe(false);
    const paths = new Set(backendRequests().map((request) => request.url.pathname));
    expect(paths).toEqual(
      new Set([
        `/backend-api/conversations/${FIXTURE_IDS.webSearch}`,
        `/backend-api/conversation/${FIXTURE_IDS.webSearch}`,
      ]),
    );
  });

  it('serves the messages format alone when the tree answers 404 (site-interface 9.2)', async () => {
    const { client } = clientOver(replicaHandler());
    const loaded = await loadConversation(client, FIXTURE_IDS.treeMissing);
    expect(loaded.error).toBeNull();
    expect(loaded.tree).toMatchObject({ status: 'absent' });
    expect(loaded.conversation?.messages.map((message) => message.id)).toEqual(
      pathIds(FIXTURE_IDS.treeMissing),
    );
    expect(loaded.conversation?.formatLoads.tree).toMatchObject({
      loaded: false,
      note: expect.stringMatching(/404/),
    });
    expect(loaded.conversation?.formatLoads.messages.complete).toBe(true);
  });

  it('lists the unknown top-level keys of the messages format (site-interface 9.3)', async () => {
    const { client } = clientOver(replicaHandler());
    const loaded = await loadConversation(client, FIXTURE_IDS.extraKeys);
    expect(loaded.conversation?.extraKeys).toEqual(['conversation_labels', 'experiments', 'future_flag']);
  });

  it('keeps what the tree gave when the messages format is rate limited', async () => {
    const replica = replicaHandler();
    const { client } = clientOver((request) =>
      request.url.pathname.startsWith('/backend-api/conversations/')
        ? jsonResponse({}, 429, { 'retry-after': '120' })
        : replica(request),
    );
    const loaded = await loadConversation(client, FIXTURE_IDS.longHistory);
    expect(loaded.error).toMatchObject({ code: 'rate-limited' });
    expect(loaded.conversation?.messages.length).toBeGreaterThan(0);
    expect(loaded.conversation?.formatLoads.messages).toMatchObject({
      loaded: false,
      note: expect.stringMatching(/slow down/),
    });
  });

  it('answers with no conversation, and the reason, when the user is signed out', async () => {
    const { client } = clientOver(() => jsonResponse({}, 401));
    const loaded = await loadConversation(client, FIXTURE_IDS.plain);
    expect(loaded.conversation).toBeNull();
    expect(loaded.error).toMatchObject({ code: 'signed-out' });
  });
});
