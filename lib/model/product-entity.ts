import { firstMember, hasContent, readArray, readNumber, readText } from '@/lib/model/ad-and-product-fields';
import { stripTrackingParams } from '@/lib/model/ad-tracking';
import { isRecord, readIdentifier } from '@/lib/model/json-read';
import { type Offer, parseOffer } from '@/lib/model/product-offer';
import { fail, ok, type Result } from '@/lib/model/result';

/**
 * A product entity of a product_update frame (interface 2.5, 4.4), parsed at the boundary. The token-bearing
 * members (`product_lookup_key.data`, `provider_metadata.id_to_token_map`, `checkout_payload`,
 * `checkout_image_urls`) become presence flags here and their values go nowhere (DESIGN: secrets never enter
 * the model).
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
 * The raw product_lookup_key a later refresh must post back (interface 4.4). It is held in a private field:
 * `JSON.stringify` and structured messaging see nothing of it, so it stays in the memory of whoever holds the
 * object and cannot slip into storage, logs or an export by accident.
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

function readSecretFlags(entity: Record<string, unknown>): ProductSecretFlags {
  const lookupKey = entity.product_lookup_key;
  const metadata = entity.provider_metadata;
  return {
    hasLookupKeyData: isRecord(lookupKey) && hasContent(lookupKey.data),
    hasIdToTokenMap: isRecord(metadata) && hasContent(metadata.id_to_token_map),
    hasCheckoutPayload: hasContent(entity.checkout_payload),
    hasCheckoutImageUrls: hasContent(entity.checkout_image_urls),
  };
}

/** Parses one product entity. Never throws; a non-object is an 'unexpected-shape' error. */
export function parseProductEntity(entity: unknown): Result<ParsedProduct> {
  if (!isRecord(entity)) return fail('unexpected-shape', 'A product entity is not a JSON object.');
  const warnings: string[] = [];
  const offers: Offer[] = [];
  readArray(entity.offers).forEach((offer, index) => {
    if (isRecord(offer)) offers.push(parseOffer(offer));
    else warnings.push(`Offer ${index + 1} of a product is not an object and was skipped.`);
  });
  const imageUrls: string[] = [];
  for (const url of readArray(entity.image_urls)) {
    const clean = cleanUrl(url);
    if (clean !== null) imageUrls.push(clean);
  }
  const lookupKey = entity.product_lookup_key;
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
        flags: readSecretFlags(entity),
      },
      refreshKey: lookupKey === undefined || lookupKey === null ? null : new ProductRefreshKey(lookupKey),
    },
    warnings,
  );
}
