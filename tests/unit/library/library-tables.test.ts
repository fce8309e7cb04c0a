import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LibraryAd } from '@/features/ads/ad-record';
import { ADS_TABLE } from '@/features/ads/ads-table';
import type { LibraryOffer } from '@/features/offers/offer-record';
import { OFFERS_TABLE } from '@/features/offers/offers-table';
import { JOINED_TABLE } from '@/lens/library/joined-table';
import type { LibraryConversation } from '@/lens/library/library-record';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { type LibraryTable, tableRows } from '@/lib/library/library-table';
import type { TableRow } from '@/lib/library/table-column';
import { libraryConversation, page, turn } from '@/tests/support/library-records';

const rowsOf = (table: LibraryTable, conversation: LibraryConversation): TableRow[] => [
  ...tableRows(table, [conversation], null, { brands: null }),
];

/** The joined table's query and page of each row, and whether it is the page's row. */
const pairs = (rows: readonly TableRow[]) =>
  rows.map((row) => [row.turn_index, row.query, row.query_kind, row.page_url, row.page_row]);

const A = 'https://a.example/one';
const B = 'https://b.example/two';
const CITED = 'https://cited.example/only';
const STRAY = 'https://stray.example/unlisted';

/** A turn whose search call ran two queries, then an open and a product look-up, and four pages. */
const searchedTurn = turn(1, {
  at: Date.UTC(2026, 10, 2, 9, 30),
  searched: true,
  transport: 'websocket',
  queries: [
    { text: 'oak table', kind: 'search', order: 0 },
    { text: 'oak table reviews', kind: 'search', order: 1 },
    { text: 'https://a.example/one', kind: 'open', order: 2 },
    { text: 'oak table', kind: 'product', order: 3 },
  ],
  pages: [
    page(A, { foundBy: ['oak table', 'oak table reviews'], cited: true, citations: 2, rank: 1 }),
    page(B, { foundBy: ['oak table'], rank: 2 }),
    page(CITED, { retrieved: false, cited: true, citations: 1, rank: null }),
    page(STRAY, { foundBy: ['a query the turn does not list'], rank: 3 }),
  ],
});

describe('the joined table', () => {
  it('pairs each page with every search query of the call that found it, once per page marked as its row', () => {
    const rows = rowsOf(JOINED_TABLE, libraryConversation('c1', [searchedTurn]));
    expect(pairs(rows)).toEqual([
      [1, 'oak table', 'search', A, true],
      [1, 'oak table', 'search', B, true],
      [1, 'oak table reviews', 'search', A, false],
      // An open and a product look-up find no page of the search results: one row each, no page.
      [1, 'https://a.example/one', 'open', null, false],
      [1, 'oak table', 'product', null, false],
      // Only cited, or found by a query the turn does not list: one row each, no query.
      [1, null, null, CITED, true],
      [1, null, null, STRAY, true],
    ]);
    expect(rows.filter((row) => row.page_row).length).toBe(searchedTurn.pages.length);
  });

  it('gives every column of the conversation, the turn, the query and the page', () => {
    const [first] = rowsOf(JOINED_TABLE, libraryConversation('c1', [searchedTurn]));
    expect(Object.keys(first ?? {})).toEqual(JOINED_TABLE.columns.map((column) => column.name));
    expect(first).toMatchObject({
      conversation_id: 'c1',
      conversation_title: 'Conversation c1',
      conversation_url: 'https://chatgpt.com/c/c1',
      conversation_created: Date.UTC(2026, 10, 2),
      conversation_updated: Date.UTC(2026, 10, 3),
      turn_index: 1,
      turn_at: Date.UTC(2026, 10, 2, 9, 30),
      prompt: 'prompt 1',
      model: 'gpt-5',
      searched: true,
      transport: 'websocket',
      query: 'oak table',
      query_kind: 'search',
      query_order: 0,
      page_url: A,
      page_domain: 'a.example',
      page_title: A,
      page_rank: 1,
      retrieved: true,
      cited: true,
      citations: 2,
      page_row: true,
    });
  });

  it('keeps an answer written without a search as one row, and leaves out a turn with nothing in it', () => {
    const conversation = libraryConversation('c2', [
      turn(0, { prompt: null }),
      turn(1, { searched: false }),
      turn(2, { prompt: null, queries: [{ text: 'context search', kind: 'search', order: 0 }] }),
    ]);
    const rows = rowsOf(JOINED_TABLE, conversation);
    expect(pairs(rows)).toEqual([
      [1, null, null, null, false],
      [2, 'context search', 'search', null, false],
    ]);
    expect(rows[0]).toMatchObject({ prompt: 'prompt 1', searched: false, retrieved: null, cited: null });
    expect(rows[1]).toMatchObject({ prompt: null });
  });

  it('names an unknown title or time as null', () => {
    const conversation = libraryConversation('c3', [turn(1)], {
      title: null,
      createdAt: null,
      updatedAt: null,
    });
    expect(rowsOf(JOINED_TABLE, conversation)[0]).toMatchObject({
      conversation_title: null,
      conversation_created: null,
      conversation_updated: null,
      turn_at: null,
    });
  });
});

