import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractQueries } from '@/features/queries/queries';
import { notLoaded } from '@/lib/model/conversation';
import { conversationOf, message, user } from '@/tests/unit/insights/build-conversation';

describe('extractQueries', () => {
  it('reads every source of a turn, first appearance first, without repeats', () => {
    const conversation = conversationOf([
      user('u1', 'Which skillet should I buy?'),
      message({
        id: 'a1',
        recipient: 'web.run',
        contentType: 'code',
        text: '```json\n{"search_query":[{"q":"best cast iron skillet 2026"}],"open":[{"ref_id":"turn0search3"}],"product_query":{"search":["lodge 10.25 skillet"]}}\n```',
      }),
      message({
        id: 't1',
        role: 'tool',
        authorName: 'web.run',
        metadata: {
          search_model_queries: ['best cast iron skillet 2026', 'https://www.seriouseats.com/skillets'],
          map_search_model_queries: { type: 'search_model_queries', queries: ['kitchen stores near me'] },
        },
      }),
      message({ id: 'a2', text: 'Here is what I found.' }),
    ]);
    expect(extractQueries(conversation).queries).toEqual([
      {
        text: 'best cast iron skillet 2026',
        kind: 'search',
        source: 'web.run',
        messageId: 'a1',
        turnIndex: 0,
        page: null,
      },
      { text: 'turn0search3', kind: 'open', source: 'web.run', messageId: 'a1', turnIndex: 0, page: null },
      {
        text: 'lodge 10.25 skillet',
        kind: 'product',
        source: 'web.run',
        messageId: 'a1',
        turnIndex: 0,
        page: null,
      },
      {
        text: 'https://www.seriouseats.com/skillets',
        kind: 'open',
        source: 'search_model_queries',
        messageId: 't1',
        turnIndex: 0,
        page: null,
      },
      {
        text: 'kitchen stores near me',
        kind: 'search',
        source: 'map_search_model_queries',
        messageId: 't1',
        turnIndex: 0,
        page: null,
      },
    ]);
  });

  it("reads an open call's ref_id in the older object form (site-interface 2.4) as its string form", () => {
    const conversation = conversationOf([
      user('u1', 'Open that page'),
      message({
        id: 'a1',
        recipient: 'web.run',
        contentType: 'code',
        text: '{"open":[{"ref_id":{"turn_index":0,"ref_type":"search","ref_index":3}},{"ref_id":"turn0search4"}]}',
      }),
    ]);
    expect(extractQueries(conversation).queries.map((query) => [query.text, query.kind])).toEqual([
      ['turn0search3', 'open'],
      ['turn0search4', 'open'],
    ]);
  });

  it('names the page an open names by reference id: its turn first, then the nearest turn before', () => {
    const result = (url: string, refIndex: number, turn = 0) => ({
      domain: new URL(url).hostname,
      entries: [
        {
          url,
          title: `Page ${refIndex}`,
          ref_id: { turn_index: turn, ref_type: 'search', ref_index: refIndex },
        },
      ],
    });
    const open = (id: string, refId: string) =>
      message({ id, recipient: 'web.run', text: JSON.stringify({ open: [{ ref_id: refId }] }) });
    const conversation = conversationOf([
      user('u1', 'first'),
      message({
        id: 'a1',
        metadata: {
          search_result_groups: [result('https://old.example/a', 0), result('https://old.example/b', 1)],
        },
      }),
      user('u2', 'second'),
      open('o1', 'turn0search1'),
      message({ id: 'a2', metadata: { search_result_groups: [result('https://new.example/a', 0)] } }),
      open('o2', 'turn0search0'),
      open('o3', 'turn9search9'),
      message({
        id: 'q1',
        role: 'tool',
        authorName: 'web.run',
        contentType: 'tether_quote',
        refId: 'turn1view0',
        text: 'The quoted page\nhttps://quote.example/page\nWords of it.',
      }),
      open('o4', 'turn1view0'),
    ]);
    expect(
      extractQueries(conversation).queries.map((query) => [query.text, query.page?.url ?? null]),
    ).toEqual([
      ['turn0search1', 'https://old.example/b'],
      ['turn0search0', 'https://new.example/a'],
      ['turn9search9', null],
      ['turn1view0', 'https://quote.example/page'],
    ]);
  });

  it('numbers turns and repeats a query that a later turn runs again', () => {
    const conversation = conversationOf([
      user('u1', 'first'),
      message({ id: 't1', role: 'tool', metadata: { search_model_queries: ['weather lisbon'] } }),
      user('u2', 'again'),
      message({ id: 't2', role: 'tool', metadata: { search_model_queries: ['weather lisbon'] } }),
    ]);
    expect(extractQueries(conversation).queries.map((query) => [query.turnIndex, query.messageId])).toEqual([
      [0, 't1'],
      [1, 't2'],
    ]);
  });

  it('reads the older search_queries form', () => {
    const conversation = conversationOf([
      user('u1', 'old'),
      message({
        id: 't1',
        role: 'tool',
        metadata: { search_queries: [{ q: 'train porto lisbon', type: 'web' }] },
      }),
    ]);
    expect(extractQueries(conversation).queries).toMatchObject([
      { text: 'train porto lisbon', kind: 'search', source: 'search_queries' },
    ]);
  });

  it('ignores a web.run call that is no JSON command and values of other shapes', () => {
    const conversation = conversationOf([
      user('u1', 'q'),
      message({ id: 'a1', recipient: 'web.run', text: 'search("not json")' }),
      message({ id: 't1', role: 'tool', metadata: { search_model_queries: [42, null, '  ', { q: 'x' }] } }),
    ]);
    expect(extractQueries(conversation).queries).toEqual([]);
  });

  it('says queries may be missing when only the tree was loaded', () => {
    const treeOnly = conversationOf([user('u1', 'q')], {
      formatLoads: {
        messages: notLoaded('404'),
        tree: { loaded: true, complete: true, pages: 1, note: null },
        stream: notLoaded(),
      },
    });
    expect(extractQueries(treeOnly)).toMatchObject({ mayBeIncomplete: true });
    expect(extractQueries(treeOnly).note).toMatch(/may be missing/);
    expect(extractQueries(conversationOf([user('u1', 'q')])).mayBeIncomplete).toBe(false);
  });

  it('never throws on arbitrary metadata or command text', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (metadata, text) => {
        const conversation = conversationOf([
          user('u1', 'q'),
          message({ id: 'a1', recipient: 'web.run', text }),
          message({ id: 't1', role: 'tool', metadata }),
        ]);
        for (const query of extractQueries(conversation).queries) expect(query.text.trim()).not.toBe('');
      }),
    );
  });
});
