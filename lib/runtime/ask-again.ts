import type { LensError } from '@/lib/model/result';
import { FALLBACK_INTERVAL_MS } from './fallback-clock';

/**
 * Ads and /me are asked for once, since the page loads them itself (interface 4.3, 4.6); so is the newest
 * page after an answer ended (rule 1). When that one request fails in a way asking again at once would
 * not cure (a 404, another status, a body that cannot be read), it is asked again no sooner than this
 * after the failure: the pace of interface 8's fallback poll. So the data comes by itself once the fault
 * ends, without a request per trigger while it lasts.
 */
export const ASK_AGAIN_AFTER_MS = FALLBACK_INTERVAL_MS;

/** The core's failed request for something the page did not bring; it is shown while that is missing. */
export interface FailedAsk {
  error: LensError;
  /** Epoch ms. */
  failedAt: number;
  /** A 5xx, the network, a 429 or a 401: asking again may work at once, when the user looks or the fallback poll runs. */
  curableAtOnce: boolean;
}

/**
 * The request may be sent again at `now` on a trigger of the user or the fallback poll: it never failed,
 * its failure may be cured at once, or the pause is over.
 */
export function mayAskAgain(failed: FailedAsk | null, now: number): boolean {
  return failed === null || failed.curableAtOnce || askAgainDue(failed, now);
}

/**
 * The request failed and the pause is over: it is asked again on any trigger, the page's own captures too,
 * since the page's tree polls keep the fallback poll from running (interface 4.2, 8).
 */
export function askAgainDue(failed: FailedAsk | null, now: number): boolean {
  return failed !== null && now - failed.failedAt >= ASK_AGAIN_AFTER_MS;
}