const ad = (partial: Partial<LibraryAd> = {}): LibraryAd => ({
  turnIndex: 1,
  advertiser: 'Trail Co',
  advertiserUrl: 'https://trail.example',
  unitType: 'single',
  format: 'image_card_v2',
  title: 'Wide boots',
  link: 'https://trail.example/boots',
  cards: [
    { title: 'Wide boots', url: 'https://trail.example/boots' },
    { title: null, url: null },
    { title: 'Socks', url: 'https://trail.example/socks' },
  ],
  streamed: false,
  shownAt: null,
  ...partial,
});

const offer = (partial: Partial<LibraryOffer> = {}): LibraryOffer => ({
  seenIn: 'refresh',
  productId: 'p1',
  product: 'Cast-iron skillet',
  brand: 'Lodge',
  merchant: 'Kitchen Shop',
  currency: 'USD',
  base: 29.99,
  shipping: 5,
  tax: null,
  total: 34.99,
  priceText: '$34.99',
  bestPriceTag: 'Best price',
  availability: 'in_stock',
  url: 'https://kitchen.example/skillet',
  ...partial,
});

describe('the ads and offers tables', () => {
  it('gives one row per ad, its card titles joined', () => {
    const conversation = libraryConversation('c4', [turn(1)], {
      ads: [ad(), ad({ turnIndex: null, cards: [{ title: null, url: null }], streamed: true })],
    });
    const rows = rowsOf(ADS_TABLE, conversation);
    expect(rows[0]).toEqual({
      conversation_id: 'c4',
      conversation_title: 'Conversation c4',
      conversation_url: 'https://chatgpt.com/c/c4',
      turn_index: 1,
      advertiser: 'Trail Co',
      advertiser_url: 'https://trail.example',
      unit_type: 'single',
      format: 'image_card_v2',
      title: 'Wide boots',
      link: 'https://trail.example/boots',
      card_count: 3,
      card_titles: 'Wide boots | Socks',
      streamed: false,
      shown_at: null,
      // Turn 1 cites nothing, and its text was not kept.
      advertiser_cited: false,
      advertiser_named: null,
      conversation_created: Date.UTC(2026, 10, 2),
      model: 'gpt-5',
    });
    expect(rows[1]).toMatchObject({
      turn_index: null,
      card_count: 1,
      card_titles: null,
      streamed: true,
      advertiser_cited: null,
      advertiser_named: null,
    });
  });

  it('gives one row per offer, its price broken down', () => {
    const conversation = libraryConversation('c5', [], { offers: [offer(), offer({ productId: null })] });
    const rows = rowsOf(OFFERS_TABLE, conversation);
    expect(rows[0]).toEqual({
      conversation_id: 'c5',
      conversation_title: 'Conversation c5',
      conversation_url: 'https://chatgpt.com/c/c5',
      product_id: 'p1',
      product: 'Cast-iron skillet',
      brand: 'Lodge',
      merchant: 'Kitchen Shop',
      currency: 'USD',
      base: 29.99,
      shipping: 5,
      tax: null,
      total: 34.99,
      price_text: '$34.99',
      best_price_tag: 'Best price',
      availability: 'in_stock',
      url: 'https://kitchen.example/skillet',
      seen_in: 'refresh',
      conversation_created: Date.UTC(2026, 10, 2),
      models: 'gpt-5',
    });
    expect(rows[1]?.product_id).toBeNull();
  });

  it("gives one row per ad of the account's history, its conversation columns null and its date kept", () => {
    const shownAt = Date.UTC(2026, 2, 14, 9, 26);
    const account = {
      interests: ['Trail running'],
      profileVersion: 1,
      ads: [ad({ turnIndex: null, shownAt })],
      savedAt: 0,
    };
    expect([...(ADS_TABLE.accountRowsOf?.(account) ?? [])]).toEqual([
      {
        conversation_id: null,
        conversation_title: null,
        conversation_url: null,
        turn_index: null,
        advertiser: 'Trail Co',
        advertiser_url: 'https://trail.example',
        unit_type: 'single',
        format: 'image_card_v2',
        title: 'Wide boots',
        link: 'https://trail.example/boots',
        card_count: 3,
        card_titles: 'Wide boots | Socks',
        streamed: false,
        shown_at: shownAt,
        advertiser_cited: null,
        advertiser_named: null,
        conversation_created: null,
        model: null,
      },
    ]);
    expect(JOINED_TABLE.accountRowsOf).toBeUndefined();
    expect(OFFERS_TABLE.accountRowsOf).toBeUndefined();
  });

  it('gives no rows for a conversation without ads or offers', () => {
    const conversation = libraryConversation('c6');
    expect(rowsOf(ADS_TABLE, conversation)).toEqual([]);
    expect(rowsOf(OFFERS_TABLE, conversation)).toEqual([]);
  });
});

