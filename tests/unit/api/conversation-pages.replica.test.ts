import { describe, expect, it } from 'vitest';
import { loadConversationPages } from '@/lib/api/conversation-pages';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import {
  activePath,
  getConversation,
  messagesResponse,
  type StoredConversation,
} from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { clientOver, jsonResponse } from '@/tests/support/fakes/fake-backend';
import { replicaHandler } from '@/tests/support/fakes/replica-backend';

const longHistory = (): StoredConversation => {
  const conversation = getConversation(FIXTURE_IDS.longHistory);
  if (conversation === undefined) throw new Error('the replica has no long history');
  return conversation;
};

/** The same conversation as it stood `messagesAgo` messages earlier on its active branch. */
function earlier(conversation: StoredConversation, messagesAgo: number): StoredConversation {
  const path = activePath(conversation);
  const leaf = path[path.length - 1 - messagesAgo];
  if (leaf === undefined) throw new Error('not that many messages');
  return { ...conversation, currentNode: leaf.id };
}

const idsOf = (pages: unknown[]): string[] => {
  const result = normalizeMessagesFormat(pages);
  return result.ok ? result.value.messages.map((message) => message.id) : [];
};

describe('loadConversationPages over the replica', () => {
  it('pages over the long history (>= 3 pages) and gets its whole active branch in order', async () => {
    const conversation = longHistory();
    const { client } = clientOver(replicaHandler(() => conversation));
    const loaded = await loadConversationPages(client, conversation.id);
    expect(loaded.error).toBeNull();
    expect(loaded.complete).toBe(true);
    expect(loaded.pages.length).toBeGreaterThanOrEqual(3);
    expect(idsOf(loaded.pages)).toEqual(activePath(conversation).map((message) => message.id));
  });

  it('asks for older pages on the path of older turns once the page read them there', async () => {
    const conversation = longHistory();
    const { client, backendRequests } = clientOver(({ url }) => {
      const older = /^\/backend-api\/conversations\/([^/]+)\/messages$/.exec(url.pathname);
      const before = url.searchParams.get('before') ?? undefined;
      if (older === null) return replicaHandler(() => conversation)({ url, authorization: null });
      return jsonResponse(messagesResponse(conversation, { numTurns: 100, before }));
    });
    const loaded = await loadConversationPages(client, conversation.id, { olderTurnsPath: 'messages' });
    expect(loaded).toMatchObject({ complete: true, error: null });
    expect(idsOf(loaded.pages)).toEqual(activePath(conversation).map((message) => message.id));
    const paths = backendRequests().map((request) => request.url.pathname);
    expect(paths[0]).toBe(`/backend-api/conversations/${conversation.id}`);
    expect(paths.slice(1).every((path) => path.endsWith('/messages'))).toBe(true);
    expect(paths.length).toBeGreaterThanOrEqual(3);
  });

  it('refreshes a grown conversation with one request, merging by message id', async () => {
    const conversation = longHistory();
    let served = earlier(conversation, 12);
    const { client, backendRequests } = clientOver(replicaHandler(() => served));
    const first = await loadConversationPages(client, conversation.id);
    served = conversation;
    const sentBefore = backendRequests().length;
    const refreshed = await loadConversationPages(client, conversation.id, { heldPages: first.pages });
    expect(backendRequests().length - sentBefore).toBe(1);
    expect(refreshed).toMatchObject({ complete: true, error: null });
    expect(refreshed.pages).toHaveLength(first.pages.length);
    expect(idsOf(refreshed.pages)).toEqual(activePath(conversation).map((message) => message.id));
  });

  it('reaches back to the held pages when more than a page was added since', async () => {
    const conversation = longHistory();
    let served = earlier(conversation, 400);
    const { client } = clientOver(replicaHandler(() => served));
    const first = await loadConversationPages(client, conversation.id);
    served = conversation;
    const refreshed = await loadConversationPages(client, conversation.id, { heldPages: first.pages });
    expect(refreshed.requests).toBeGreaterThanOrEqual(2);
    expect(refreshed.requests).toBeLessThan(first.requests + 2);
    expect(idsOf(refreshed.pages)).toEqual(activePath(conversation).map((message) => message.id));
  });

  it('resumes an incomplete load from where the held pages stop', async () => {
    const conversation = longHistory();
    const { client } = clientOver(replicaHandler(() => conversation));
    const full = await loadConversationPages(client, conversation.id);
    const resumed = await loadConversationPages(client, conversation.id, {
      heldPages: full.pages.slice(0, 1),
    });
    expect(resumed).toMatchObject({ complete: true, error: null, requests: full.requests });
    expect(idsOf(resumed.pages)).toEqual(idsOf(full.pages));
  });
});
