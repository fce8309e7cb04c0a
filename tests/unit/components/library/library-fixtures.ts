import type { LibraryConversation } from '@/lens/library/library-record';
import { libraryConversation, page, turn } from '@/tests/support/library-records';

const at = (day: number): number => new Date(2026, 10, day, 12).getTime();

/**
 * A small library: two conversations that searched (one with an ad and an offer), one that did not. Dates in
 * the local time zone, as the page's date filters read them.
 */
export function smallLibrary(): LibraryConversation[] {
  return [
    libraryConversation(
      'skillets',
      [
        turn(1, {
          prompt: 'best cast iron skillet',
          at: at(2),
          searched: true,
          queries: [
            { text: 'best cast iron skillet 2026', kind: 'search', order: 0 },
            { text: 'lodge skillet review', kind: 'search', order: 1 },
          ],
          pages: [
            page('https://www.seriouseats.com/skillets', { cited: true, citations: 2 }),
            page('https://lodgecastiron.com/skillet', { cited: true, citations: 1 }),
            page('https://example.org/other'),
          ],
          answer: 'Lodge makes the classic; Acme is lighter.',
        }),
      ],
      {
        title: 'Skillets',
        answerTextKept: true,
        savedAt: at(3),
        ads: [
          {
            turnIndex: 1,
            advertiser: 'Pan Shop',
            advertiserUrl: 'https://panshop.example',
            unitType: 'carousel',
            format: 'product_card_v2',
            title: 'Skillets on sale',
            link: 'https://panshop.example/sale',
            cards: [{ title: 'Skillet', url: 'https://panshop.example/s' }],
            streamed: true,
            shownAt: null,
          },
        ],
        offers: [
          {
            seenIn: 'answer',
            productId: 'p1',
            product: 'Lodge 10" skillet',
            brand: 'Lodge',
            merchant: 'Kitchen Store',
            currency: 'USD',
            base: 30,
            shipping: 5,
            tax: 2.5,
            total: 37.5,
            priceText: '$37.50',
            bestPriceTag: 'Best price',
            availability: 'in_stock',
            url: 'https://kitchen.example/lodge',
          },
        ],
      },
    ),
    libraryConversation(
      'knives',
      [
        turn(1, {
          prompt: 'best chef knife',
          at: at(10),
          model: 'gpt-5-mini',
          searched: true,
          queries: [{ text: 'best chef knife', kind: 'search', order: 0 }],
          pages: [page('https://www.seriouseats.com/knives', { cited: true, citations: 1 })],
        }),
      ],
      { title: 'Knives', models: ['gpt-5-mini'], savedAt: at(11) },
    ),
    libraryConversation('poem', [turn(1, { prompt: 'a poem about pans', at: at(12), searched: false })], {
      title: 'Poem',
      savedAt: at(13),
    }),
  ];
}
