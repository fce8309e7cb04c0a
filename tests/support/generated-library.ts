import type { LibraryAd } from '@/features/ads/ad-record';
import type { LibraryOffer } from '@/features/offers/offer-record';
import type { LibraryPage } from '@/features/sources/page-record';
import type { LibraryConversation, LibraryTurn } from '@/lens/library/library-record';
import { type SeededRandom, seededRandom } from '@/tests/replica/fixtures/random';
import { drawQuestion, searchQueryFor } from '@/tests/replica/fixtures/turn-generators';
import { ad, libraryConversation, offer, page, turn } from './library-records';

/**
 * A library of a given size for the benchmarks (tests/bench/library-page-benchmark.ts), built with the
 * records' helpers the unit tests use: conversations as the worker keeps them, with the fixture corpus's
 * prompts and answers (answer text kept, the setting's default), search queries, the pages the searches
 * returned and the answers cited, ads and product offers. Every page is a page of its own (its URL is
 * found in no other turn), so the library page's Pages table has exactly as many rows as the records
 * hold pages. Seeded: the same size always builds the same library.
 */
export interface LibrarySize {
  conversations: number;
  /** Pages of each conversation, over its searched turns. */
  pagesPerConversation: number;
  /** Prompted turns of each conversation (a turn 0 of system context comes before them). */
  turnsPerConversation: number;
  seed: number;
}

/** Of the prompted turns, the share whose answer searched the web: they hold every page. */
const SEARCHED_SHARE = 0.6;
const WEEK_MS = 7 * 24 * 3_600_000;
const FIRST_DAY = Date.UTC(2026, 0, 5, 8, 0);

const SITES = [
  'wirecutter',
  'rtings',
  'consumer-reports',
  'theverge',
  'wikipedia',
  'reddit',
  'stackoverflow',
  'mdn',
  'seriouseats',
  'bbcgoodfood',
  'lonelyplanet',
  'tripadvisor',
  'nytimes',
  'guardian',
  'healthline',
  'investopedia',
  'github',
  'medium',
  'allrecipes',
  'outdoorgearlab',
] as const;
const SECTIONS = ['guide', 'review', 'news', 'wiki', 'forum', 'best', 'how-to', 'compare'] as const;
const MODELS = ['gpt-5-1', 'gpt-5-1-thinking', 'gpt-5-mini'] as const;
const ADVERTISERS = [
  ['Nordwind Gear', 'https://www.nordwind-gear.example/'],
  ['Soundhaus', 'https://shop.soundhaus.example/'],
  ['Kettle & Co', 'https://www.kettle-co.example/'],
  ['Trailhead Outfitters', 'https://www.trailhead.example/'],
] as const;
const PRODUCTS = [
  ['Sony WH-1000XM5 Wireless Noise Cancelling Headphones', 'Sony', 348],
  ['Bose QuietComfort Ultra Headphones', 'Bose', 429],
  ['Sennheiser Momentum 4 Wireless Headphones', 'Sennheiser', 299.95],
  ['Osprey Farpoint 40 Travel Pack', 'Osprey', 185],
  ['Breville Bambino Plus Espresso Machine', 'Breville', 499.95],
] as const;
const MERCHANTS = ['Best Buy', 'Amazon.com', 'Crutchfield', 'Target', 'Walmart', 'REI'] as const;

