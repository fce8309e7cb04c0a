import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryGridRow } from '@/features/queries/queries-grid';
import { type LibraryFilter, type LibraryGrids, libraryGrids, NO_FILTER } from '@/lens/library/grids';
import type { LibraryConversation } from '@/lens/library/library-record';
import { conversationPageUrl } from '@/lib/capture/endpoint';
import { ad, libraryConversation, offer, page, turn } from '@/tests/support/library-records';

const MARCH = Date.UTC(2026, 2, 10);
const JUNE = Date.UTC(2026, 5, 10);

const filter = (partial: Partial<LibraryFilter>): LibraryFilter => ({ ...NO_FILTER, ...partial });
const search = (text: string, order = 0) => ({ text, kind: 'search' as const, order });

const shoes = libraryConversation(
  'c1',
  [
    turn(1, {
      prompt: 'Best TRAIL shoes?',
      at: MARCH,
      model: 'gpt-5',
      queries: [search('trail shoes 2026'), { text: 'https://rei.example/', kind: 'open', order: 1 }],
      pages: [
        page('https://rei.example/shoes', { title: 'REI shoes', cited: true, citations: 2 }),
        page('https://blog.example/review', { title: null }),
      ],
    }),
    turn(2, {
      prompt: 'And boots?',
      at: null,
      model: 'gpt-5-mini',
      queries: [search('hiking boots')],
      pages: [page('https://rei.example/shoes/#top', { title: 'REI', cited: true, citations: 1 })],
    }),
  ],
  {
    title: 'Shoes',
    models: ['gpt-5', 'gpt-5-mini'],
    createdAt: MARCH - 1000,
    ads: [
      ad({ turnIndex: 2, advertiser: 'Acme' }),
      ad({ turnIndex: null, advertiser: 'Zed', title: 'Boots sale', link: 'https://zed.example/' }),
    ],
    offers: [offer({ product: 'Trail shoe', merchant: 'REI' })],
  },
);

const tents = libraryConversation(
  'c2',
  [
    turn(1, {
      prompt: 'A tent for two',
      at: JUNE,
      model: 'gpt-4o',
      queries: [search('two person tent')],
      pages: [
        page('https://REI.example/shoes', { title: 'REI shoes', cited: true, citations: 3 }),
        page('https://tents.example/', { retrieved: true, cited: false }),
      ],
    }),
  ],
  {
    title: null,
    models: ['gpt-4o'],
    createdAt: JUNE - 1000,
    offers: [offer({ product: 'Tent', merchant: 'Amazon' })],
  },
);

const tables = libraryGrids([shoes, tents]);

describe('the query table', () => {
  it('has one row per query, with its prompt, conversation and link, dated by its turn or else its conversation', () => {
    expect(tables.queries(NO_FILTER)).toEqual([
      {
        key: 'c1/0/0',
        conversation_id: 'c1',
        conversation_title: 'Shoes',
        conversation_url: conversationPageUrl('c1'),
        turnIndex: 1,
        prompt: 'Best TRAIL shoes?',
        query: 'trail shoes 2026',
        kind: 'search',
        at: MARCH,
        model: 'gpt-5',
      },
      expect.objectContaining({ key: 'c1/0/1', query: 'https://rei.example/', kind: 'open' }),
      expect.objectContaining({
        key: 'c1/1/0',
        query: 'hiking boots',
        at: MARCH - 1000,
        model: 'gpt-5-mini',
      }),
      expect.objectContaining({ key: 'c2/0/0', conversation_title: null, at: JUNE }),
    ]);
  });

  it('filters by text in any case over prompt, query and title only', () => {
    const queries = (text: string) => tables.queries(filter({ text })).map((row) => row.query);
    expect(queries('trail')).toEqual(['trail shoes 2026', 'https://rei.example/']);
    expect(queries('SHOES')).toEqual(['trail shoes 2026', 'https://rei.example/', 'hiking boots']);
    expect(queries('gpt')).toEqual([]);
    expect(queries('shoes?trail')).toEqual([]);
    expect(queries('')).toHaveLength(4);
  });

  it('filters by date (inclusive), model and conversation, and by text within them', () => {
    const queries = (partial: Partial<LibraryFilter>) =>
      tables.queries(filter(partial)).map((row) => row.query);
    expect(queries({ from: MARCH - 1000, to: MARCH - 1000 })).toEqual(['hiking boots']);
    expect(queries({ from: JUNE })).toEqual(['two person tent']);
    expect(queries({ to: MARCH })).toEqual(['trail shoes 2026', 'https://rei.example/', 'hiking boots']);
    expect(queries({ model: 'gpt-5' })).toEqual(['trail shoes 2026', 'https://rei.example/']);
    expect(queries({ conversationId: 'c2' })).toEqual(['two person tent']);
    expect(queries({ conversationId: 'c1', text: 'BOOTS' })).toEqual(['hiking boots']);
    expect(queries({ conversationId: 'c1', text: 'tent' })).toEqual([]);
    expect(queries({ conversationId: 'nobody' })).toEqual([]);
  });

  it('leaves a row of unknown date out of any date range', () => {
    const undated = libraryGrids([
      libraryConversation('u', [turn(1, { queries: [search('q')] })], { createdAt: null }),
    ]);
    expect(undated.queries(NO_FILTER)).toHaveLength(1);
    expect(undated.queries(filter({ from: 0 }))).toEqual([]);
  });

  it('hands out a new list each time, so sorting one in place changes no later answer', () => {
    const first = tables.queries(NO_FILTER);
    first.reverse();
    expect(tables.queries(NO_FILTER)[0]?.key).toBe('c1/0/0');
  });
});

