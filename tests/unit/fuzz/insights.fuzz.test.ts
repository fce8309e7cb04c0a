import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { detectTransport } from '@/features/details/transport';
import { extractQueries } from '@/features/queries/queries';
import { summarizeDomains } from '@/features/sources/domain-summary';
import { extractSources } from '@/features/sources/sources';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { StreamCollector } from '@/lib/model/stream-collector';
import { withoutPrivateUse } from '@/tests/unit/fixtures/citations';
import { ANSWER_BODIES, MESSAGES_DOCUMENTS, SOCKET_FRAMES } from './fixture-documents';
import { fuzz } from './fuzz-property';
import { damagedCopies, hostileString } from './hostile-values';
import { jsonText } from './json-text';
import { typedValue } from './outcome-checks';
import { editText, textEdits } from './text-edits';

/**
 * The insights (queries, sources and content references, citation markers, transport) read from
 * conversations whose raw metadata was damaged: search_model_queries, content_references and
 * search_result_groups of any type and shape. Nothing throws, and what they list points at real messages
 * and turns of the conversation.
 */
const searchedPages = [
  ...Object.values(MESSAGES_DOCUMENTS),
  // Real exports often lost the private-use characters: markers read `citeturn0search0`.
  withoutPrivateUse(MESSAGES_DOCUMENTS.unitCitations ?? []),
];

const conversations = damagedCopies(searchedPages)
  .map((pages) => typedValue(normalizeMessagesFormat(pages)))
  .filter((conversation) => conversation !== null);

describe('queries, sources and citations of damaged conversations', () => {
  fuzz(
    'point at messages and turns of the conversation, and leave no marker',
    conversations,
    (conversation) => {
      const messageIds = new Set(conversation.messages.map((message) => message.id));
      const turnCount = conversation.turns.length;
      const inConversation = (at: { messageId: string; turnIndex: number }) =>
        messageIds.has(at.messageId) && at.turnIndex >= 0 && at.turnIndex < turnCount;

      const { queries } = extractQueries(conversation);
      expect(queries.every((query) => inConversation(query) && typeof query.text === 'string')).toBe(true);
      expect(queries.every((query) => ['search', 'open', 'product'].includes(query.kind))).toBe(true);

      const { sources, citedMessages } = extractSources(conversation);
      expect(sources.every((source) => inConversation(source) && (source.cited || source.retrieved))).toBe(
        true,
      );
      expect(citedMessages.every((cited) => messageIds.has(cited.messageId))).toBe(true);
      const shown = citedMessages.flatMap((cited) =>
        cited.pieces.flatMap((piece) =>
          piece.kind === 'text' || piece.kind === 'words' ? [piece.text] : [],
        ),
      );
      expect(shown.join('')).not.toMatch(/[\ue200-\ue2ff]/);

      const tallies = summarizeDomains(sources);
      expect(tallies.length).toBe(new Set(sources.map((source) => source.domain)).size);
    },
  );
});

describe('the transport of damaged streams', () => {
  const frames = SOCKET_FRAMES.map((frame) => JSON.parse(frame) as unknown);
  const frameTexts = fc.oneof(
    damagedCopies(frames).map((frame) => jsonText(frame)),
    fc.tuple(fc.constantFrom(...SOCKET_FRAMES), textEdits).map(([frame, edits]) => editText(frame, edits)),
  );
  const answerBodies = fc
    .tuple(fc.constantFrom(...ANSWER_BODIES), textEdits)
    .map(([body, edits]) => editText(body, edits));

  fuzz(
    'every answer item is read once, each stream has one owner or none, and the transport is one of three',
    fc.record({
      frames: fc.array(fc.tuple(frameTexts, fc.option(hostileString)), { maxLength: 6 }),
      bodies: fc.array(answerBodies, { maxLength: 3 }),
    }),
    ({ frames: seen, bodies }) => {
      const collector = new StreamCollector();
      let items = 0;
      let fresh = 0;
      bodies.forEach((text, index) => {
        const feed = collector.answerPiece(
          { stream: index, status: 200, text, ended: true, truncated: false },
          null,
        );
        expect(feed.owner === null || typeof feed.owner === 'string').toBe(true);
      });
      for (const [text, page] of seen) {
        for (const item of readStreamFrame(text)) {
          if (item.kind === 'stream-item') items += 1;
          const feed = collector.streamItem(item, page);
          if (feed?.freshItem) fresh += 1;
          if (feed !== null) expect(typeof feed.stream.reader.turn().answered).toBe('boolean');
        }
      }
      expect(fresh).toBeLessThanOrEqual(items);
      const transport = detectTransport({
        streamItems: fresh,
        sseAnswers: bodies.length,
        handoffs: 0,
        resumed: 0,
        htmlAnswers: 0,
      });
      expect(['websocket', 'sse', 'unknown']).toContain(transport);
    },
  );
});
