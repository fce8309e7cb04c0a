import type { AccountHolding } from '@/lens/holding/account-holding';
import { answersNone } from '@/lens/holding/ask-again';
import type { ConversationHolding } from '@/lens/holding/conversation-holding';
import type { BackendClient } from '@/lib/api/backend-client';
import { loadConversationPages, type PagesProgress } from '@/lib/api/conversation-pages';
import type { RateGovernor } from '@/lib/api/rate-governor';
import type { LensError } from '@/lib/model/result';
import type { LoadState } from '@/lib/snapshot/snapshot-base';
import { planRefresh, type RefreshDecision, type RefreshPlan, type RefreshTrigger } from './refresh-plan';

export interface RefresherDeps {
  client: BackendClient;
  /** The one governor behind `client` (architecture "One rate governor"). */
  governor: RateGovernor;
  account: AccountHolding;
  now: () => number;
}

export interface RefreshOutcome {
  decision: RefreshDecision;
  /** The state the conversation's loads are left in. */
  load: LoadState;
}

/** Errors asking again will not cure: paging stops at that cursor until the held pages change. */
const PAGING_DEAD_ENDS: ReadonlySet<LensError['code']> = new Set(['paging-loop', 'unexpected-shape']);
/** Load states that end once nothing is left to ask for, unless a lasting failure remains. */
const SETTLED_BY_NOTHING_MISSING: ReadonlySet<LoadState['status']> = new Set([
  'rate-limited',
  'failed',
  'signed-out',
]);
/** Errors that hold every further request of the run (site-interface 5 and site-interface 7). */
const STOPS_THE_RUN: ReadonlySet<LensError['code']> = new Set(['rate-limited', 'signed-out']);

/**
 * The run's own errors, then every failure whose cause still holds (ConversationHolding.lastingFailures,
 * AccountHolding.failure), so a refresh that asks for something else does not hide it. A 429 or a 401 is
 * the governor's or the session's state, never a lasting failure of one request.
 */
function errorsToShow(
  runErrors: readonly LensError[],
  holding: ConversationHolding,
  deps: RefresherDeps,
): LensError[] {
  const account = deps.account.failure();
  const lasting = account === null ? holding.lastingFailures() : [...holding.lastingFailures(), account];
  return [
    ...runErrors,
    ...lasting.filter((error) => !STOPS_THE_RUN.has(error.code) && !runErrors.includes(error)),
  ];
}

/**
 * The state after a run: a 429 says until when (the governor's own wait, never shorter than Retry-After,
 * site-interface 7), a 401 says signed out, anything else names its error; the data loaded stays either way.
 */
function loadStateAfter(errors: readonly LensError[], governor: RateGovernor): LoadState {
  const rateLimited = errors.find((error) => error.code === 'rate-limited');
  if (rateLimited !== undefined) {
    const until = governor.waitUntil() ?? rateLimited.retryAt ?? null;
    return { status: 'rate-limited', rateLimitedUntil: until, error: rateLimited, progress: null };
  }
  const signedOut = errors.find((error) => error.code === 'signed-out');
  if (signedOut !== undefined)
    return { status: 'signed-out', rateLimitedUntil: null, error: signedOut, progress: null };
  const first = errors[0];
  return first === undefined
    ? { status: 'idle', rateLimitedUntil: null, error: null, progress: null }
    : { status: 'failed', rateLimitedUntil: null, error: first, progress: null };
}

/**
 * A load the user waits for (nothing held yet, or the older pages) shows as loading, with progress. A
 * quick refresh of what is held (the newest page, ads, /me) changes the load state only when it ends, so
 * a fallback poll that finds nothing new leaves a 10,000-message lens unwritten.
 */
function isAwaitedLoad(holding: ConversationHolding, plan: RefreshPlan): boolean {
  return plan.olderPages || !holding.facts().hasNewestPage;
}

async function loadPages(
  holding: ConversationHolding,
  plan: RefreshPlan,
  deps: RefresherDeps,
): Promise<LensError | null> {
  const since = holding.pages.version;
  const loaded = await loadConversationPages(deps.client, holding.conversationId, {
    heldPages: holding.pages.raw(),
    // architecture "Passive first": the newest page the page loaded is not asked for again.
    newestHeldIsCurrent: !plan.newestPage,
    olderPages: !holding.facts().pagingStopped,
    olderTurnsPath: holding.olderTurnsPath(),
    ...(isAwaitedLoad(holding, plan)
      ? {
          onProgress: (progress: PagesProgress) =>
            holding.ledger.setLoad({ ...holding.ledger.load(), progress }),
        }
      : {}),
  });
  // The first request is the newest page; an error on it alone means it did not come.
  const newestFetched = plan.newestPage && (loaded.error === null || loaded.requests > 1);
  holding.adoptLoadedPages(loaded.pages, since, newestFetched);
  const { error } = loaded;
  if (error === null) return null;
  // The governor paces what a 429 held (site-interface 7).
  if (plan.newestPage && !newestFetched && error.code !== 'rate-limited')
    holding.ledger.noteNewestPageFailed(error);
  const cursor = holding.pages.olderCursor();
  if (cursor !== null && PAGING_DEAD_ENDS.has(error.code)) holding.ledger.notePagingStopped(cursor, error);
  return error;
}