describe('the page table', () => {
  it('adds up each page over its turns and conversations, once per turn, links to one page as one', () => {
    const [rei, ...rest] = tables.pages(NO_FILTER);
    expect(rei).toEqual({
      key: 'https://rei.example/shoes',
      domain: 'rei.example',
      url: 'https://rei.example/shoes',
      title: 'REI shoes',
      retrieved: 3,
      cited: 3,
      citations: 6,
      conversations: 2,
      firstSeen: MARCH - 1000,
      lastSeen: JUNE,
      lastConversationId: 'c2',
      lastConversationUrl: conversationPageUrl('c2'),
    });
    expect(rest.map((row) => [row.key, row.retrieved, row.cited, row.title])).toEqual([
      ['https://blog.example/review', 1, 0, null],
      ['https://tents.example', 1, 0, 'https://tents.example/'],
    ]);
  });

  it('counts two links to one page in one turn once, with the larger citation count', () => {
    const twice = libraryGrids([
      libraryConversation('c', [
        turn(1, {
          pages: [
            page('https://a.example/x', { title: null, cited: true, citations: 2 }),
            page('https://a.example/x#part', { title: 'X', cited: true, citations: 3 }),
          ],
        }),
      ]),
    ]);
    expect(twice.pages(NO_FILTER)).toMatchObject([{ retrieved: 1, cited: 1, citations: 3, title: 'X' }]);
  });

  it('adds up only the turns the filter keeps: a page seen in March and June, filtered to June', () => {
    expect(tables.pages(filter({ from: JUNE - 1000 }))).toMatchObject([
      {
        key: 'https://rei.example/shoes',
        retrieved: 1,
        cited: 1,
        citations: 3,
        conversations: 1,
        firstSeen: JUNE,
      },
      { key: 'https://tents.example' },
    ]);
    expect(tables.pages(filter({ model: 'gpt-5' }))).toMatchObject([
      { key: 'https://rei.example/shoes', citations: 2, lastConversationId: 'c1', lastSeen: MARCH },
      { key: 'https://blog.example/review' },
    ]);
  });

  it('filters the added-up rows by domain, URL and title, in any case, also after the scope changes', () => {
    const keys = (partial: Partial<LibraryFilter>) => tables.pages(filter(partial)).map((row) => row.key);
    expect(keys({ text: 'REI SHOES' })).toEqual(['https://rei.example/shoes']);
    expect(keys({ text: 'blog.EXAMPLE' })).toEqual(['https://blog.example/review']);
    expect(keys({ text: 'tents', conversationId: 'c1' })).toEqual([]);
    expect(keys({ text: 'tents', conversationId: 'c2' })).toEqual(['https://tents.example']);
    expect(keys({ text: 'rei', conversationId: 'c1' })).toEqual(['https://rei.example/shoes']);
    expect(keys({ text: 'tents' })).toEqual(['https://tents.example']);
  });

  it('names the conversation of the latest sighting, an undated one counting as the earliest', () => {
    const undatedLast = libraryGrids([
      libraryConversation('dated', [turn(1, { at: MARCH, pages: [page('https://a.example/')] })]),
      libraryConversation('undated', [turn(1, { at: null, pages: [page('https://a.example/')] })], {
        createdAt: null,
      }),
    ]);
    expect(undatedLast.pages(NO_FILTER)).toMatchObject([
      { firstSeen: MARCH, lastSeen: MARCH, lastConversationId: 'dated', conversations: 2 },
    ]);
  });
});

