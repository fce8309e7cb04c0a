import { firstMember, readBoolean, readNumber, readText } from '@/lib/model/ad-and-product-fields';
import { stripTrackingParams } from '@/lib/model/ad-tracking';
import { isRecord, type JsonRecord } from '@/lib/model/json-read';

/**
 * One offer of a product entity (interface 2.5: 22 fields, of which these are named). Only the named, safe
 * members are kept; an offer carries no token-bearing member of its own.
 */
export interface OfferPrice {
  base: number | null;
  shipping: number | null;
  tax: number | null;
  total: number | null;
  currency: string | null;
}

export interface Offer {
  /** The merchant, or the seller where the offer names one instead. */
  merchant: string | null;
  url: string | null;
  price: OfferPrice;
  strikePrice: number | null;
  availability: string | null;
  stockText: string | null;
  deliveryText: string | null;
  bestPriceTag: string | null;
  checkoutable: boolean | null;
  provider: string | null;
  /** Whether the offer link gets a utm_source added (the boolean of interface 2.5); false when absent. */
  hasUtmSource: boolean;
}

/** An amount as a number, a numeric string, or an object `{amount | value, currency?}`. */
function readAmount(value: unknown): number | null {
  if (isRecord(value)) return readNumber(firstMember(value, ['amount', 'value']));
  return readNumber(value);
}

function readCurrency(...sources: unknown[]): string | null {
  for (const source of sources) {
    const currency = isRecord(source) ? readText(source.currency) : null;
    if (currency !== null) return currency;
  }
  return null;
}

function readName(value: unknown): string | null {
  if (isRecord(value)) return readText(firstMember(value, ['name', 'display_name', 'domain']));
  return readText(value);
}

/** A tag given as text ("Best price"), or as `true`, which reads as the plain tag. */
function readTag(value: unknown): string | null {
  if (value === true) return 'best price';
  return readName(value);
}

function readPrice(offer: JsonRecord): OfferPrice {
  const breakdownValue = firstMember(offer, ['price_breakdown', 'price']);
  const breakdown = isRecord(breakdownValue) ? breakdownValue : {};
  const total = readAmount(breakdown.total) ?? (isRecord(breakdownValue) ? null : readAmount(breakdownValue));
  return {
    base: readAmount(breakdown.base),
    shipping: readAmount(breakdown.shipping),
    tax: readAmount(breakdown.tax),
    total,
    currency: readCurrency(offer, breakdown, breakdown.total, breakdown.base),
  };
}

function readUtmSourceFlag(offer: JsonRecord): boolean {
  return readBoolean(firstMember(offer, ['add_utm_source', 'utm_source', 'has_utm_source'])) ?? false;
}

export function parseOffer(offer: JsonRecord): Offer {
  const url = readText(firstMember(offer, ['url', 'merchant_url', 'link']));
  return {
    merchant: readName(firstMember(offer, ['merchant', 'seller', 'merchant_name', 'seller_name'])),
    // An offer link is not named token-bearing, but ad tracking parameters never pass the boundary (DESIGN).
    url: url === null ? null : stripTrackingParams(url).url,
    price: readPrice(offer),
    strikePrice: readAmount(firstMember(offer, ['strike_price', 'strikethrough_price', 'original_price'])),
    availability: readText(offer.availability),
    stockText: readText(firstMember(offer, ['stock_text', 'stock'])),
    deliveryText: readText(firstMember(offer, ['delivery_text', 'delivery'])),
    bestPriceTag: readTag(firstMember(offer, ['best_price_tag', 'price_tag'])),
    checkoutable: readBoolean(firstMember(offer, ['checkoutable', 'is_checkoutable'])),
    provider: readName(offer.provider),
    hasUtmSource: readUtmSourceFlag(offer),
  };
}
