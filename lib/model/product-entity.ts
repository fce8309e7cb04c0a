import { firstMember, hasContent, readArray, readNumber, readText } from './ad-and-product-fields';
import { stripTrackingParams } from './ad-tracking';
import { isRecord, type JsonRecord, readIdentifier } from './json-read';
import { type Offer, parseOffer } from './product-offer';
import { fail, ok, type Result } from './result';
import { REMOVED_VALUE } from './secret-members';

/**
 * A product entity of a product_update frame (site-interface 2.5, site-interface 4.4), parsed at the
 * boundary. The token-bearing members (`product_lookup_key.data`, `provider_metadata.id_to_token_map`,
 * `checkout_payload`, `checkout_image_urls`) become presence flags here and their values go nowhere
 * (architecture "Secrets"). The flags look wherever such a member may sit: on the entity, on the frame's
 * envelope around it (the live form `{"type":"product_entity","product":{…}}`, site-interface 10.3) and on
 * each offer.
 */
export interface ProductSecretFlags {
  hasLookupKeyData: boolean;
  hasIdToTokenMap: boolean;
  hasCheckoutPayload: boolean;
  hasCheckoutImageUrls: boolean;
}

export interface Product {
  id: string | null;
  title: string | null;
  brand: string | null;
  url: string | null;
  imageUrls: string[];
  rating: number | null;
  reviewCount: number | null;
  offers: Offer[];
  flags: ProductSecretFlags;
}

/**
 * The raw product_lookup_key a later refresh must post back (site-interface 4.4). It is held in a private
 * field: `JSON.stringify` and structured messaging see nothing of it, so it stays in the memory of whoever
 * holds the object and cannot slip into storage, logs or an export by accident.
 */
export class ProductRefreshKey {
  readonly #lookupKey: unknown;

  constructor(lookupKey: unknown) {
    this.#lookupKey = lookupKey;
  }

  /** The value for the `product_lookup_key` member of the next product_update request, and nothing else. */
  lookupKey(): unknown {
    return this.#lookupKey;
  }

  toJSON(): undefined {
    return undefined;
  }
}

export interface ParsedProduct {
  product: Product;
  /** Kept apart from `product` so the product can be stored and exported freely. */
  refreshKey: ProductRefreshKey | null;
}

function cleanUrl(value: unknown): string | null {
  const url = readText(value);
  return url === null ? null : stripTrackingParams(url).url;
}

/** Each flag is set when any of the holders (envelope, entity, offers) carries that member. */
function readSecretFlags(holders: readonly JsonRecord[]): ProductSecretFlags {
  const anyHolder = (test: (holder: JsonRecord) => boolean): boolean => holders.some(test);
  return {
    // A key already taken out of a message's references (secret-members.ts) was there: its data counts.
    hasLookupKeyData: anyHolder(
      ({ product_lookup_key: key }) => key === REMOVED_VALUE || (isRecord(key) && hasContent(key.data)),
    ),
    hasIdToTokenMap: anyHolder(
      ({ provider_metadata: metadata }) => isRecord(metadata) && hasContent(metadata.id_to_token_map),
    ),
    hasCheckoutPayload: anyHolder((holder) => hasContent(holder.checkout_payload)),
    hasCheckoutImageUrls: anyHolder((holder) => hasContent(holder.checkout_image_urls)),
  };
}

const isPresent = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Parses one product entity; `envelope` is the frame object around it, when it came wrapped. Never throws; a
 * non-object is an 'unexpected-shape' error.
 */
export function parseProductEntity(
  entity: unknown,
  envelope: JsonRecord | null = null,
): Result<ParsedProduct> {
  if (!isRecord(entity)) return fail('unexpected-shape', 'A product entity is not a JSON object.');
  const warnings: string[] = [];
  const offers: Offer[] = [];
  const offerRecords: JsonRecord[] = [];
  readArray(entity.offers).forEach((offer, index) => {
    if (!isRecord(offer)) {
      warnings.push(`Offer ${index + 1} of a product is not an object and was skipped.`);
      return;
    }
    offerRecords.push(offer);
    offers.push(parseOffer(offer));
  });
  const imageUrls: string[] = [];
  for (const url of readArray(entity.image_urls)) {
    const clean = cleanUrl(url);
    if (clean !== null) imageUrls.push(clean);
  }
  // The key a later refresh posts back sits on the entity, or failing that on its envelope.
  const lookupKey = isPresent(entity.product_lookup_key)
    ? entity.product_lookup_key
    : envelope?.product_lookup_key;
  return ok(
    {
      product: {
        id: readIdentifier(firstMember(entity, ['id', 'product_id'])),
        title: readText(firstMember(entity, ['title', 'name'])),
        brand: readText(entity.brand),
        url: cleanUrl(entity.url),
        imageUrls,
        rating: readNumber(entity.rating),
        reviewCount: readNumber(firstMember(entity, ['num_reviews', 'review_count'])),
        offers,
        flags: readSecretFlags([...(envelope === null ? [] : [envelope]), entity, ...offerRecords]),
      },
      refreshKey: isPresent(lookupKey) ? new ProductRefreshKey(lookupKey) : null,
    },
    warnings,
  );
}