describe('the ad and offer tables', () => {
  it('date an ad by its turn and filter one of no turn by its conversation’s models', () => {
    expect(tables.ads(NO_FILTER)).toEqual([
      {
        key: 'c1/ad/0',
        conversation_id: 'c1',
        conversation_title: 'Shoes',
        conversation_url: conversationPageUrl('c1'),
        turn_index: 2,
        at: MARCH - 1000,
        model: 'gpt-5-mini',
        advertiser: 'Acme',
        advertiser_url: 'https://acme.example/',
        unit_type: 'single',
        format: 'card',
        title: 'Acme boots',
        link: 'https://acme.example/boots',
        card_count: 0,
        card_titles: null,
        streamed: false,
        shown_at: null,
        // Turn 2 cites rei.example alone, and its text was not kept.
        advertiser_cited: false,
        advertiser_named: null,
        conversation_created: MARCH - 1000,
      },
      expect.objectContaining({ key: 'c1/ad/1', turn_index: null, model: null, advertiser: 'Zed' }),
    ]);
    expect(tables.ads(filter({ model: 'gpt-5' })).map((row) => row.advertiser)).toEqual(['Zed']);
    expect(tables.ads(filter({ model: 'gpt-4o' }))).toEqual([]);
    expect(tables.ads(filter({ text: 'SALE' })).map((row) => row.advertiser)).toEqual(['Zed']);
    expect(tables.ads(filter({ text: 'acme.example/boots' })).map((row) => row.advertiser)).toEqual(['Acme']);
  });

  it('date an offer by its conversation and search product, brand and merchant', () => {
    expect(tables.offers(NO_FILTER)).toEqual([
      {
        key: 'c1/offer/0',
        conversation_id: 'c1',
        conversation_title: 'Shoes',
        conversation_url: conversationPageUrl('c1'),
        at: MARCH - 1000,
        product_id: 'p1',
        product: 'Trail shoe',
        brand: 'Acme',
        merchant: 'REI',
        currency: 'USD',
        base: 100,
        shipping: 5,
        tax: 8,
        total: 113,
        price_text: '$113.00',
        best_price_tag: null,
        availability: 'in_stock',
        url: 'https://rei.example/shoe',
        seen_in: 'refresh',
        conversation_created: MARCH - 1000,
        models: 'gpt-5 | gpt-5-mini',
      },
      expect.objectContaining({ key: 'c2/offer/0', product: 'Tent', at: JUNE - 1000 }),
    ]);
    const products = (partial: Partial<LibraryFilter>) =>
      tables.offers(filter(partial)).map((row) => row.product);
    expect(products({ text: 'amazon' })).toEqual(['Tent']);
    expect(products({ text: 'acme' })).toEqual(['Trail shoe', 'Tent']);
    expect(products({ text: 'USD' })).toEqual([]);
    expect(products({ model: 'gpt-4o' })).toEqual(['Tent']);
    expect(products({ from: JUNE - 1000, to: JUNE - 1000 })).toEqual(['Tent']);
  });
});

describe('what the filters offer', () => {
  it('lists every model and every conversation in reading order, untitled last', () => {
    const more = libraryGrids([
      tents,
      shoes,
      libraryConversation('c10', [turn(1, { model: 'o3' })], { title: 'Chat 10', models: [] }),
      libraryConversation('c9', [], { title: 'Chat 9', models: ['gpt-5'] }),
    ]);
    expect(more.models).toEqual(['gpt-4o', 'gpt-5', 'gpt-5-mini', 'o3']);
    expect(more.conversations).toEqual([
      { id: 'c9', title: 'Chat 9' },
      { id: 'c10', title: 'Chat 10' },
      { id: 'c1', title: 'Shoes' },
      { id: 'c2', title: null },
    ]);
  });

  it('has empty tables for an empty library', () => {
    const empty = libraryGrids([]);
    expect([
      empty.queries(NO_FILTER),
      empty.pages(NO_FILTER),
      empty.ads(NO_FILTER),
      empty.offers(NO_FILTER),
    ]).toEqual([[], [], [], []]);
    expect(empty.pages(filter({ text: 'x', model: 'gpt-5' }))).toEqual([]);
    expect([empty.models, empty.conversations]).toEqual([[], []]);
  });
});

