import type {
  LibraryAd,
  LibraryConversation,
  LibraryOffer,
  LibraryPage,
  LibraryTurn,
} from '@/lib/library/library-record';

/** A page of a turn, retrieved and cited as asked. */
export function page(url: string, marks: Partial<LibraryPage> = {}): LibraryPage {
  return {
    url,
    title: url,
    domain: new URL(url).hostname.replace(/^www\./, ''),
    retrieved: true,
    cited: false,
    citations: 0,
    rank: 1,
    foundBy: [],
    ...marks,
  };
}

/** An ad served in a turn. */
export function ad(partial: Partial<LibraryAd> = {}): LibraryAd {
  return {
    turnIndex: 1,
    advertiser: 'Acme',
    advertiserUrl: 'https://acme.example/',
    unitType: 'single',
    format: 'card',
    title: 'Acme boots',
    link: 'https://acme.example/boots',
    cards: [],
    streamed: false,
    shownAt: null,
    ...partial,
  };
}

/** An offer of a product. */
export function offer(partial: Partial<LibraryOffer> = {}): LibraryOffer {
  return {
    seenIn: 'refresh',
    productId: 'p1',
    product: 'Trail shoe',
    brand: 'Acme',
    merchant: 'REI',
    currency: 'USD',
    base: 100,
    shipping: 5,
    tax: 8,
    total: 113,
    priceText: '$113.00',
    bestPriceTag: null,
    availability: 'in_stock',
    url: 'https://rei.example/shoe',
    ...partial,
  };
}

/** A turn with a prompt, asked at `at`. */
export function turn(index: number, partial: Partial<LibraryTurn> = {}): LibraryTurn {
  return {
    index,
    prompt: `prompt ${index}`,
    answer: null,
    at: null,
    model: 'gpt-5',
    searched: null,
    transport: null,
    queries: [],
    pages: [],
    ...partial,
  };
}

/** A kept conversation of the given turns. */
export function libraryConversation(
  id: string,
  turns: LibraryTurn[] = [turn(1)],
  partial: Partial<LibraryConversation> = {},
): LibraryConversation {
  return {
    id,
    title: `Conversation ${id}`,
    models: ['gpt-5'],
    createdAt: Date.UTC(2026, 10, 2),
    updatedAt: Date.UTC(2026, 10, 3),
    savedAt: Date.UTC(2026, 10, 4),
    transport: 'sse',
    answerTextKept: false,
    turns,
    ads: [],
    offers: [],
    versions: [],
    unread: [],
    ...partial,
  };
}
