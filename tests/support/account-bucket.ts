/** The shape of an account's request bucket (site-interface 7): how many it holds, how long one refill takes. */
export interface BucketShape {
  capacity: number;
  refillMs: number;
}

/**
 * The account's conversation endpoints as exporter users measure them (site-interface 7): a bucket that starts
 * full, refills one request every `refillMs`, and answers 429 when empty, with Retry-After the whole seconds
 * until its next refill. On the caller's clock, so a run of hours takes none.
 */
export function accountBucket(now: () => number, { capacity, refillMs }: BucketShape) {
  let stock = capacity;
  let at = now();
  return {
    /** Takes a request from the bucket: null when it may go on, else the 429 the site answers. */
    take(): Response | null {
      stock = Math.min(capacity, stock + (now() - at) / refillMs);
      at = now();
      if (stock >= 1) {
        stock -= 1;
        return null;
      }
      const seconds = Math.ceil(((1 - stock) * refillMs) / 1000);
      return new Response(null, { status: 429, headers: { 'retry-after': String(seconds) } });
    },
  };
}
