import { describe, expect, it } from 'vitest';
import { brandReport } from '@/lens/library/brands';
import type { LibraryTurn } from '@/lens/library/library-record';
import { conversationPageUrl } from '@/lib/capture/endpoint';
import { type Brand, type BrandSettings, NO_BRANDS } from '@/lib/library/brand-settings';
import { citedPage, libraryConversation, page, turn } from '@/tests/support/library-records';

const brand = (name: string, domains: string[] = [], mentions: string[] = []): Brand => ({
  name,
  domains,
  mentions,
});

const BRANDS: BrandSettings = {
  own: brand('Acme', ['https://www.ACME.com/'], ['Acme', 'Acme Corp']),
  competitors: [
    brand('Globex', ['globex.com']),
    brand('', ['initech.io']),
    brand('Umbrella', [], ['Umbrella']),
  ],
};

/** A turn whose answer cites `urls` and reads `answer` (null: its text was not kept). */
const answered = (index: number, urls: string[], answer: string | null, partial: Partial<LibraryTurn> = {}) =>
  turn(index, { pages: urls.map((url) => citedPage(url)), answer, ...partial });

describe('brandReport', () => {
  it('says it has no brands to read for, whatever the library holds', () => {
    const report = brandReport(
      [libraryConversation('c1', [answered(1, ['https://acme.com/'], 'Acme')])],
      NO_BRANDS,
    );
    const none = {
      citationShare: { own: 0, competitors: [], other: 0, total: 0 },
      mentionShare: { own: 0, competitors: [], total: 0, answersRead: 0, answersWithoutText: 0 },
      citedPresence: { own: 0, competitors: [], total: 0 },
      namedPresence: { own: 0, competitors: [], total: 0 },
      namedFirst: { own: 0, competitors: [], total: 0 },
      meanPosition: { own: { answers: 0, mean: null, interval: null }, competitors: [] },
    };
    expect(report).toEqual({
      configured: false,
      shares: { all: none, branded: none, unbranded: none },
      prompts: [],
      gapDomains: [],
    });
  });

  it('reads an empty library as configured and empty', () => {
    expect(brandReport([], BRANDS)).toMatchObject({
      configured: true,
      shares: { all: { citationShare: { own: 0, other: 0, total: 0 }, citedPresence: { total: 0 } } },
      prompts: [],
      gapDomains: [],
    });
  });

  it('shares cited pages, once per answer and page, between own domains and subdomains, competitors and the rest', () => {
    const report = brandReport(
      [
        libraryConversation('c1', [
          turn(1, {
            pages: [
              citedPage('https://acme.com/a'),
              citedPage('https://acme.com/a#again'),
              citedPage('https://blog.acme.com/post'),
              citedPage('https://notacme.com/'),
              citedPage('https://shop.globex.com/'),
              page('https://globex.com/retrieved-only'),
              citedPage('https://review.example/'),
              citedPage('urn:no-host', { domain: null }),
            ],
          }),
          turn(2, { pages: [citedPage('https://acme.com/a'), citedPage('https://initech.io/')] }),
        ]),
      ],
      BRANDS,
    );
    expect(report.shares.all.citationShare).toEqual({
      own: 3,
      competitors: [
        { name: 'Globex', count: 1 },
        { name: 'initech.io', count: 1 },
        { name: 'Umbrella', count: 0 },
      ],
      other: 3,
      total: 8,
    });
  });

  it('gives a page to the brand of the longest domain it is under', () => {
    const nested: BrandSettings = {
      own: brand('Example', ['example.com']),
      competitors: [brand('Shop', ['shop.example.com'])],
    };
    const report = brandReport(
      [
        libraryConversation('c1', [
          turn(1, { pages: [citedPage('https://a.shop.example.com/'), citedPage('https://example.com/')] }),
        ]),
      ],
      nested,
    );
    expect(report.shares.all.citationShare).toMatchObject({
      own: 1,
      competitors: [{ name: 'Shop', count: 1 }],
    });
  });

  it('counts whole-word mentions in any case and script, the longest words first, a brand with no words by its name', () => {
    const report = brandReport(
      [
        libraryConversation(
          'c1',
          [
            answered(1, [], 'ACME CORP leads; acme’s rival Acmeware is not Acme. (Acme)'),
            answered(2, [], 'Globex and globex, but not Globexy or Umbrellas; Umbrella twice: UMBRELLA.'),
            answered(3, [], null),
            turn(0, { prompt: null, answer: 'Acme in no answer to a prompt' }),
          ],
          { answerTextKept: true },
        ),
      ],
      BRANDS,
    );
    expect(report.shares.all.mentionShare).toEqual({
      own: 4,
      competitors: [
        { name: 'Globex', count: 2 },
        { name: 'initech.io', count: 0 },
        { name: 'Umbrella', count: 2 },
      ],
      total: 8,
      answersRead: 2,
      answersWithoutText: 1,
    });
  });

  it('reads mentions of any script and of words with signs', () => {
    const report = brandReport(
      [
        libraryConversation('c1', [
          answered(1, [], 'ÉCOLE vs école; écolent; C++ and C#, not C++x; Мир, но не Мирный'),
        ]),
      ],
      {
        own: brand('École', []),
        competitors: [brand('C++'), brand('Мир')],
      },
    );
    expect(report.shares.all.mentionShare).toMatchObject({
      own: 2,
      competitors: [
        { name: 'C++', count: 1 },
        { name: 'Мир', count: 1 },
      ],
    });
  });

  it('reads each prompt for what its answer cites and names, null where its text was not kept', () => {
    const report = brandReport(
      [
        libraryConversation(
          'c1',
          [
            answered(1, ['https://globex.com/'], 'Umbrella and Acme', { at: 1000 }),
            answered(2, ['https://acme.com/'], null, { prompt: 'Which?' }),
          ],
          { title: 'Shopping', createdAt: 500 },
        ),
      ],
      BRANDS,
    );
    expect(report.prompts).toEqual([
      {
        conversation_id: 'c1',
        conversation_title: 'Shopping',
        conversation_url: conversationPageUrl('c1'),
        turnIndex: 1,
        prompt: 'prompt 1',
        branded: false,
        at: 1000,
        ownCited: false,
        ownMentioned: true,
        competitorsCited: ['Globex'],
        competitorsMentioned: ['Umbrella'],
      },
      {
        conversation_id: 'c1',
        conversation_title: 'Shopping',
        conversation_url: conversationPageUrl('c1'),
        turnIndex: 2,
        prompt: 'Which?',
        branded: false,
        at: 500,
        ownCited: true,
        ownMentioned: null,
        competitorsCited: [],
        competitorsMentioned: [],
      },
    ]);
  });

  it('finds the domains cited beside competitors and never beside the user’s brand, most answers first', () => {
    const report = brandReport(
      [
        libraryConversation('c1', [
          // Names a competitor by citing it: its other domains count.
          answered(1, ['https://globex.com/', 'https://review.example/', 'https://forum.example/'], null),
          // Names a competitor by mentioning it.
          answered(2, ['https://review.example/x', 'https://review.example/y'], 'Umbrella is best'),
          // Names both: its domains are cited beside the user's brand, so none of them is a gap.
          answered(3, ['https://forum.example/', 'https://initech.io/'], 'Acme or Initech'),
          // Names no brand: its domains are neither.
          answered(4, ['https://news.example/'], 'Nothing here'),
        ]),
        libraryConversation('c2', [answered(1, ['https://initech.io/', 'https://blog.example/'], null)]),
      ],
      BRANDS,
    );
    expect(report.gapDomains).toEqual([
      { domain: 'review.example', answers: 2, competitors: ['Globex', 'Umbrella'] },
      { domain: 'blog.example', answers: 1, competitors: ['initech.io'] },
    ]);
  });

  describe('split between branded and unbranded prompts', () => {
    // Branded: the prompt names a brand by its words (Acme, Acme Corp, Globex, Umbrella), in any case.
    const report = brandReport(
      [
        libraryConversation('c1', [
          answered(1, ['https://acme.com/a', 'https://globex.com/'], 'Acme Corp is fine, Globex too.', {
            prompt: 'Is ACME Corp any good?',
          }),
          answered(2, ['https://review.example/anvils', 'https://acme.com/anvil'], 'Acme anvils last.', {
            prompt: 'best anvil for a workshop',
          }),
        ]),
        libraryConversation('c2', [
          answered(1, ['https://globex.com/x'], null, { prompt: 'Globex or Umbrella?' }),
          answered(2, ['https://review.example/cheap'], 'Nothing stands out.', { prompt: 'cheapest anvil' }),
        ]),
        libraryConversation('c3', [
          // A competitor's domain in a prompt is not its words: unbranded.
          answered(1, ['https://initech.io/'], 'Umbrella sells some.', { prompt: 'anvils on initech.io' }),
        ]),
      ],
      BRANDS,
    );
    const competitors = (globex: number, initech: number, umbrella: number) => [
      { name: 'Globex', count: globex },
      { name: 'initech.io', count: initech },
      { name: 'Umbrella', count: umbrella },
    ];
    type Position = { answers: number; mean: number | null; interval: { low: number; high: number } | null };
    const unnamed: Position = { answers: 0, mean: null, interval: null };
    const positions = (own: Position, globex: Position, initech: Position, umbrella: Position) => ({
      own,
      competitors: [
        { name: 'Globex', ...globex },
        { name: 'initech.io', ...initech },
        { name: 'Umbrella', ...umbrella },
      ],
    });
    const once = (mean: number): Position => ({ answers: 1, mean, interval: null });

    it('marks each prompt branded or not', () => {
      expect(report.prompts.map((prompt) => prompt.branded)).toEqual([true, false, true, false, false]);
    });

    it('counts the branded prompts (c1 #1, c2 #1) apart', () => {
      expect(report.shares.branded).toEqual({
        // acme.com/a and globex.com/ in c1 #1, globex.com/x in c2 #1.
        citationShare: { own: 1, competitors: competitors(2, 0, 0), other: 0, total: 3 },
        // Only c1 #1 kept its text: "Acme Corp" once, "Globex" once.
        mentionShare: {
          own: 1,
          competitors: competitors(1, 0, 0),
          total: 2,
          answersRead: 1,
          answersWithoutText: 1,
        },
        // Of 2 prompts, Acme cited in c1 #1, Globex in both.
        citedPresence: { own: 1, competitors: competitors(2, 0, 0), total: 2 },
        // Of the 1 answer read, it names Acme and Globex.
        namedPresence: { own: 1, competitors: competitors(1, 0, 0), total: 1 },
        // "Acme Corp" comes before "Globex": Acme first, Globex second.
        namedFirst: { own: 1, competitors: competitors(0, 0, 0), total: 1 },
        meanPosition: positions(once(1), once(2), unnamed, unnamed),
      });
    });

    it('counts the unbranded prompts (c1 #2, c2 #2, c3 #1) apart', () => {
      expect(report.shares.unbranded).toEqual({
        // acme.com/anvil; initech.io/; review.example twice, as other domains.
        citationShare: { own: 1, competitors: competitors(0, 1, 0), other: 2, total: 4 },
        // "Acme" in c1 #2, "Umbrella" in c3 #1; all three answers read.
        mentionShare: {
          own: 1,
          competitors: competitors(0, 0, 1),
          total: 2,
          answersRead: 3,
          answersWithoutText: 0,
        },
        citedPresence: { own: 1, competitors: competitors(0, 1, 0), total: 3 },
        namedPresence: { own: 1, competitors: competitors(0, 0, 1), total: 3 },
        // c1 #2 names Acme alone, c3 #1 Umbrella alone; c2 #2 names none, so it is not counted.
        namedFirst: { own: 1, competitors: competitors(0, 0, 1), total: 2 },
        meanPosition: positions(once(1), unnamed, unnamed, once(1)),
      });
    });

    it('counts every prompt as the sum of the two', () => {
      expect(report.shares.all).toEqual({
        citationShare: { own: 2, competitors: competitors(2, 1, 0), other: 2, total: 7 },
        mentionShare: {
          own: 2,
          competitors: competitors(1, 0, 1),
          total: 4,
          answersRead: 4,
          answersWithoutText: 1,
        },
        citedPresence: { own: 2, competitors: competitors(2, 1, 0), total: 5 },
        namedPresence: { own: 2, competitors: competitors(1, 0, 1), total: 4 },
        namedFirst: { own: 2, competitors: competitors(0, 0, 1), total: 3 },
        // Acme first in both answers naming it: no spread, so its interval is the mean itself.
        meanPosition: positions(
          { answers: 2, mean: 1, interval: { low: 1, high: 1 } },
          once(2),
          unnamed,
          once(1),
        ),
      });
    });
  });
});
