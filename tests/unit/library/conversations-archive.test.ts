import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspect } from '@/lens/insights/inspection';
import { conversationsArchive } from '@/lens/library/conversations-archive';
import { zipTreeSink } from '@/lib/export/tree-sink';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { EXPORTED_AT } from '@/tests/unit/export/rich-inspection';
import { richContentConversation } from '@/tests/unit/fixtures/rich-content';

const OPTIONS = { format: 'md', write: { exportedAt: EXPORTED_AT }, filter: {} } as const;

/** A ZIP sink that keeps each chunk as it is handed on. */
function collected() {
  const chunks: Uint8Array[] = [];
  let closed = false;
  const sink = zipTreeSink(
    EXPORTED_AT,
    async (chunk) => void chunks.push(chunk),
    async () => {
      closed = true;
    },
  );
  return { sink, chunks, isClosed: () => closed };
}

const total = (chunks: readonly Uint8Array[]): number => chunks.reduce((sum, chunk) => sum + chunk.length, 0);

const conversationOf = (id: string, day: string) =>
  inspect({
    conversation: { ...richContentConversation(), id, createTimeMs: Date.parse(`${day}T08:00:00Z`) },
  });

describe('conversationsArchive (export-format "ZIP of many conversations")', () => {
  it('hands on each conversation as it is given, not only at the end', async () => {
    const { sink, chunks, isClosed } = collected();
    const archive = conversationsArchive(sink, OPTIONS);
    await archive.conversation(conversationOf('first', '2026-01-05'));
    const afterFirst = total(chunks);
    expect(afterFirst).toBeGreaterThan(0);
    await archive.conversation(conversationOf('second', '2026-02-05'));
    expect(total(chunks)).toBeGreaterThan(afterFirst);
    expect(isClosed()).toBe(false);
    await archive.finish();
    expect(isClosed()).toBe(true);
    const paths = Object.keys(unzipSync(joinedBytes(chunks)));
    expect(paths.filter((path) => /^2026\/0[12]\/[^/]+\.md$/.test(path))).toHaveLength(2);
  });

  it('lists an unreadable item as failed beside the conversations written', async () => {
    const { sink, chunks } = collected();
    const archive = conversationsArchive(sink, OPTIONS);
    await archive.conversation(conversationOf('one', '2026-03-01'));
    archive.unreadable('Item 2 is not a conversation.');
    await archive.finish();
    const entries = unzipSync(joinedBytes(chunks));
    const report = strFromU8(entries['report.json'] ?? new Uint8Array());
    expect(report.split('\n')[0]).toBe(
      '{"partial": true, "summary": "1 conversation written, 1 item failed.",',
    );
    expect(JSON.parse(report).failed).toEqual([{ warning: 'Item 2 is not a conversation.' }]);
    expect(JSON.parse(report).conversations).toEqual([
      { id: 'one', title: richContentConversation().title, path: expect.stringMatching(/^2026\/03\//) },
    ]);
  });
});
