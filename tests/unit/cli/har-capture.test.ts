import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHar } from '@/lib/cli/har-capture';
import { FIXTURE_IDS } from '../../replica/fixtures/ids';
import { conversationEntries, har } from './build-har';

describe('readHar', () => {
  it('collects every page of the messages format, newest first', () => {
    const capture = readHar(har(conversationEntries(FIXTURE_IDS.longHistory)));
    const [conversation] = capture.conversations;
    expect(capture.conversations).toHaveLength(1);
    expect(conversation?.messagesPages.length).toBeGreaterThanOrEqual(3);
    const first = conversation?.messagesPages[0] as { page_info: { has_next_page: boolean } };
    expect(first.page_info.has_next_page).toBe(false);
    expect(capture.me).not.toBeNull();
  });

  it('keeps each conversation apart and gives product calls to the conversation loaded before them', () => {
    const capture = readHar(
      har([
        ...conversationEntries(FIXTURE_IDS.plain),
        ...conversationEntries(FIXTURE_IDS.products, { products: true, sseAnswer: true }),
      ]),
    );
    const byId = new Map(capture.conversations.map((conversation) => [conversation.id, conversation]));
    expect(byId.get(FIXTURE_IDS.plain)?.productBodies).toEqual([]);
    expect(byId.get(FIXTURE_IDS.products)?.productBodies.length).toBe(3);
    expect(byId.get(FIXTURE_IDS.products)?.sseResponses).toBe(1);
  });

  it('counts stream-item frames and leaves out a tree that answered 404', () => {
    const capture = readHar(
      har(conversationEntries(FIXTURE_IDS.treeMissing, { webSocketFrames: 4, treeStatus: 404 })),
    );
    expect(capture.conversations[0]?.streamItemFrames).toBe(4);
    expect(capture.conversations[0]?.tree).toBeNull();
  });

  it('never throws on arbitrary entries', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (entries) => {
        readHar({ log: { entries } });
      }),
    );
  });
});
