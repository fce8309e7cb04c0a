import { FALLBACK_INTERVAL_MS } from '@/lens/runtime/contract/relay-channel';
import type { LensError } from '@/lib/model/result';

/**
 * Ads and /me are asked for once, since the page loads them itself (site-interface 4.3 and
 * site-interface 4.6); so is the newest page after an answer ended (site-interface 9.1). When that one
 * request fails in a way asking again at once would not cure (another status, a body that cannot be
 * read), it is asked again no sooner than this after the failure: the pace of the fallback poll
 * (site-interface 8). So the data comes by itself once the fault ends, without a request per trigger
 * while it lasts. A 404 or 403 on ads or /me is no failure at all (answersNone).
 */
export const ASK_AGAIN_AFTER_MS = FALLBACK_INTERVAL_MS;

/** Errors asking again at once may cure: the governor's wait, the network, a 5xx, a token refreshed. */
const CURABLE_AT_ONCE: ReadonlySet<LensError['code']> = new Set([
  'rate-limited',
  'network',
  'server',
  'signed-out',
]);

/**
 * The answer to an optional request (ads, /me) that means "none for this conversation or account": the
 * live site answers 404 for ads the account was never shown (site-interface 4.7), and 403 where it has
 * none to give. Held as that answer, not as an error, and not asked for again while the tab holds the
 * conversation (architecture "Passive first"). A 401 is the session's (site-interface 5), not this.
 */
export function answersNone(error: LensError): boolean {
  return error.status === 404 || error.status === 403;
}

/** The core's failed request for something the page did not bring; it is shown while that is missing. */
export interface FailedAsk {
  error: LensError;
  /** Epoch ms. */
  failedAt: number;
}

/**
 * On which triggers the core asks for something the page loads itself (ads, /me):
 * - 'beyond-page-load': when the user looks, the fallback poll runs or an answer ends, never on the page's
 *   own loading (it loads them itself); so while it never failed, or failed in a way asking again may cure;
 * - 'any-trigger': its request failed and the pause is over; the page's captures too, since the page's
 *   tree polls keep the fallback poll from running (site-interface 4.2 and site-interface 8);
 * - 'not-now': it is held, being asked for, or in its pause.
 */
export type AskWhen = 'beyond-page-load' | 'any-trigger' | 'not-now';

/** The pause after `failed` is over (or it never failed). */
export function pauseOver(failed: FailedAsk | null, now: number): boolean {
  return failed === null || now - failed.failedAt >= ASK_AGAIN_AFTER_MS;
}

/** When something missing whose last request is `failed` (null when it never failed) may be asked for. */
export function askWhen(failed: FailedAsk | null, now: number): AskWhen {
  if (failed === null || (!pauseOver(failed, now) && CURABLE_AT_ONCE.has(failed.error.code)))
    return 'beyond-page-load';
  return pauseOver(failed, now) ? 'any-trigger' : 'not-now';
}