describe('a library of 100,000 rows', () => {
  const WEEK = 7 * 86_400_000;
  const models = ['gpt-5', 'gpt-5-mini', 'o3'];
  const records = (): LibraryConversation[] =>
    Array.from({ length: 1000 }, (_, conversation) =>
      libraryConversation(
        `c${conversation}`,
        Array.from({ length: 20 }, (_, place) =>
          turn(place + 1, {
            prompt: `Prompt ${place} about ${conversation % 7 === 0 ? 'Tents' : 'shoes'}`,
            at: MARCH + (conversation % 10) * WEEK + place,
            model: models[(conversation + place) % 3] ?? null,
            queries: Array.from({ length: 5 }, (_, order) =>
              search(`query ${conversation}-${place}-${order}`, order),
            ),
            pages: Array.from({ length: 5 }, (_, order) =>
              page(`https://site${(conversation * 5 + order) % 2000}.example/p${place}`, {
                cited: order === 0,
                citations: order === 0 ? 1 : 0,
              }),
            ),
          }),
        ),
        { title: `Conversation ${conversation}` },
      ),
    );
  let big: LibraryGrids;
  let all: QueryGridRow[];
  beforeAll(() => {
    big = libraryGrids(records());
    all = big.queries(NO_FILTER);
  });

  it('filters as a plain filter over the rows does', () => {
    expect(all).toHaveLength(100_000);
    const plain = (text: string) =>
      all.filter((row) =>
        [row.prompt, row.query, row.conversation_title].some((column) =>
          column?.toLowerCase().includes(text),
        ),
      );
    for (const text of ['TENTS', 'query 999-19-4', '-7-', 'nothing like it']) {
      expect(big.queries(filter({ text }))).toEqual(plain(text.toLowerCase()));
    }
    const june = filter({ from: MARCH + 5 * WEEK, to: MARCH + 6 * WEEK - 1, model: 'o3', text: 'tents' });
    expect(big.queries(june)).toEqual(
      all.filter(
        (row) =>
          row.at !== null &&
          row.at >= MARCH + 5 * WEEK &&
          row.at < MARCH + 6 * WEEK &&
          row.model === 'o3' &&
          row.prompt?.toLowerCase().includes('tents'),
      ),
    );
  });

  it('adds up its 100,000 pages', () => {
    const pages = big.pages(NO_FILTER);
    expect(pages).toHaveLength(2000 * 20);
    expect(pages.reduce((sum, row) => sum + row.retrieved, 0)).toBe(100_000);
    expect(pages.reduce((sum, row) => sum + row.cited, 0)).toBe(20_000);
    const site7 = big.pages(filter({ text: 'site7.example/p3' }));
    expect(site7.map((row) => [row.key, row.conversations])).toEqual([['https://site7.example/p3', 3]]);
  });
});

describe("the ads table with the account's ad history (a data export's ads.json)", () => {
  const shownAt = Date.UTC(2026, 9, 14, 9);
  const account = {
    interests: ['Trail running'],
    profileVersion: 3,
    ads: [ad({ advertiser: 'Summit Trail Co.', title: 'Waterproof trail shoes', turnIndex: null, shownAt })],
    savedAt: JUNE,
  };
  const withHistory = libraryGrids([shoes, tents], account);

  it("lists each ad that names no conversation after the conversations' ads, dated when it was shown", () => {
    const rows = withHistory.ads(NO_FILTER);
    expect(rows.length).toBe(tables.ads(NO_FILTER).length + 1);
    expect(rows.at(-1)).toMatchObject({
      key: 'account/ad/0',
      conversation_id: null,
      conversation_title: null,
      advertiser: 'Summit Trail Co.',
      shown_at: shownAt,
      at: shownAt,
      model: null,
    });
  });

  it('is left out by a conversation or model filter, kept by its words and its day', () => {
    const advertisers = (partial: Partial<LibraryFilter>) =>
      withHistory.ads(filter(partial)).map((row) => row.advertiser);
    expect(advertisers({ conversationId: shoes.id })).not.toContain('Summit Trail Co.');
    expect(advertisers({ model: 'gpt-5' })).not.toContain('Summit Trail Co.');
    expect(advertisers({ text: 'waterproof' })).toEqual(['Summit Trail Co.']);
    expect(advertisers({ from: shownAt - 1, to: shownAt + 1 })).toEqual(['Summit Trail Co.']);
  });
});
