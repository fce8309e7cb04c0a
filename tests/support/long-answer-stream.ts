import { pythonJson } from '@/tests/replica/python-json';

/** What a long streamed answer is made of: its delta records, text and search results. */
export interface LongAnswerShape {
  /** Text appends of the answer, each a delta record. */
  appends: number;
  /** Characters in each append. */
  appendLength: number;
  /** Pages the search returned, over groups of five. */
  searchResults: number;
}

/** About 2,000 delta records, 200 KB of answer text and 30 search results. */
export const LONG_ANSWER: LongAnswerShape = { appends: 2_000, appendLength: 100, searchResults: 30 };

const CID = 'b3c1e8aa-0d2f-4f8e-9b21-7c5d3e6f1a90';

const event = (data: unknown, name?: string): string =>
  `${name === undefined ? '' : `event: ${name}\n`}data: ${pythonJson(data)}\n\n`;

const message = (id: string, role: string, content: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  author: { role, name: role === 'tool' ? 'web.run' : null, metadata: {} },
  create_time: 1_764_000_000.5,
  update_time: null,
  content,
  status: 'in_progress',
  end_turn: null,
  weight: 1.0,
  metadata: {},
  recipient: 'all',
  channel: null,
  ...extra,
});

/**
 * A long searched answer in the live site's v1 deltas (site-interface 10.6), Python-spaced: the prompt, a
 * web.run call and its result with every search result, then the answer appended in pieces, a cite
 * placeholder after every hundredth piece replaced by its reference in a patch, and the finish.
 */
export function longAnswerStream(shape: LongAnswerShape = LONG_ANSWER): string {
  const results = Array.from({ length: shape.searchResults }, (_, index) => ({
    type: 'search_result',
    url: `https://site${Math.floor(index / 5)}.example/article-${index}?utm_source=chatgpt.com`,
    title: `Article ${index} about trail running shoes`,
    snippet: 'A snippet of what the page says about lugs, grip, drop and cushioning. '.repeat(2),
    ref_id: { turn_index: 0, ref_type: 'search', ref_index: index },
  }));
  const groups = Array.from({ length: Math.ceil(shape.searchResults / 5) }, (_, group) => ({
    type: 'search_result_group',
    domain: `site${group}.example`,
    entries: results.slice(group * 5, group * 5 + 5),
  }));
  const parts = [
    'event: delta_encoding\ndata: "v1"\n\n',
    event({
      type: 'input_message',
      input_message: message('u', 'user', { content_type: 'text', parts: ['Best shoes for mud?'] }),
      conversation_id: CID,
    }),
    event(
      {
        p: '',
        o: 'add',
        v: {
          message: message('call', 'assistant', { content_type: 'code', text: '' }, { recipient: 'web.run' }),
          conversation_id: CID,
          error: null,
        },
        c: 0,
      },
      'delta',
    ),
    event(
      { p: '/message/content/text', o: 'append', v: '{"search_query": [{"q": "best trail shoes mud"}]}' },
      'delta',
    ),
    event(
      {
        v: {
          message: message(
            'tool',
            'tool',
            { content_type: 'text', parts: [''] },
            {
              metadata: {
                search_model_queries: { type: 'search_model_queries', queries: ['best trail shoes mud'] },
                search_result_groups: groups,
              },
            },
          ),
          conversation_id: CID,
          error: null,
        },
        c: 1,
      },
      'delta',
    ),
    event(
      {
        v: {
          message: message(
            'answer',
            'assistant',
            { content_type: 'text', parts: [''] },
            { metadata: { content_references: [], citations: [] } },
          ),
          conversation_id: CID,
          error: null,
        },
        c: 2,
      },
      'delta',
    ),
  ];
  const piece = 'Deep lugs shed mud and a rock plate guards the foot; '
    .repeat(4)
    .slice(0, shape.appendLength);
  let references = 0;
  for (let index = 0; index < shape.appends; index += 1) {
    parts.push(
      event(index === 0 ? { p: '/message/content/parts/0', o: 'append', v: piece } : { v: piece }, 'delta'),
    );
    if (index % 100 !== 99) continue;
    const marker = `\ue200cite\ue202turn0search${references % shape.searchResults}\ue201`;
    parts.push(
      event(
        {
          p: '/message/metadata/content_references',
          o: 'append',
          v: [{ type: 'hidden', invalid: true, matched_text: marker }],
        },
        'delta',
      ),
      event(
        {
          p: '',
          o: 'patch',
          v: [
            { p: '/message/content/parts/0', o: 'append', v: marker },
            {
              p: `/message/metadata/content_references/${references}`,
              o: 'replace',
              v: {
                type: 'grouped_webpages',
                matched_text: marker,
                items: [{ url: results[references % shape.searchResults]?.url, title: 'Article' }],
              },
            },
          ],
        },
        'delta',
      ),
    );
    references += 1;
  }
  parts.push(
    event(
      {
        p: '',
        o: 'patch',
        v: [
          { p: '/message/status', o: 'replace', v: 'finished_successfully' },
          { p: '/message/end_turn', o: 'replace', v: true },
        ],
      },
      'delta',
    ),
    event({
      type: 'server_ste_metadata',
      metadata: { is_search: true, model_slug: 'gpt-5' },
      conversation_id: CID,
    }),
    event({ type: 'message_stream_complete', conversation_id: CID }),
    'data: [DONE]\n\n',
  );
  return parts.join('');
}