async function loadAds(holding: ConversationHolding, deps: RefresherDeps): Promise<LensError | null> {
  const answer = await deps.client.getJson(
    `/backend-api/bazaar/conversation/${encodeURIComponent(holding.conversationId)}/ads`,
  );
  if (!answer.ok && answersNone(answer.error)) {
    holding.captured.noteNoAds();
    return null;
  }
  const ads = answer.ok ? holding.captured.ingestAds(answer.value) : answer;
  if (ads.ok) return null;
  const error = { ...ads.error, message: `Ads of this conversation: ${ads.error.message}` };
  // site-interface 4.3: the page does not load them again; asked again at the next refresh, or after a pause.
  holding.ledger.noteAdsFailed({ error, failedAt: deps.now() });
  return error;
}

async function loadAccount(deps: RefresherDeps): Promise<LensError | null> {
  deps.account.noteRequested();
  const answer = await deps.client.getJson('/backend-api/me');
  if (!answer.ok && answersNone(answer.error)) {
    deps.account.noteNone();
    return null;
  }
  const account = answer.ok ? deps.account.ingest(answer.value) : answer;
  if (account.ok) return null;
  const error = { ...account.error, message: `The account (/me): ${account.error.message}` };
  deps.account.noteFailed({ error, failedAt: deps.now() });
  return error;
}

/**
 * Runs a plan through the client (so through the one governor) and merges what came into the holding.
 * Requests go one after the other; a 429 or a 401 ends the run, since every further request would be
 * held or refused. Whatever happens, everything loaded stays held (architecture "One rate governor" and
 * architecture "Tolerant reader").
 */
export async function runRefreshPlan(
  holding: ConversationHolding,
  plan: RefreshPlan,
  deps: RefresherDeps,
): Promise<LoadState> {
  if (isAwaitedLoad(holding, plan))
    holding.ledger.setLoad({ ...holding.ledger.load(), status: 'loading', progress: null });
  const steps: Array<() => Promise<LensError | null>> = [];
  if (plan.newestPage || plan.olderPages) steps.push(() => loadPages(holding, plan, deps));
  if (plan.ads) steps.push(() => loadAds(holding, deps));
  // Another tab's run may have asked meanwhile: /me is one for all tabs.
  if (plan.account && deps.account.askWhen(deps.now()) !== 'not-now') steps.push(() => loadAccount(deps));
  const errors: LensError[] = [];
  for (const step of steps) {
    const error = await step();
    if (error === null) continue;
    errors.push(error);
    if (STOPS_THE_RUN.has(error.code)) break;
  }
  const load = loadStateAfter(errorsToShow(errors, holding, deps), deps.governor);
  holding.ledger.setLoad(load);
  return load;
}

/** Plans and runs one refresh of a conversation for the triggers a debounce window gathered. */
export function refreshConversation(
  holding: ConversationHolding,
  triggers: ReadonlySet<RefreshTrigger>,
  deps: RefresherDeps,
  pageLoadingUntil: number | null = null,
): Promise<RefreshOutcome> {
  return holding.ledger.oneLoadAtATime(() => refreshNow(holding, triggers, deps, pageLoadingUntil));
}

async function refreshNow(
  holding: ConversationHolding,
  triggers: ReadonlySet<RefreshTrigger>,
  deps: RefresherDeps,
  pageLoadingUntil: number | null,
): Promise<RefreshOutcome> {
  const decision = planRefresh({
    facts: holding.facts(),
    triggers,
    askForAccount: deps.account.askWhen(deps.now()),
    governorWaitUntil: deps.governor.waitUntil(),
    pageLoadingUntil,
    now: deps.now(),
  });
  if (decision.kind === 'blocked') {
    const load: LoadState = {
      ...holding.ledger.load(),
      status: 'rate-limited',
      rateLimitedUntil: decision.retryAt,
      progress: null,
    };
    holding.ledger.setLoad(load);
    return { decision, load };
  }
  if (decision.kind === 'nothing') {
    // Nothing is missing any more (the governor's wait is over, or the page brought what a failed load
    // was for): a 'rate limited until' in the past or an old failure would only mislead. A failure whose
    // cause still holds stays (a paging dead end, ads still missing during their pause).
    if (SETTLED_BY_NOTHING_MISSING.has(holding.ledger.load().status))
      holding.ledger.setLoad(loadStateAfter(errorsToShow([], holding, deps), deps.governor));
    return { decision, load: holding.ledger.load() };
  }
  return { decision, load: await runRefreshPlan(holding, decision, deps) };
}
