import { describe, expect, it } from 'vitest';
import { summarizeDomains } from '@/features/sources/domain-summary';
import { extractSources } from '@/features/sources/sources';
import { cleanSourceUrl, hostOf, pageKey } from '@/lib/insights/source-url';
import { citationsConversation, citationsTree } from '@/tests/unit/fixtures/citations';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';

const rows = (plainText = false) =>
  extractSources(citationsConversation(plainText)).sources.map(
    ({ url, domain, turnIndex, cited, retrieved }) => ({
      url,
      domain,
      turnIndex,
      cited,
      retrieved,
    }),
  );

describe('extractSources', () => {
  it('lists per turn every page retrieved or cited, once, with where it came from', () => {
    expect(rows()).toEqual([
      {
        url: 'https://www.timeout.com/lisbon/where-to-stay-in-lisbon',
        domain: 'timeout.com',
        turnIndex: 1,
        cited: true,
        retrieved: true,
      },
      {
        url: 'https://www.theguardian.com/travel/2026/mar/02/lisbon-neighbourhood-guide',
        domain: 'theguardian.com',
        turnIndex: 1,
        cited: true,
        retrieved: true,
      },
      {
        url: 'https://www.nytimes.com/2026/04/11/travel/lisbon-alfama-tourism.html',
        domain: 'nytimes.com',
        turnIndex: 1,
        cited: true,
        retrieved: true,
      },
      {
        url: 'https://www.eater.com/maps/best-pastel-de-nata-lisbon',
        domain: 'eater.com',
        turnIndex: 1,
        cited: true,
        retrieved: false,
      },
      {
        // Cited by a marker no reference explains: "turn0search5" names this search result.
        url: 'https://www.tasteatlas.com/best-rated-pastries-in-lisbon',
        domain: 'tasteatlas.com',
        turnIndex: 1,
        cited: true,
        retrieved: true,
      },
      {
        url: 'https://www.lisbonlux.com/lisbon/where-to-stay/',
        domain: 'lisbonlux.com',
        turnIndex: 1,
        cited: false,
        retrieved: true,
      },
      {
        url: 'https://gulbenkian.pt/en/alfama-history/#:~:text=Moorish%20quarter',
        domain: 'gulbenkian.pt',
        turnIndex: 2,
        cited: true,
        retrieved: false,
      },
      {
        url: 'https://castelodesaojorge.pt/en/history/',
        domain: 'castelodesaojorge.pt',
        turnIndex: 2,
        cited: true,
        retrieved: true,
      },
      {
        url: 'https://en.wikipedia.org/wiki/Alfama',
        domain: 'en.wikipedia.org',
        turnIndex: 2,
        cited: true,
        retrieved: true,
      },
    ]);
  });

  it('keeps the title and the site name, on one line and without markers', () => {
    const [first] = extractSources(citationsConversation()).sources;
    expect(first).toMatchObject({
      title: 'Where to stay in Lisbon: the best neighbourhoods',
      attribution: 'Time Out',
      messageId: 'cit-4',
    });
    const deepResearch = extractSources(citationsConversation()).sources.find(
      (source) => source.domain === 'gulbenkian.pt',
    );
    expect(deepResearch?.title).toBe('Alfama: a thousand years');
  });

  it('reads the same pages when the private-use characters were lost, and from the tree format', () => {
    expect(rows(true)).toEqual(rows());
    expect(extractSources(citationsTree())).toEqual(extractSources(citationsConversation()));
  });

  it('tolerates wrong types and unknown reference types, and skips entries without a URL', () => {
    const conversation = conversationOf([
      message({ id: 'u', role: 'user', text: 'q' }),
      message({
        id: 'a',
        metadata: {
          content_references: [
            null,
            'x',
            { type: 'grouped_webpages', items: 'nope' },
            { type: 'grouped_webpages', items: [{ url: 42 }, { title: 'no url' }, { url: '  ' }] },
            { type: 'mystery', url: 'https://mystery.example/' },
            { type: 'webpage', url: 'https://ok.example/a', title: ['not text'] },
          ],
          search_result_groups: [{ domain: 7, entries: [{ url: 'https://ok.example/a/' }, 3] }, 'x'],
        },
      }),
    ]);
    expect(extractSources(conversation).sources).toEqual([
      {
        url: 'https://ok.example/a',
        title: null,
        domain: 'ok.example',
        attribution: null,
        turnIndex: 0,
        messageId: 'a',
        cited: true,
        retrieved: true,
        // Its place in the results: the entry before it had no URL, but was a result.
        rank: 1,
      },
    ]);
  });

  it('keeps a cited upload of a report as a file, by its name, with no domain', () => {
    const conversation = conversationOf([
      message({ id: 'u', role: 'user', text: 'Summarize my notes' }),
      message({
        id: 'a',
        metadata: {
          content_references: [
            {
              type: 'webpage_extended',
              url: 'file://file_000000002f5061f6b4ab0c7b8e7b1f3a',
              title: 'field-notes.pdf',
              matched_text: '\ue200cite\ue202turn0file0\ue201',
            },
          ],
        },
      }),
    ]);
    const [source] = extractSources(conversation).sources;
    expect(source).toMatchObject({ title: 'field-notes.pdf', domain: null, cited: true });
    expect(summarizeDomains(extractSources(conversation).sources).map((tally) => tally.domain)).toEqual([
      null,
    ]);
  });

  it('finds nothing in a conversation without search data', () => {
    expect(extractSources(conversationOf([message({ id: 'a', text: 'Hello' })]))).toEqual({
      sources: [],
      citedMessages: [],
    });
  });
});

describe('source URLs', () => {
  it('drop the utm_source=chatgpt.com the site appends and nothing else', () => {
    expect(cleanSourceUrl('https://a.example/p?utm_source=chatgpt.com')).toBe('https://a.example/p');
    expect(cleanSourceUrl('https://a.example/p?id=7&utm_source=chatgpt.com')).toBe(
      'https://a.example/p?id=7',
    );
    expect(cleanSourceUrl('https://a.example/p?utm_source=chatgpt.com&id=7')).toBe(
      'https://a.example/p?id=7',
    );
    expect(cleanSourceUrl('https://a.example/p?a=1&utm_source=chatgpt.com&b=2#x')).toBe(
      'https://a.example/p?a=1&b=2#x',
    );
    expect(cleanSourceUrl('https://a.example/p?utm_source=newsletter')).toBe(
      'https://a.example/p?utm_source=newsletter',
    );
  });

  it('drop ad tracking parameters and private-use characters', () => {
    expect(cleanSourceUrl('https://shop.example/p?id=7&oppref=SECRET\ue201')).toBe(
      'https://shop.example/p?id=7',
    );
    expect(cleanSourceUrl(' \ue200 ')).toBeNull();
  });

  it('name a host without www and tell the same page apart from another', () => {
    expect(hostOf('https://WWW.Example.com:8443/a')).toBe('example.com');
    expect(hostOf('not a url')).toBeNull();
    // A report citing the user's own upload: a file, never a domain.
    expect(hostOf('file://file_000000002f5061f6b4ab0c7b8e7b1f3a')).toBeNull();
    expect(pageKey('HTTPS://Example.com/a/#frag')).toBe(pageKey('https://example.com/a'));
    expect(pageKey('https://example.com/a?b=1')).not.toBe(pageKey('https://example.com/a'));
  });
});
