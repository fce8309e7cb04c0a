import { defineFeature } from '@/features/feature';
import { markdownOffers } from './markdown-offers';
import { offersTable } from './offers';

/** The product offers behind the shopping cards, as the product refresh (site-interface 4.4) returned them. */
export const offersFeature = defineFeature({
  id: 'offers',
  read: ({ products }) => {
    const held = [...(products ?? [])];
    return { products: held, offers: offersTable(held) };
  },
  markdown: markdownOffers,
  json: ({ offers }) => ({ offers }),
  snapshot: (inspection) => ({ offers: inspection?.offers ?? [] }),
});
