import type { ProductUpdateRequest } from '@/lib/api/product-update-client';
import { isRecord, safeJson } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { ProductRefreshKey } from '@/lib/model/product-entity';

interface HeldCard {
  query: unknown;
  key: ProductRefreshKey;
}

/**
 * What a product refresh posts back, per product (site-interface 4.4: product_query and product_lookup_key).
 * Worker memory only: the lookup key bears tokens (site-interface 2.5, architecture "Secrets"), so it is held
 * as a ProductRefreshKey, which JSON.stringify and structured messaging see nothing of, and no snapshot or
 * storage item ever reads this class.
 */
export class ProductRefreshCards {
  /** By product id, else by the query's JSON, in order of first appearance. */
  readonly #cards = new Map<string, HeldCard>();

  /**
   * A product_update call the page made: its request body (product_query, product_lookup_key), the ids of
   * the products its answer carried and the lookup keys that answer gave, which are newer than the
   * request's own.
   */
  noteCall(
    requestBody: string | null,
    productIds: readonly string[],
    keys: ReadonlyMap<string, ProductRefreshKey>,
  ) {
    const request = requestBody === null ? null : parseJson(requestBody);
    const body = request?.ok === true && isRecord(request.value) ? request.value : null;
    if (body === null || body.product_query === undefined || body.product_lookup_key === undefined) return;
    const id = productIds[0];
    const key =
      (id === undefined ? undefined : keys.get(id)) ?? new ProductRefreshKey(body.product_lookup_key);
    this.#cards.set(id ?? safeJson(body.product_query), { query: body.product_query, key });
  }

  /** Keys a refresh run returned replace the held ones of the same products. */
  noteKeys(keys: ReadonlyMap<string, ProductRefreshKey>): void {
    for (const [id, key] of keys) {
      const card = this.#cards.get(id);
      if (card !== undefined) this.#cards.set(id, { ...card, key });
    }
  }

  /** The requests of a refresh run, one per product (site-interface 4.4). */
  requests(): ProductUpdateRequest[] {
    return [...this.#cards.values()].map((card) => ({
      product_query: card.query,
      product_lookup_key: card.key,
    }));
  }
}
