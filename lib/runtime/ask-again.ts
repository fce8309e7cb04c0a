import { FALLBACK_INTERVAL_MS } from './fallback-clock';

/**
 * Ads and /me are asked for once, since the page loads them itself (interface 4.3, 4.6). When that one
 * request fails in a way asking again at once would not cure (a 404, another status, a body that cannot
 * be read), it is asked again no sooner than this after the failure: the pace of interface 8's fallback
 * poll. So the data comes by itself once the fault ends, without a request per trigger while it lasts.
 */
export const ASK_AGAIN_AFTER_MS = FALLBACK_INTERVAL_MS;

/** A request that failed at `failedAt` (epoch ms; null when it never failed) may be sent again at `now`. */
export function mayAskAgain(failedAt: number | null, now: number): boolean {
  return failedAt === null || now - failedAt >= ASK_AGAIN_AFTER_MS;
}
