import { describe, expect, it } from 'vitest';
import { summaryOf } from '@/lens/library/library-summary';
import { overviewOf } from '@/lens/library/overview';
import { ad, citedPage, libraryConversation, offer, page, turn } from '@/tests/support/library-records';

const MONDAY = Date.UTC(2026, 10, 2);
const DAY = 86_400_000;

describe('overviewOf', () => {
  it('says nothing of an empty library, and nothing of search or health where no record says', () => {
    expect(overviewOf([])).toEqual({
      conversations: 0,
      turns: 0,
      searchedTurns: 0,
      knownSearchTurns: 0,
      searches: 0,
      citedDomains: [],
      topQueries: [],
      topAdvertisers: [],
      topMerchants: [],
      weeks: [],
      readInFull: 0,
      healthKnown: 0,
      interests: null,
    });
    const unknown = summaryOf(libraryConversation('c1', [turn(1, { searched: null })], { unread: null }));
    expect(overviewOf([unknown])).toMatchObject({ knownSearchTurns: 0, healthKnown: 0 });
  });

  it('counts the conversations read in full among those whose record says', () => {
    const notRead = [{ kind: 'content-type' as const, name: 'text_v2', count: 2 }];
    const summaries = [
      libraryConversation('c1'),
      libraryConversation('c2', [turn(1)], { unread: notRead }),
      libraryConversation('c3', [turn(1)], { unread: null }),
      libraryConversation('c4'),
    ].map(summaryOf);
    expect(summaries.map((summary) => summary.shapesNotRead)).toEqual([0, 1, null, 0]);
    expect(overviewOf(summaries)).toMatchObject({ readInFull: 2, healthKnown: 3 });
  });

  it('adds up turns, searches and the share of turns that searched among those that say', () => {
    const overview = overviewOf([
      summaryOf(
        libraryConversation('c1', [
          turn(0, { prompt: null, searched: true }),
          turn(1, {
            searched: true,
            queries: [
              { text: 'trail shoes', kind: 'search', order: 0 },
              { text: 'https://rei.com', kind: 'open', order: 1 },
            ],
          }),
          turn(2, { searched: false }),
        ]),
      ),
      summaryOf(libraryConversation('c2', [turn(1, { searched: true }), turn(2, { searched: null })])),
    ]);
    expect(overview).toMatchObject({
      conversations: 2,
      turns: 4,
      searchedTurns: 2,
      knownSearchTurns: 3,
      searches: 1,
    });
  });

  it('ranks cited domains most first, ties by name, and gathers the rest as one last row', () => {
    const overview = overviewOf(
      [
        summaryOf(
          libraryConversation('c1', [
            turn(1, { pages: [citedPage('https://b.example/1'), citedPage('https://a.example/1')] }),
            turn(2, { pages: [citedPage('https://c.example/1'), citedPage('https://c.example/2')] }),
          ]),
        ),
        summaryOf(
          libraryConversation('c2', [
            turn(1, { pages: [citedPage('https://d.example/1'), page('https://e.example/')] }),
          ]),
        ),
      ],
      null,
      2,
    );
    expect(overview.citedDomains).toEqual([
      { domain: 'c.example', count: 2, share: 0.4 },
      { domain: 'a.example', count: 1, share: 0.2 },
      { domain: 'other', count: 2, share: 0.4 },
    ]);
  });

  it('has no rest row when every domain is in the top', () => {
    const summary = summaryOf(
      libraryConversation('c1', [turn(1, { pages: [citedPage('https://a.example/')] })]),
    );
    expect(overviewOf([summary]).citedDomains).toEqual([{ domain: 'a.example', count: 1, share: 1 }]);
  });

  it('tallies queries, advertisers and merchants over conversations, most first, ties by name, top n', () => {
    const search = (text: string, order = 0) => ({ text, kind: 'search' as const, order });
    const overview = overviewOf(
      [
        summaryOf(
          libraryConversation('c1', [turn(1, { queries: [search('Trail  Shoes'), search('boots', 1)] })], {
            ads: [ad({ advertiser: 'Zeta' }), ad({ advertiser: 'Alpha' })],
            offers: [offer({ merchant: 'REI' }), offer({ merchant: 'Amazon' })],
          }),
        ),
        summaryOf(
          libraryConversation('c2', [turn(1, { queries: [search('trail shoes'), search('apex', 1)] })], {
            ads: [ad({ advertiser: 'Zeta' })],
            offers: [offer({ merchant: 'Amazon' })],
          }),
        ),
      ],
      null,
      2,
    );
    expect(overview.topQueries).toEqual([
      ['trail shoes', 2],
      ['apex', 1],
    ]);
    expect(overview.topAdvertisers).toEqual([
      ['Zeta', 2],
      ['Alpha', 1],
    ]);
    expect(overview.topMerchants).toEqual([
      ['Amazon', 2],
      ['REI', 1],
    ]);
  });

  it('lists every week from the first to the last, empty ones too, counting a conversation in each of its weeks', () => {
    const overview = overviewOf([
      summaryOf(
        libraryConversation('c1', [
          turn(1, { at: MONDAY + DAY }),
          turn(2, { at: MONDAY + 6 * DAY }),
          turn(3, { at: MONDAY + 21 * DAY }),
        ]),
      ),
      summaryOf(libraryConversation('c2', [turn(1, { at: MONDAY + 2 * DAY })])),
    ]);
    expect(overview.weeks).toEqual([
      { week: '2026-11-02', turns: 3, conversations: 2 },
      { week: '2026-11-09', turns: 0, conversations: 0 },
      { week: '2026-11-16', turns: 0, conversations: 0 },
      { week: '2026-11-23', turns: 1, conversations: 1 },
    ]);
  });

  it('dates a turn of unknown time by its conversation, and leaves out one with no time at all', () => {
    const overview = overviewOf([
      summaryOf(libraryConversation('c1', [turn(1, { at: null })], { createdAt: MONDAY + 8 * DAY })),
      summaryOf(libraryConversation('c2', [turn(1, { at: null })], { createdAt: null })),
    ]);
    expect(overview.weeks).toEqual([{ week: '2026-11-09', turns: 1, conversations: 1 }]);
    expect(overview.turns).toBe(2);
  });

  it("adds the account's ads to the advertisers, and names its interests with the import's time", () => {
    const account = {
      interests: ['Trail running', 'Camp cooking'],
      profileVersion: 2,
      ads: [ad({ turnIndex: null, advertiser: 'Alpha' }), ad({ turnIndex: null, advertiser: null })],
      savedAt: 7_000,
    };
    const summary = summaryOf(
      libraryConversation('c1', [turn(1)], {
        ads: [ad({ advertiser: 'Zeta' }), ad({ advertiser: 'Alpha' })],
      }),
    );
    const overview = overviewOf([summary], account);
    expect(overview.topAdvertisers).toEqual([
      ['Alpha', 2],
      ['Zeta', 1],
    ]);
    expect(overview.interests).toEqual({ names: ['Trail running', 'Camp cooking'], importedAt: 7_000 });
    expect(overviewOf([summary], { ...account, interests: [] }).interests).toBeNull();
  });
});
