import { describe, expect, it } from 'vitest';
import { loadConversationTree } from '@/lib/api/conversation-tree';
import { clientOver, jsonResponse } from '@/tests/support/fakes/fake-backend';
import { smallTree } from '@/tests/unit/fixtures/read-fixture';

describe('loadConversationTree', () => {
  it('loads the tree from the singular path', async () => {
    const { client, backendRequests } = clientOver(() => jsonResponse(smallTree()));
    const outcome = await loadConversationTree(client, 'c-small');
    expect(outcome).toEqual({ status: 'loaded', tree: smallTree() });
    expect(backendRequests()[0]?.url.pathname).toBe('/backend-api/conversation/c-small');
  });

  it.each([
    ['a 404', () => jsonResponse({ detail: 'Conversation not found' }, 404), /404/],
    ['a body without mapping', () => jsonResponse({ title: 'x', messages: [] }), /no mapping/],
    ['a body that is no object', () => jsonResponse([1, 2]), /not a JSON object/],
    ['a malformed body', () => new Response('{"mapping": {'), /not valid JSON|ends early/],
  ])('treats %s as an absent tree, not an error (site-interface 9.2)', async (_label, answer, reason) => {
    const { client } = clientOver(answer);
    const outcome = await loadConversationTree(client, 'c1');
    expect(outcome).toMatchObject({ status: 'absent', reason: expect.stringMatching(reason) });
  });

  it('reports a failed request as failed, with its typed error', async () => {
    const { client } = clientOver(() => jsonResponse({}, 429));
    expect(await loadConversationTree(client, 'c1')).toMatchObject({
      status: 'failed',
      error: { code: 'rate-limited' },
    });
  });
});
