/**
 * Citations as the live site sends them (DESIGN "Sources and citations in messages"), added to every answer
 * of a generated messages-format response so the insights and Markdown benchmarks pay for the sources and
 * the marker rewriting (issue 7, item 2): chained and single cite markers, an entity, a hidden image group,
 * grouped_webpages with supporting websites, a sources_footnote and search_result_groups with pages the
 * answer does not cite.
 */
const OPEN = '\ue200';
const CLOSE = '\ue201';
const SEPARATOR = '\ue202';

const cite = (...ids: string[]): string => `${OPEN}cite${ids.map((id) => SEPARATOR + id).join('')}${CLOSE}`;

interface Page {
  url: string;
  title: string;
  attribution: string;
}

const page = (turn: number, site: string, index: number): Page => ({
  url: `https://www.${site}.example/article/${turn}-${index}?utm_source=chatgpt.com`,
  title: `${site} on question ${turn}, part ${index}`,
  attribution: site,
});

/** Real snippets are a sentence or two of the page, as long as this one. */
const snippet = (source: Page): string =>
  `${source.title}: what the page says about the question, in the words of ${source.attribution}, cut off by the search service after about one hundred and sixty characters…`;

const refId = (turn: number, index: number) => ({ turn_index: turn, ref_type: 'search', ref_index: index });

function citedAnswer(text: string, turn: number): { text: string; metadata: Record<string, unknown> } {
  const pages = ['guide', 'review', 'news', 'forum', 'shop', 'wiki'].map((site, index) =>
    page(turn, site, index),
  );
  // forum and shop (3 and 4) are found by the search but not cited; wiki is cited but not found.
  const [guide, review, news, , , wiki] = pages as [Page, Page, Page, Page, Page, Page];
  const chained = cite(`turn${turn}search0`, `turn${turn}search1`);
  const single = cite(`turn${turn}search2`);
  const entity = `${OPEN}entity${SEPARATOR}["city","Lisbon","portugal"]${CLOSE}`;
  const images = `${OPEN}image_group${SEPARATOR}{"query":["turn${turn}"]}${CLOSE}`;
  const cited = `${entity}: ${text} ${chained}\n\n${images}\n\nSee also the reviews ${single}.`;
  const item = (source: Page, index: number, supporting: Page[] = []) => ({
    ...source,
    snippet: snippet(source),
    pub_date: null,
    attribution_segments: null,
    supporting_websites: supporting.map((site) => ({ ...site, snippet: snippet(site), pub_date: null })),
    refs: [refId(turn, index)],
    hue: null,
    attributions: null,
  });
  // Every reference carries the members real ones do, most of them null or empty.
  const reference = (matched: string, type: string, members: Record<string, unknown>) => {
    const start = cited.indexOf(matched);
    return {
      matched_text: matched,
      start_idx: start,
      end_idx: start + matched.length,
      safe_urls: [],
      refs: [],
      alt: null,
      prompt_text: null,
      type,
      ...members,
    };
  };
  const grouped = (items: unknown[]) => ({
    items,
    fallback_items: null,
    status: 'done',
    error: null,
    style: null,
  });
  return {
    text: cited,
    metadata: {
      citations: [],
      content_references: [
        reference(entity, 'entity', { name: 'Lisbon' }),
        reference(chained, 'grouped_webpages', grouped([item(guide, 0, [news]), item(review, 1)])),
        reference(images, 'hidden', { invalid: true }),
        reference(single, 'grouped_webpages', grouped([item(review, 2)])),
        {
          ...reference(' ', 'sources_footnote', { sources: [guide, wiki], has_images: false }),
          start_idx: cited.length,
        },
      ],
      search_result_groups: pages.slice(0, 5).map((result, index) => ({
        type: 'search_result_group',
        domain: `www.${result.attribution}.example`,
        entries: [
          {
            type: 'search_result',
            ...result,
            snippet: snippet(result),
            ref_id: refId(turn, index),
            pub_date: null,
          },
        ],
      })),
      safe_urls: pages.map((source) => source.url),
    },
  };
}

/** The response with every final answer cited; `response` is a messages-format page as JSON. */
export function withCitations(response: unknown): unknown {
  const { messages } = response as { messages: Array<Record<string, unknown>> };
  let turn = 0;
  for (const message of messages) {
    const author = message.author as { role?: string } | undefined;
    const content = message.content as { content_type?: string; parts?: unknown[] } | undefined;
    const text = content?.parts?.[0];
    if (author?.role !== 'assistant' || content?.content_type !== 'text' || typeof text !== 'string')
      continue;
    const answer = citedAnswer(text, turn);
    turn += 1;
    content.parts = [answer.text];
    message.metadata = { ...(message.metadata as Record<string, unknown>), ...answer.metadata };
  }
  return response;
}
