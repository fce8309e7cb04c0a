import * as v from 'valibot';
import type { KeptConversation } from '@/lib/library/kept-record';
import { finite, itemOf, link, listOf, text } from '@/lib/library/record-schema';
import { OFFER_SEEN_IN, type OfferRow } from './offers';

/** An offer as the library keeps it. */
const KEPT_OFFER = v.object({
  /** Where it was seen (OfferSeenIn); a record kept before answers' offers were read holds refreshes only. */
  seenIn: v.fallback(v.picklist(OFFER_SEEN_IN), 'refresh'),
  productId: text,
  product: text,
  brand: text,
  merchant: text,
  currency: text,
  base: finite,
  shipping: finite,
  tax: finite,
  total: finite,
  /** The price as the service displays it, where it sends one as text. */
  priceText: text,
  bestPriceTag: text,
  availability: text,
  url: link,
});

export type LibraryOffer = v.InferOutput<typeof KEPT_OFFER>;

/** The offers' member of a kept conversation. */
export interface KeptOffers {
  offers: LibraryOffer[];
}

/** What the offers' code reads of a kept conversation. */
export type OffersConversation = KeptConversation & KeptOffers;

/** The offers of a kept record: those that read. */
export const KEPT_OFFERS = listOf(itemOf(KEPT_OFFER));

/**
 * An offer of the inspection as the library keeps it: the members KEPT_OFFER declares, read from the row
 * of the same names (the product's title is `product` here), and nothing else of it.
 */
export const keptOfferOf = (offer: OfferRow): LibraryOffer =>
  v.parse(KEPT_OFFER, { ...offer, product: offer.productTitle });
