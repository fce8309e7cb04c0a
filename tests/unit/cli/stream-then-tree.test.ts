import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFileText } from '@/lens/cli/inspect-file';
import type { Inspection } from '@/lens/insights/inspection';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { conversationEntries, har, harEntry } from '@/tests/support/build-har';
import { asPage, call, submitPrompt } from '@/tests/unit/replica/replica-client';

/**
 * A searched answer streamed, then the page's tree poll bringing it without its content_references
 * (site-interface 4.2): in the interface document's stream form and in the live site's v1 deltas.
 */
const FORMS = [
  { name: 'document form', id: FIXTURE_IDS.webSearch, wire: undefined },
  { name: 'live form', id: FIXTURE_IDS.liveSearch, wire: 'live' },
] as const;
const PROMPT = 'Which trail shoes grip best in mud?';

let replica: Replica;
const recorded = new Map<string, { stream: string; tree: string }>();
beforeAll(async () => {
  replica = await startReplica();
  for (const { id } of FORMS) {
    replica.setOverride(id, { answerPauseMs: 0 });
    const stream = (await submitPrompt(replica, id, PROMPT)).text;
    const tree = (await call(replica, `/backend-api/conversation/${id}`, { headers: asPage(replica) })).text;
    recorded.set(id, { stream, tree });
  }
});
afterAll(() => replica.close());

function inspected(id: string, wire: 'live' | undefined, treePolledAfter: boolean): Inspection {
  const { stream, tree } = recorded.get(id) ?? { stream: '', tree: '' };
  const result = inspectFileText(
    JSON.stringify(
      har([
        ...conversationEntries(id, wire === undefined ? {} : { wire }),
        harEntry({
          method: 'POST',
          path: '/backend-api/f/conversation',
          mimeType: 'text/event-stream',
          requestBody: JSON.stringify({ conversation_id: id, action: 'next' }),
          body: stream,
        }),
        ...(treePolledAfter ? [harEntry({ path: `/backend-api/conversation/${id}`, body: tree })] : []),
      ]),
    ),
  );
  if (!result.ok) throw new Error(result.error.message);
  const [inspection] = result.value.inspections;
  if (inspection === undefined) throw new Error('no conversation in the recording');
  return inspection;
}

const pagesOf = (inspection: Inspection) =>
  inspection.sources.map((source) => `${source.turnIndex} ${source.url} ${source.cited} ${source.retrieved}`);

describe('a streamed answer, then the tree poll that brings it', () => {
  for (const { name, id, wire } of FORMS)
    it(`keeps every page the stream named, in the ${name}`, () => {
      const streamed = inspected(id, wire, false);
      const polled = inspected(id, wire, true);
      const answerId = streamed.conversation.messages.at(-1)?.id;
      expect(polled.conversation.messages.find((message) => message.id === answerId)?.format).toBe('tree');
      const lastTurn = streamed.conversation.turns.length - 1;
      // The stream carried the answer's pages: what the tree poll could take away.
      expect(streamed.sources.some((source) => source.turnIndex === lastTurn && source.cited)).toBe(true);
      expect(pagesOf(polled)).toEqual(pagesOf(streamed));
      expect(polled.citedMessages).toEqual(streamed.citedMessages);
    });
});
