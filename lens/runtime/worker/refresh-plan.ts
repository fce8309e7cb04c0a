import type { AskWhen } from '@/lens/holding/ask-again';
import type { HoldingFacts } from '@/lens/holding/conversation-holding';
import { FALLBACK_INTERVAL_MS } from '@/lens/runtime/contract/relay-channel';

/** What may start a refresh (architecture "Event-driven refresh"). */
export type RefreshTrigger =
  | 'navigation'
  | 'stream-ended'
  | 'visible'
  | 'ui-opened'
  | 'fallback-due'
  | 'captured';

/** site-interface 8: the fallback is 12 s; held data younger than that counts as current. */
export const CURRENT_FOR_MS = FALLBACK_INTERVAL_MS;

/**
 * How long after the tab went to a conversation the page is taken to be loading it itself (site-interface
 * 1: the tree, the messages, the ads and /me on every load): a look at the views meanwhile waits for it.
 */
export const PAGE_LOAD_GRACE_MS = 3_000;

/**
 * Until when a look at the views (one opening, the tab shown) waits for the page's own load of the
 * conversation the tab just went to, or null when it need not. Meanwhile it asks for nothing the page loads
 * itself, whatever of it arrived first: the page asks for the tree, the newest page, the ads and /me at
 * once, and the hook passes each on once its body is read, so the tree often arrives while the newest page
 * is still on its way. The fallback poll and an ended answer do not wait.
 */
export function lookWaitsUntil(
  triggers: ReadonlySet<RefreshTrigger>,
  pageLoadingUntil: number | null,
  now: number,
): number | null {
  const looks = triggers.has('visible') || triggers.has('ui-opened');
  if (!looks || triggers.has('fallback-due') || triggers.has('stream-ended')) return null;
  return pageLoadingUntil !== null && now < pageLoadingUntil ? pageLoadingUntil : null;
}

export interface RefreshPlan {
  kind: 'requests';
  /** The newest messages page (site-interface 4.1, no `before`), merged into what is held. */
  newestPage: boolean;
  /** The older pages, before = start_cursor, while the held oldest page says has_previous_page. */
  olderPages: boolean;
  /** GET /backend-api/bazaar/conversation/{id}/ads (site-interface 4.3), once. */
  ads: boolean;
  /** GET /backend-api/me (site-interface 4.6), once for all tabs. */
  account: boolean;
}

export type RefreshDecision =
  | RefreshPlan
  | { kind: 'nothing' }
  /** site-interface 7: the governor holds every request until then (epoch ms); retry no earlier. */
  | { kind: 'blocked'; retryAt: number };

export interface PlanInput {
  facts: HoldingFacts;
  /** The triggers gathered since the last refresh (see createDebouncer). */
  triggers: ReadonlySet<RefreshTrigger>;
  /** AccountHolding.askWhen(now). */
  askForAccount: AskWhen;
  /** RateGovernor.waitUntil(). */
  governorWaitUntil: number | null;
  /** The tab went to the conversation: until then its page is taken to be loading it (PAGE_LOAD_GRACE_MS). */
  pageLoadingUntil: number | null;
  now: number;
}

/**
 * What to request, and only what is missing (architecture "Passive first"); nothing for a chat used signed
 * out, which the site keeps nothing of (site-interface 10.10). The page loads both formats,
 * the ads and /me itself on every load, so navigation and captured responses ask for nothing the page
 * loads; they ask only for older pages, which the page never loads all of. The newest page is asked for
 * when the page did not bring it: on the fallback poll, while an answer ended without a messages page
 * since (the tree lacks its queries, site-interface 9.1; after a failure, at the pace of ask-again.ts),
 * and on the tab becoming visible or the UI opening when what is held is older than the fallback
 * interval. Ads and /me are asked for once, on any trigger but the page's own loading, when the page did not
 * load them; after a failure, again as ask-again.ts allows.
 */
export function planRefresh(input: PlanInput): RefreshDecision {
  const { facts, triggers, now } = input;
  if (facts.signedOut) return { kind: 'nothing' };
  if (input.governorWaitUntil !== null) return { kind: 'blocked', retryAt: input.governorWaitUntil };
  const has = (trigger: RefreshTrigger): boolean => triggers.has(trigger);
  const stale = facts.lastFreshAt === null || now - facts.lastFreshAt >= CURRENT_FOR_MS;
  // A look that waits for the page's load asks for nothing the page brings anyway (lookWaitsUntil).
  const userLooks =
    (has('visible') || has('ui-opened')) && lookWaitsUntil(triggers, input.pageLoadingUntil, now) === null;
  const beyondPageLoad = userLooks || has('fallback-due') || has('stream-ended');
  const mayAsk = (when: AskWhen): boolean =>
    when === 'any-trigger' || (when === 'beyond-page-load' && beyondPageLoad);
  const plan: RefreshPlan = {
    kind: 'requests',
    newestPage:
      has('fallback-due') ||
      // On any trigger: the page's own tree polls bring neither the answer's queries nor a fallback poll.
      facts.messagesBehindStream ||
      (userLooks && (stale || !facts.hasNewestPage)),
    olderPages: facts.olderCursor !== null && !facts.pagingStopped,
    ads: mayAsk(facts.askForAds),
    account: mayAsk(input.askForAccount),
  };
  return plan.newestPage || plan.olderPages || plan.ads || plan.account ? plan : { kind: 'nothing' };
}

/**
 * What an export loads first: it holds every message (site-interface 4.1), so the newest page when none
 * is held, and the older pages while paging has not stopped; and, as a look at the views would, the ads and
 * /me when they are missing and may be asked for (a worker stopped and started again has lost what the
 * page loaded, and the export's Ads section reads them). Null when everything is held already.
 */
export function planExportLoad(facts: HoldingFacts, askForAccount: AskWhen): RefreshPlan | null {
  if (facts.signedOut) return null;
  const olderMissing = facts.olderCursor !== null && !facts.pagingStopped;
  const plan: RefreshPlan = {
    kind: 'requests',
    newestPage: !facts.hasNewestPage,
    olderPages: !facts.hasNewestPage || olderMissing,
    ads: facts.askForAds !== 'not-now',
    account: askForAccount !== 'not-now',
  };
  return plan.olderPages || plan.ads || plan.account ? plan : null;
}
