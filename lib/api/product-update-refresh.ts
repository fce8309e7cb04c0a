import { ProductCollection } from '@/lib/model/product-collection';
import type { Product, ProductRefreshKey } from '@/lib/model/product-entity';
import type { LensError } from '@/lib/model/result';
import { type ProductUpdateRequest, postProductUpdate, type SendRequest } from './product-update-client';

/**
 * A product refresh run (site-interface 4.4, site-interface 7): one product_update call per product card, a
 * random 300-500 ms pause between calls, a single failure recorded and passed over, and a stop at the first
 * 429 (the governor behind `send` has seen that 429 itself and holds every other call back).
 */
const MIN_PAUSE_MS = 300;
const PAUSE_SPREAD_MS = 200;

export interface ProductRefreshFailure {
  /** Index of the card in the run's `cards`. */
  cardIndex: number;
  error: LensError;
}

export interface ProductRefreshProgress {
  done: number;
  total: number;
  products: number;
  failures: number;
}

export interface ProductRefreshRun {
  /** One per product id across the run, in order of first appearance; a later frame replaces an earlier. */
  products: Product[];
  /** Lookup keys for the next refresh, by product id; memory only (see ProductRefreshKey). */
  refreshKeys: Map<string, ProductRefreshKey>;
  /** Calls that failed, and calls whose stream broke off (code 'cut-off', their products kept). */
  failures: ProductRefreshFailure[];
  /** True when a 429 ended the run: that card and every card after it were not refreshed. */
  stoppedEarly: boolean;
  /** The 429 that stopped the run, with `retryAt` when the response gave Retry-After. */
  rateLimit: LensError | null;
}

export interface ProductRefreshOptions {
  cards: readonly ProductUpdateRequest[];
  send: SendRequest;
  sleep: (ms: number) => Promise<void>;
  /** In [0, 1), like Math.random. */
  random: () => number;
  now: () => number;
  onProgress?: (progress: ProductRefreshProgress) => void;
}

/** site-interface 4.4: a pause of 300 to 500 ms, both ends included. */
export function pauseBetweenCalls(random: () => number): number {
  const drawn = random();
  const unit = Number.isNaN(drawn) ? 0 : Math.min(Math.max(drawn, 0), 1);
  return MIN_PAUSE_MS + Math.round(unit * PAUSE_SPREAD_MS);
}

export async function refreshProducts(options: ProductRefreshOptions): Promise<ProductRefreshRun> {
  const { cards, send, sleep, random, now, onProgress } = options;
  const products = new ProductCollection();
  const refreshKeys = new Map<string, ProductRefreshKey>();
  const failures: ProductRefreshFailure[] = [];
  let rateLimit: LensError | null = null;

  for (const [cardIndex, request] of cards.entries()) {
    if (cardIndex > 0) await sleep(pauseBetweenCalls(random));
    const result = await postProductUpdate({ send, request, now });
    if (!result.ok) {
      if (result.error.code === 'rate-limited') {
        rateLimit = result.error;
        break;
      }
      failures.push({ cardIndex, error: result.error });
    } else {
      for (const product of result.value.products) products.add(product);
      for (const [id, key] of result.value.refreshKeys) refreshKeys.set(id, key);
      if (result.value.ending === 'cut-off') {
        failures.push({
          cardIndex,
          error: {
            code: 'cut-off',
            message: 'The product stream stopped before its end; what arrived is kept.',
          },
        });
      }
    }
    onProgress?.({
      done: cardIndex + 1,
      total: cards.length,
      products: products.size,
      failures: failures.length,
    });
  }
  return { products: products.list(), refreshKeys, failures, stoppedEarly: rateLimit !== null, rateLimit };
}
