import { readArray } from '@/lib/model/ad-and-product-fields';
import type { Conversation } from '@/lib/model/conversation';
import { isRecord, type JsonRecord } from '@/lib/model/json-read';
import { type Product, parseProductEntity } from '@/lib/model/product-entity';

/** The reference types that carry products (site-interface 10.5): a list of them, or one. */
const PRODUCT_REFERENCE_TYPES: ReadonlySet<string> = new Set(['products', 'product_entity', 'product']);

/**
 * The entities of one reference, each with the object around it: `products[]` (each an entity, or an
 * envelope `{product: …}` as a product_update frame wraps one), `product` or `entity` beside the type, as
 * site-interface 10.3 names them.
 */
function entitiesOf(reference: JsonRecord): Array<[entity: unknown, envelope: JsonRecord]> {
  const wrapped = (holder: JsonRecord): Array<[unknown, JsonRecord]> => {
    if (isRecord(holder.product)) return [[holder.product, holder]];
    if (isRecord(holder.entity)) return [[holder.entity, holder]];
    return [];
  };
  const listed = readArray(reference.products).flatMap((item): Array<[unknown, JsonRecord]> => {
    if (!isRecord(item)) return [];
    const inner = wrapped(item);
    return inner.length > 0 ? inner : [[item, reference]];
  });
  return [...listed, ...wrapped(reference)];
}

/** What makes two references name the same product: its id, else its title and address. */
export const productKey = (product: Product): string | null =>
  product.id ?? (product.title === null ? null : `${product.title}\u0000${product.url ?? ''}`);

/**
 * The products a shopping answer carries in its own references, with their offers as the answer gave them:
 * a conversation read later (the account, a data export) has these and no product refresh. Each product
 * once, at its first mention; only those with an offer or a name. The parser keeps no token-bearing
 * member, only its presence (architecture "Secrets").
 */
export function answeredProducts(conversation: Conversation): Product[] {
  const products = new Map<string, Product>();
  for (const message of conversation.messages) {
    if (message.role !== 'assistant' || message.metadata.content_references === undefined) continue;
    for (const reference of readArray(message.metadata.content_references)) {
      if (!isRecord(reference) || typeof reference.type !== 'string') continue;
      if (!PRODUCT_REFERENCE_TYPES.has(reference.type)) continue;
      for (const [entity, envelope] of entitiesOf(reference)) {
        const parsed = parseProductEntity(entity, envelope);
        if (!parsed.ok) continue;
        const key = productKey(parsed.value.product);
        if (key !== null && !products.has(key)) products.set(key, parsed.value.product);
      }
    }
  }
  return [...products.values()];
}
