import { firstMember, readBoolean, readNumber, readText } from './ad-and-product-fields';
import { stripTrackingParams } from './ad-tracking';
import { isRecord, type JsonRecord } from './json-read';
import { amountOfPriceText, currencyOfPriceText } from './product-price-text';

/**
 * One offer of a product entity (site-interface 2.5: 22 fields, of which these are named). Only the named,
 * safe members are kept; whatever else an offer carries (a token-bearing member included) goes no further.
 * Offers come in two vocabularies, both read here: the document's (merchant or seller, price_breakdown,
 * strike_price, availability, best_price_tag, ...) and the live site's (merchant_name or seller_name,
 * `price` as display text, price_details, original_price, available, tag.text; site-interface 10.3).
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
  /** The price as the service displays it ("$129.99"), where it sends one as text. */
  priceText: string | null;
  strikePrice: number | null;
  availability: string | null;
  stockText: string | null;
  deliveryText: string | null;
  bestPriceTag: string | null;
  checkoutable: boolean | null;
  provider: string | null;
  /** Whether the offer link gets a utm_source added (site-interface 2.5); false when absent. */
  hasUtmSource: boolean;
}

/** What `available: true/false` of the live form reads as, in the words the document's form uses. */
const AVAILABLE = 'in_stock';
const UNAVAILABLE = 'out_of_stock';

/**
 * An amount as a number, a numeric string, display text ("$129.99"), or an object `{amount | value,
 * currency?}`.
 */
function readAmount(value: unknown): number | null {
  const amount = isRecord(value) ? firstMember(value, ['amount', 'value']) : value;
  if (typeof amount === 'string') return readNumber(amount) ?? amountOfPriceText(amount);
  return readNumber(amount);
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

/** A tag given as text ("Best price"), as `{text}` (the live form), or as `true`, which reads as the plain tag. */
function readTag(value: unknown): string | null {
  if (value === true) return 'best price';
  if (isRecord(value)) return readText(firstMember(value, ['text', 'label', 'name', 'display_name']));
  return readText(value);
}

function readAvailability(offer: JsonRecord): string | null {
  const stated = readText(offer.availability);
  if (stated !== null) return stated;
  const available = readBoolean(offer.available);
  if (available === null) return null;
  return available ? AVAILABLE : UNAVAILABLE;
}

function readPrice(offer: JsonRecord, priceText: string | null): OfferPrice {
  const breakdownValue = firstMember(offer, ['price_breakdown', 'price_details', 'price']);
  const breakdown = isRecord(breakdownValue) ? breakdownValue : {};
  // A bare price (a number, or the live form's display text) is the total when no breakdown gives one.
  const bare = isRecord(offer.price) ? null : readAmount(offer.price);
  return {
    base: readAmount(breakdown.base),
    shipping: readAmount(breakdown.shipping),
    tax: readAmount(breakdown.tax),
    total: readAmount(breakdown.total) ?? bare,
    currency:
      readCurrency(offer, breakdown, breakdown.total, breakdown.base) ??
      (priceText === null ? null : currencyOfPriceText(priceText)),
  };
}

function readUtmSourceFlag(offer: JsonRecord): boolean {
  return readBoolean(firstMember(offer, ['add_utm_source', 'utm_source', 'has_utm_source'])) ?? false;
}

export function parseOffer(offer: JsonRecord): Offer {
  const url = readText(firstMember(offer, ['url', 'merchant_url', 'link']));
  const priceText = readText(offer.price);
  return {
    merchant: readName(firstMember(offer, ['merchant', 'seller', 'merchant_name', 'seller_name'])),
    // An offer link is not named token-bearing, but ad tracking parameters never pass the boundary
    // (architecture "Secrets").
    url: url === null ? null : stripTrackingParams(url).url,
    price: readPrice(offer, priceText),
    priceText,
    strikePrice: readAmount(firstMember(offer, ['strike_price', 'strikethrough_price', 'original_price'])),
    availability: readAvailability(offer),
    stockText: readText(firstMember(offer, ['stock_text', 'stock'])),
    deliveryText: readText(firstMember(offer, ['delivery_text', 'delivery'])),
    bestPriceTag: readTag(firstMember(offer, ['best_price_tag', 'price_tag', 'tag'])),
    checkoutable: readBoolean(firstMember(offer, ['checkoutable', 'is_checkoutable'])),
    provider: readName(offer.provider),
    hasUtmSource: readUtmSourceFlag(offer),
  };
}
