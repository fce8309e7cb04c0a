import { describe, expect, it } from 'vitest';
import { ReadingHealthBadge } from '@/components/shell/ReadingHealthBadge';
import { shapeReport } from '@/features/details/unread';
import { inspect } from '@/lens/insights/inspection';
import { isRecord } from '@/lib/model/json-read';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { getConversation, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';
import { parsedValue } from '@/tests/unit/export/rich-inspection';

const CANARY = 'CANARY-shape-report-value';

/** A conversation whose answer's content type was renamed, holding a value no report may copy. */
function renamedConversation() {
  const stored = getConversation(FIXTURE_IDS.webSearch);
  if (stored === undefined) throw new Error('no fixture');
  const tree = structuredClone(treeResponse(stored)) as { mapping: Record<string, { message?: unknown }> };
  const answer = Object.values(tree.mapping)
    .map((node) => node.message)
    .find((message) => isRecord(message) && isRecord(message.author) && message.author.role === 'assistant');
  if (!isRecord(answer) || !isRecord(answer.content)) throw new Error('no answer');
  answer.content = { content_type: 'text_v2', parts: [CANARY], secret_member: CANARY };
  return parsedValue(normalizeTreeFormat(tree));
}

describe('the shape report', () => {
  it('names kinds, names, counts and key paths, and never a value', () => {
    const stream = readStreamedTurn(
      `data: ${JSON.stringify({ type: 'turn_digest', digest: CANARY })}\n\ndata: [DONE]\n\n`,
    );
    const { unread } = inspect({ conversation: renamedConversation(), streamedTurns: [stream] });
    const report = shapeReport(unread, '1.2.3');
    expect(report).toBe(
      [
        'Chat Lens 1.2.3: shapes not read',
        '',
        '- content type: text_v2 ×1 at message.content.content_type',
        '- stream record: turn_digest ×1 at type',
        '- contradiction: answer stream ended without a message ×1 at answer stream',
        '',
      ].join('\n'),
    );
    expect(report).not.toContain(CANARY);
  });

  it('shows in the header as a quiet badge with its button, and not at all when all was read', () => {
    const { unread } = inspect({ conversation: renamedConversation() });
    const text = visibleText(renderView(ReadingHealthBadge, { unread, version: '1.2.3' }));
    expect(text).toContain('1 shape not read');
    expect(text).toContain('Copy a shape report');
    expect(renderView(ReadingHealthBadge, { unread: [], version: '1.2.3' })).toBe('');
  });
});
