import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractQueries } from '@/features/queries/queries';
import { extractSources } from '@/features/sources/sources';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { searchQueriesFor } from '@/tests/replica/search-turn';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, call, json, submitPrompt } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

const CITE_MARKER = /\ue200cite(\ue202turn\d+search\d+)+\ue201/;

const read = async (path: string) => json(await call(replica, path, { headers: asPage(replica) }));

/** The whole conversation in the messages format, as lib reads it. */
async function messagesFormat(conversationId: string) {
  const page = await read(
    `/backend-api/conversations/${conversationId}?include_has_versions=true&num_turns=1000`,
  );
  const result = normalizeMessagesFormat([page]);
  if (!result.ok) throw new Error(`the messages format did not read: ${JSON.stringify(result.error)}`);
  return { page, conversation: result.value };
}

describe("a web-search conversation's prompt is searched (site-interface 2.4 and site-interface 9.1)", () => {
  // The same search whichever form the answer streams in: the document's (webSearch) or the live site's.
  it.for(['webSearch', 'liveSearch'] as const)(
    '%s stores the web.run call and result with the queries, and an answer that cites what it retrieved',
    async (name) => {
      const id = FIXTURE_IDS[name];
      const before = await messagesFormat(id);
      const prompt = 'Which Lisbon bakeries open before eight in the morning?';
      const response = await submitPrompt(replica, id, prompt);
      expect(response.status).toBe(200);

      const { page, conversation } = await messagesFormat(id);
      const lastTurn = conversation.turns.length - 1;
      expect(lastTurn).toBe(before.conversation.turns.length);
      const queries = extractQueries(conversation).queries.filter((query) => query.turnIndex === lastTurn);
      const ofKind = (kind: string) =>
        queries.filter((query) => query.kind === kind).map((query) => query.text);
      expect(ofKind('search')).toEqual(searchQueriesFor(prompt));
      // The chained call opened the first result: by its reference id, and by its URL in the tool's result.
      expect(ofKind('open')).toEqual([
        expect.stringMatching(/^turn\d+search0$/),
        expect.stringMatching(/^https:/),
      ]);
      // The tools' results name them as the site does: only the messages format carries these messages.
      const toolResults = (
        page.messages as Array<{ author: { name?: string }; metadata: Record<string, unknown> }>
      )
        .filter((message) => message.author.name === 'web.run')
        .slice(-2);
      expect(toolResults.map((message) => message.metadata.search_model_queries)).toEqual([
        { type: 'search_model_queries', queries: searchQueriesFor(prompt) },
        [expect.stringMatching(/^https:\/\/\S+$/)],
      ]);

      const sources = extractSources(conversation).sources.filter((source) => source.turnIndex === lastTurn);
      expect(sources.some((source) => source.cited && source.retrieved)).toBe(true);
      expect(sources.some((source) => source.retrieved && !source.cited)).toBe(true);
      const answer = (page.messages as Array<{ content: { parts?: string[] } }>).at(-1);
      expect(answer?.content.parts?.[0]).toMatch(CITE_MARKER);

      // The tree leaves the tool messages and the citations out: only the messages format has them.
      const tree = JSON.stringify(await read(`/backend-api/conversation/${id}`));
      expect(tree).not.toContain('web.run');
      expect(tree).not.toContain('search_model_queries');
      expect(tree).not.toContain('"content_references":[{');
    },
  );

  it('answers without a search where the scenario does not search', async () => {
    const id = FIXTURE_IDS.sse;
    const before = extractQueries((await messagesFormat(id)).conversation).queries.length;
    await submitPrompt(replica, id, 'Which Lisbon bakeries open before eight in the morning?');
    const { conversation } = await messagesFormat(id);
    expect(extractQueries(conversation).queries).toHaveLength(before);
    expect(
      extractSources(conversation).sources.filter(
        (source) => source.turnIndex === conversation.turns.length - 1,
      ),
    ).toEqual([]);
  });
});
