import type { Product, ProductSecretFlags } from '@/lib/model/product-entity';

/**
 * Where an offer was seen: in the answer's own product references, as the answer gave it, or in a product
 * refresh (site-interface 4.4), the price of that moment.
 */
export const OFFER_SEEN_IN = ['answer', 'refresh'] as const;
export type OfferSeenIn = (typeof OFFER_SEEN_IN)[number];

/**
 * The offers of the products as flat rows, one per offer, for the Product offers table of the Markdown
 * export and the `offers` of the JSON export (site-interface 2.5). Rows hold no token-bearing value: the
 * model never had one.
 */
export interface OfferRow {
  seenIn: OfferSeenIn;
  productId: string | null;
  productTitle: string | null;
  brand: string | null;
  merchant: string | null;
  currency: string | null;
  base: number | null;
  shipping: number | null;
  tax: number | null;
  total: number | null;
  /** The price as the service displays it ("$129.99"), where it sends one as text (the live form). */
  priceText: string | null;
  strikePrice: number | null;
  availability: string | null;
  /** Stock text, else delivery text: one column says when and whether it ships. */
  stockOrDelivery: string | null;
  bestPriceTag: string | null;
  checkoutable: boolean | null;
  provider: string | null;
  hasUtmSource: boolean;
  url: string | null;
  /**
   * Which token-bearing members the product carried: presence only, their values never reached the model
   * (architecture "Secrets").
   */
  tokenMembers: ProductSecretFlags;
}

/** Rows in product order, then offer order as the service sent them. */
export function offersTable(products: readonly Product[], seenIn: OfferSeenIn): OfferRow[] {
  const rows: OfferRow[] = [];
  for (const product of products) {
    for (const offer of product.offers) {
      rows.push({
        seenIn,
        productId: product.id,
        productTitle: product.title,
        brand: product.brand,
        merchant: offer.merchant,
        currency: offer.price.currency,
        base: offer.price.base,
        shipping: offer.price.shipping,
        tax: offer.price.tax,
        total: offer.price.total,
        priceText: offer.priceText,
        strikePrice: offer.strikePrice,
        availability: offer.availability,
        stockOrDelivery: offer.stockText ?? offer.deliveryText,
        bestPriceTag: offer.bestPriceTag,
        checkoutable: offer.checkoutable,
        provider: offer.provider,
        hasUtmSource: offer.hasUtmSource,
        url: offer.url,
        tokenMembers: { ...product.flags },
      });
    }
  }
  return rows;
}
