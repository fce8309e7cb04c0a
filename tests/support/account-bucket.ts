import { aloneReadOf } from './replica-fetch';

/** The shape of an account's request bucket (site-interface 7): how many it holds, how long one refill takes. */
export interface BucketShape {
  capacity: number;
  refillMs: number;
  /** Whether its 429 says when to come back; the site's often does not (site-interface 7). Default true. */
  retryAfter?: boolean;
}

/**
 * The account's per-conversation reads as exporter users measure them (site-interface 7): a bucket that starts
 * full, refills one request every `refillMs`, and answers 429 when empty, with Retry-After the whole seconds
 * until its next refill unless `retryAfter` is false. The list and the batch read (site-interface 10.13) do
 * not draw from it. On the caller's clock, so a run of hours takes none.
 */
export function accountBucket(now: () => number, { capacity, refillMs, retryAfter = true }: BucketShape) {
  let stock = capacity;
  let at = now();
  return {
    /** Takes a request to `path` from the bucket: null when it may go on, else the 429 the site answers. */
    take(path: string): Response | null {
      if (aloneReadOf(path) === null) return null;
      stock = Math.min(capacity, stock + (now() - at) / refillMs);
      at = now();
      if (stock >= 1) {
        stock -= 1;
        return null;
      }
      const seconds = Math.ceil(((1 - stock) * refillMs) / 1000);
      const headers: Record<string, string> = retryAfter ? { 'retry-after': String(seconds) } : {};
      return new Response(null, { status: 429, headers });
    },
  };
}