const slugOf = (words: string): string =>
  words
    .replace(/[^a-z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 6)
    .join('-');

const titleCase = (words: string): string => words.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** The pages of one searched turn: its results in rank order, some cited, and a few pages only cited. */
function searchedPages(
  count: number,
  queries: readonly string[],
  serial: () => number,
  random: SeededRandom,
): LibraryPage[] {
  const words = queries[0] ?? 'search';
  return Array.from({ length: count }, (_, place) => {
    const site = random.pick(SITES);
    const section = random.pick(SECTIONS);
    const onlyCited = random.chance(0.05);
    const cited = onlyCited || random.chance(0.3);
    return page(`https://www.${site}.example/${section}/${slugOf(words)}-${serial()}`, {
      title: `${titleCase(words)}: the ${section.replace('-', ' ')} of ${site}`,
      retrieved: !onlyCited,
      cited,
      citations: cited ? random.int(1, 3) : 0,
      rank: onlyCited ? null : place + 1,
      foundBy: onlyCited ? [] : [...queries],
    });
  });
}

function libraryAds(turns: readonly LibraryTurn[], random: SeededRandom): LibraryAd[] {
  return Array.from({ length: random.int(0, 2) }, () => {
    const [advertiser, home] = random.pick(ADVERTISERS);
    return ad({
      turnIndex: random.pick(turns).index,
      advertiser,
      advertiserUrl: home,
      unitType: random.pick(['single', 'carousel']),
      format: 'image_card_v2',
      title: `${advertiser}: new season`,
      link: `${home}new-season`,
      cards: Array.from({ length: random.int(0, 3) }, (_, card) => ({
        title: `${advertiser} pick ${card + 1}`,
        url: `${home}p/pick-${card + 1}`,
      })),
      streamed: random.chance(0.5),
    });
  });
}

function libraryOffers(random: SeededRandom): LibraryOffer[] {
  if (!random.chance(0.4)) return [];
  const [product, brand, price] = random.pick(PRODUCTS);
  return Array.from({ length: random.int(2, 6) }, (_, place) => {
    const merchant = MERCHANTS[place % MERCHANTS.length] ?? 'REI';
    const base = Math.round(price * (0.9 + random.next() * 0.2) * 100) / 100;
    const tax = Math.round(base * 8) / 100;
    const total = Math.round((base + tax) * 100) / 100;
    return offer({
      productId: `p-${slugOf(product.toLowerCase())}`,
      product,
      brand,
      merchant,
      base,
      shipping: 0,
      tax,
      total,
      priceText: `$${total.toFixed(2)}`,
      bestPriceTag: place === 0 ? 'Best price' : null,
      availability: random.pick(['in_stock', 'limited_stock']),
      url: `https://www.${slugOf(merchant.toLowerCase())}.example/p/${slugOf(product.toLowerCase())}`,
    });
  });
}

function generatedConversation(
  place: number,
  size: LibrarySize,
  serial: () => number,
  random: SeededRandom,
): LibraryConversation {
  const promptedTurns = size.turnsPerConversation;
  const searched = Math.min(promptedTurns, Math.max(1, Math.round(promptedTurns * SEARCHED_SHARE)));
  // Conversations spread over a year, a few minutes between turns.
  const createdAt = FIRST_DAY + Math.floor((place * 52 * WEEK_MS) / Math.max(1, size.conversations));
  const model = random.pick(MODELS);
  const turns: LibraryTurn[] = [turn(0, { prompt: null, answer: '', at: null, model: null })];
  let searchedSoFar = 0;
  for (let index = 1; index <= promptedTurns; index += 1) {
    const { question, answer } = drawQuestion(random);
    const at = createdAt + index * random.int(60_000, 600_000);
    // The last turns search whatever the draw, so every conversation holds its pages.
    const searches =
      searchedSoFar < searched &&
      (random.chance(SEARCHED_SHARE) || promptedTurns - index < searched - searchedSoFar);
    if (!searches) {
      turns.push(turn(index, { prompt: question, answer, at, model, searched: false, transport: 'sse' }));
      continue;
    }
    const query = searchQueryFor(question) || 'search';
    const queries = [query, `${query} ${random.pick(['2026', 'review', 'guide', 'reddit'])}`];
    // The pages shared out over the searched turns, the first ones taking what does not divide.
    const pages =
      Math.floor(size.pagesPerConversation / searched) +
      (searchedSoFar < size.pagesPerConversation % searched ? 1 : 0);
    searchedSoFar += 1;
    turns.push(
      turn(index, {
        prompt: question,
        answer,
        at,
        model,
        searched: true,
        transport: 'sse',
        queries: queries.map((text, order) => ({ text, kind: 'search' as const, order })),
        pages: searchedPages(pages, queries, serial, random),
      }),
    );
  }
  const prompted = turns.slice(1);
  const updatedAt = prompted.at(-1)?.at ?? createdAt;
  return libraryConversation(random.uuid(), turns, {
    title: (prompted[0]?.prompt ?? 'Untitled').slice(0, 48),
    models: [model],
    createdAt,
    updatedAt,
    savedAt: updatedAt + 2_000,
    transport: 'sse',
    answerTextKept: true,
    ads: libraryAds(prompted, random),
    offers: libraryOffers(random),
  });
}

export function generateLibrary(size: LibrarySize): LibraryConversation[] {
  const random = seededRandom(size.seed);
  let pages = 0;
  const serial = (): number => {
    pages += 1;
    return pages;
  };
  return Array.from({ length: size.conversations }, (_, place) =>
    generatedConversation(place, size, serial, random),
  );
}

/** Page rows the records hold: each page of each turn. */
export const pagesIn = (records: readonly LibraryConversation[]): number =>
  records.reduce(
    (sum, record) => sum + record.turns.reduce((turns, each) => turns + each.pages.length, 0),
    0,
  );

/**
 * The messages the records hold: each prompt and the answer to it. A searched turn also had the search
 * call and its results, which the library keeps as queries and pages, not as messages.
 */
export const messagesIn = (records: readonly LibraryConversation[]): number =>
  records.reduce((sum, record) => sum + 2 * record.turns.filter((each) => each.prompt !== null).length, 0);
