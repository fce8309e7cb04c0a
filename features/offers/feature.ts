import { defineFeature } from '@/features/feature';
import { answeredProducts, productKey } from './answered-products';
import { markdownOffers } from './markdown-offers';
import { KEPT_OFFERS, keptOfferOf } from './offer-record';
import { offersTable } from './offers';
import { OFFERS_GRIDS } from './offers-grid';
import { OFFERS_TABLE } from './offers-table';

/**
 * The product offers behind the shopping cards: as the answer gave them in its own references, and as a
 * product refresh (site-interface 4.4) returned them later, side by side.
 */
export const offersFeature = defineFeature({
  id: 'offers',
  read: ({ conversation, products }) => {
    const refreshed = [...(products ?? [])];
    const answered = answeredProducts(conversation);
    // Each product once, as refreshed where it was: the answer named it first, the refresh is newer.
    const refreshedKeys = new Set(refreshed.map(productKey));
    return {
      products: [...refreshed, ...answered.filter((product) => !refreshedKeys.has(productKey(product)))],
      offers: [...offersTable(answered, 'answer'), ...offersTable(refreshed, 'refresh')],
    };
  },
  markdown: markdownOffers,
  json: ({ offers }) => ({ offers }),
  snapshot: (inspection) => ({ offers: inspection?.offers ?? [] }),
  library: {
    record: { members: { offers: KEPT_OFFERS }, fill: ({ offers }) => ({ offers: offers.map(keptOfferOf) }) },
    tables: [OFFERS_TABLE],
    grids: OFFERS_GRIDS,
  },
});
