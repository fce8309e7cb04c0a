import { AccountHolding } from '@/lens/holding/account-holding';
import { ConversationHolding } from '@/lens/holding/conversation-holding';
import type { RefresherDeps } from '@/lens/runtime/worker/conversation-refresher';
import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { clientOver, type Handler, jsonResponse, type SeenRequest } from './fake-backend';

/** Answers some requests itself (a 429, a 404, ...) and leaves the rest to the replica (undefined). */
export type Override = (request: SeenRequest) => Response | undefined;

import { replicaHandler } from './replica-backend';

/** The replica's conversation endpoints, its ads (with ads where `withAds`) and /me, over a fake fetch. */
export const replicaWithAds =
  (overrides: Override | null = null, withAds = true): Handler =>
  (request) => {
    const answer = overrides?.(request);
    if (answer !== undefined) return answer;
    const ads = /^\/backend-api\/bazaar\/conversation\/([^/]+)\/ads$/.exec(request.url.pathname);
    if (ads !== null) return jsonResponse(adsResponse(decodeURIComponent(ads[1] ?? ''), withAds));
    if (request.url.pathname === '/backend-api/me') return jsonResponse(meResponse());
    return replicaHandler()(request);
  };

/** A refresher's effects over `handler`, with one governor and one account for every conversation. */
export function runtimeOver(handler: Handler) {
  const backend = clientOver(handler);
  const account = new AccountHolding();
  const deps: RefresherDeps = {
    client: backend.client,
    governor: backend.governor,
    account,
    now: backend.clock.now,
  };
  const holdingOf = (id: string) => new ConversationHolding(id, { now: backend.clock.now });
  return { ...backend, deps, account, holdingOf };
}
