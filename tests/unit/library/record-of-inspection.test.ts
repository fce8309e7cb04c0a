import { describe, expect, it } from 'vitest';
import { inspect } from '@/lens/insights/inspection';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import { richInspection } from '@/tests/unit/export/rich-inspection';
import { citationsConversation } from '@/tests/unit/fixtures/citations';
import { conversationOf, message, user } from '@/tests/unit/insights/build-conversation';

const SAVED_AT = Date.UTC(2026, 10, 25);

const group = (domain: string, urls: string[]) => ({
  domain,
  entries: urls.map((url) => ({ type: 'search_result', url, title: url, snippet: '' })),
});

/** A prompt, a web.run call of two queries and its results, an open, and an answer citing a result. */
const searched = conversationOf([
  user('u1', 'Best trail shoes?', { createTimeMs: SAVED_AT - 1000 }),
  message({
    id: 'c1',
    recipient: 'web.run',
    contentType: 'code',
    text: '{"search_query":[{"q":"trail shoes"},{"q":"trail shoes reviews"}]}',
  }),
  message({
    id: 't1',
    role: 'tool',
    authorName: 'web.run',
    metadata: {
      search_model_queries: { type: 'search_model_queries', queries: ['trail shoes', 'trail shoes reviews'] },
      search_result_groups: [
        group('runnersworld.com', ['https://www.runnersworld.com/a', 'https://www.runnersworld.com/b']),
        group('rei.com', ['https://www.rei.com/c']),
      ],
    },
  }),
  message({ id: 'a1', text: 'Try these.', metadata: { model_slug: 'gpt-5' } }),
]);

describe('recordOfInspection', () => {
  it('keeps an open by the address of the page it opened, never by its reference id', () => {
    const record = recordOfInspection(richInspection(), { keepAnswerText: false, savedAt: SAVED_AT });
    const queries = record?.turns.flatMap((turn) => turn.queries) ?? [];
    expect(queries).toContainEqual(
      expect.objectContaining({
        text: 'https://www.rei.com/product/236410/merrell-moab-speed-2-hiking-shoes-mens',
        kind: 'open',
      }),
    );
    expect(queries.filter((query) => /turn\d+\w+\d+/.test(query.text))).toEqual([]);
  });

  it('keeps per turn the prompt, the queries in order and the pages with the search that found them', () => {
    const record = recordOfInspection(inspect({ conversation: searched }), {
      keepAnswerText: true,
      savedAt: SAVED_AT,
    });
    expect(record).toMatchObject({
      id: 'conv-1',
      models: ['gpt-5'],
      savedAt: SAVED_AT,
      answerTextKept: true,
    });
    const turn = record?.turns.find((found) => found.prompt === 'Best trail shoes?');
    expect(turn).toMatchObject({ answer: 'Try these.', model: 'gpt-5', searched: true, at: SAVED_AT - 1000 });
    expect(turn?.queries).toEqual([
      { text: 'trail shoes', kind: 'search', order: 0 },
      { text: 'trail shoes reviews', kind: 'search', order: 1 },
    ]);
    expect(
      turn?.pages.map(({ url, rank, foundBy, retrieved, cited }) => ({
        url,
        rank,
        foundBy,
        retrieved,
        cited,
      })),
    ).toEqual([
      {
        url: 'https://www.runnersworld.com/a',
        rank: 1,
        foundBy: ['trail shoes', 'trail shoes reviews'],
        retrieved: true,
        cited: false,
      },
      {
        url: 'https://www.runnersworld.com/b',
        rank: 2,
        foundBy: ['trail shoes', 'trail shoes reviews'],
        retrieved: true,
        cited: false,
      },
      {
        url: 'https://www.rei.com/c',
        rank: 3,
        foundBy: ['trail shoes', 'trail shoes reviews'],
        retrieved: true,
        cited: false,
      },
    ]);
  });

  it('keeps no answer text unless asked, and the rest the same', () => {
    const inspection = inspect({ conversation: searched });
    const kept = recordOfInspection(inspection, { keepAnswerText: true, savedAt: SAVED_AT });
    const without = recordOfInspection(inspection, { keepAnswerText: false, savedAt: SAVED_AT });
    expect(without?.turns.every((turn) => turn.answer === null)).toBe(true);
    expect(without?.answerTextKept).toBe(false);
    expect(without?.turns.map(({ answer: _, ...rest }) => rest)).toEqual(
      kept?.turns.map(({ answer: _, ...rest }) => rest),
    );
  });

  it('counts how often the answer cites each page, and shows the answer without its markers', () => {
    const record = recordOfInspection(inspect({ conversation: citationsConversation() }), {
      keepAnswerText: true,
      savedAt: SAVED_AT,
    });
    const pages = record?.turns.flatMap((turn) => turn.pages) ?? [];
    expect(pages.filter((page) => page.cited).every((page) => page.citations >= 1)).toBe(true);
    expect(pages.filter((page) => !page.cited).every((page) => page.citations === 0)).toBe(true);
    expect(Math.max(...pages.map((page) => page.citations))).toBeGreaterThan(1);
    for (const turn of record?.turns ?? [])
      expect(turn.answer ?? '').not.toMatch(/[\ue200-\ue2ff]|turn\d+search\d+/);
  });

  it('keeps the ads and offers clean: no tracking value, no token-bearing member', () => {
    const record = recordOfInspection(richInspection(), { keepAnswerText: true, savedAt: SAVED_AT });
    expect(record?.ads.length).toBeGreaterThan(0);
    expect(record?.offers.length).toBeGreaterThan(0);
    const text = JSON.stringify(record);
    expect(text).not.toContain('canary-');
  });

  it('keeps nothing of a conversation that names no id', () => {
    const nameless = conversationOf([user('u1')], { id: null });
    expect(
      recordOfInspection(inspect({ conversation: nameless }), { keepAnswerText: true, savedAt: 0 }),
    ).toBeNull();
  });
});