const QUERY_TEXTS = ['a', 'b', 'c', 'd'];

/** Turns of arbitrary queries and pages, each page found by some of the turn's query texts or by none. */
const arbitraryConversation = fc
  .array(
    fc.record({
      prompt: fc.option(fc.string(), { nil: null }),
      queries: fc.uniqueArray(
        fc.record({
          text: fc.constantFrom(...QUERY_TEXTS),
          kind: fc.constantFrom('search' as const, 'open' as const, 'product' as const),
        }),
        { selector: (query) => `${query.kind}:${query.text}`, maxLength: 6 },
      ),
      pages: fc.array(fc.subarray([...QUERY_TEXTS, 'unlisted']), { maxLength: 5 }),
    }),
    { maxLength: 5 },
  )
  .map((turns) =>
    libraryConversation(
      'arbitrary',
      turns.map((drawn, index) =>
        turn(index, {
          prompt: drawn.prompt,
          queries: drawn.queries.map((query, order) => ({ ...query, order })),
          pages: drawn.pages.map((foundBy, place) => page(`https://p${place}.example/`, { foundBy })),
        }),
      ),
    ),
  );

describe('every table', () => {
  it('is registered once, joined first and the tables that sum up conversations last', () => {
    const tableNames = LIBRARY_TABLES.map((table) => table.name);
    expect(new Set(tableNames).size).toBe(tableNames.length);
    expect(LIBRARY_TABLES[0]).toBe(JOINED_TABLE);
    const sums = LIBRARY_TABLES.map((table) => table.sumsUp);
    expect(sums).toEqual([...sums].sort((a, b) => Number(a) - Number(b)));
    for (const table of LIBRARY_TABLES) {
      const names = table.columns.map((column) => column.name);
      expect(new Set(names).size, table.name).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[a-z][a-z_]*$/);
    }
  });

  it('joined: every query and every page of a turn shows, each page row once, each row of every column', () => {
    fc.assert(
      fc.property(arbitraryConversation, (conversation) => {
        const rows = rowsOf(JOINED_TABLE, conversation);
        const names = JOINED_TABLE.columns.map((column) => column.name).sort();
        for (const row of rows) expect(Object.keys(row).sort()).toEqual(names);
        for (const kept of conversation.turns) {
          const own = rows.filter((row) => row.turn_index === kept.index);
          const empty = kept.prompt === null && kept.queries.length === 0 && kept.pages.length === 0;
          expect(own.length > 0).toBe(!empty);
          expect(new Set(own.flatMap((row) => (row.query_order === null ? [] : [row.query_order])))).toEqual(
            new Set(kept.queries.map((query) => query.order)),
          );
          const pageRows = own.filter((row) => row.page_row).map((row) => String(row.page_url));
          expect(pageRows.sort()).toEqual(kept.pages.map((found) => found.url).sort());
          expect(new Set(own.flatMap((row) => (row.page_url === null ? [] : [row.page_url])))).toEqual(
            new Set(pageRows),
          );
        }
      }),
    );
  });
});
