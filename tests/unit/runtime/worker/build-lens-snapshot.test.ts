import { describe, expect, it } from 'vitest';
import { buildLensSnapshot } from '@/lens/runtime/worker/build-lens-snapshot';
import { refreshConversation } from '@/lens/runtime/worker/conversation-refresher';
import { AD_TRACKING_CANARY, adsResponse } from '@/tests/replica/fixtures/ads';
import { messagesPagesWithCursors } from '@/tests/replica/fixtures/fixture-helpers';
import {
  generateConversation,
  getConversation,
  messagesResponse,
  treeResponse,
} from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { clientOver, jsonResponse } from '@/tests/support/fakes/fake-backend';
import { replicaWithAds, runtimeOver } from '@/tests/support/fakes/runtime-backend';

describe('buildLensSnapshot', () => {
  it('holds what the UI shows first: summary, queries, sources, ads, offers, transport, formats, progress', () => {
    // The web-search conversation, with ads and the shopping conversation's product calls of the live form.
    const id = FIXTURE_IDS.webSearch;
    const runtime = runtimeOver(replicaWithAds());
    const holding = runtime.holdingOf(id);
    const conversation = getConversation(id);
    if (conversation === undefined) throw new Error('no web-search conversation');
    for (const { response, before } of messagesPagesWithCursors(conversation, 100)) {
      expect(holding.ingestMessagesPage(response, before).ok).toBe(true);
    }
    holding.captured.ingestTreeText(JSON.stringify(treeResponse(conversation)));
    holding.captured.ingestAds(adsResponse(id, true, 'live'));
    for (const card of productCards(FIXTURE_IDS.liveShopping))
      holding.captured.ingestProductUpdate(productUpdateSse(card), JSON.stringify(card));
    holding.noteStream({ counts: { streamItems: 4 } });
    const snapshot = buildLensSnapshot({
      holding,
      account: { segmentId: 'seg', country: 'US' },
      governor: runtime.governor.state(),
      now: runtime.clock.now(),
    });
    expect(snapshot.summary?.messageCount).toBeGreaterThan(0);
    expect(snapshot.summary?.turnCount).toBeGreaterThan(0);
    expect(snapshot.queries?.queries.length).toBeGreaterThan(0);
    expect(snapshot.sources.length).toBeGreaterThan(0);
    expect(snapshot.ads?.adCount).toBeGreaterThan(0);
    expect(snapshot.offers.length).toBeGreaterThan(0);
    expect(snapshot.transport).toBe('websocket');
    expect(snapshot.formatComparison).not.toBeNull();
    expect(snapshot.formatLoads?.tree.loaded).toBe(true);
    expect(snapshot.progress).toMatchObject({ hasMore: false, loading: null });
    expect(snapshot).toMatchObject({ rateLimitedUntil: null, updatedAt: runtime.clock.now() });
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it('never holds the access token, a lookup key, a product secret or an ad tracking value', async () => {
    const accessToken = 'canary-access-token-Zq81';
    const id = FIXTURE_IDS.products;
    const backend = clientOver(replicaWithAds(), [accessToken]);
    const runtime = runtimeOver(replicaWithAds());
    const deps = { ...runtime.deps, client: backend.client, governor: backend.governor };
    const holding = runtime.holdingOf(id);
    const conversation = getConversation(id);
    if (conversation === undefined) throw new Error('no products conversation');
    holding.ingestMessagesPage(messagesResponse(conversation, { numTurns: 100 }), null);
    holding.captured.ingestAdsText(JSON.stringify(adsResponse(id, true)));
    for (const card of productCards(id))
      holding.captured.ingestProductUpdate(productUpdateSse(card), JSON.stringify(card));
    await refreshConversation(holding, new Set(['ui-opened', 'fallback-due']), deps);
    expect(backend.requests.some((request) => request.authorization === `Bearer ${accessToken}`)).toBe(true);
    const text = JSON.stringify(
      buildLensSnapshot({
        holding,
        account: null,
        governor: backend.governor.state(),
        now: backend.clock.now(),
      }),
    );
    expect(text.length).toBeGreaterThan(1_000);
    for (const secret of [accessToken, PRODUCT_TOKEN_CANARY, AD_TRACKING_CANARY])
      expect(text).not.toContain(secret);
  });

  it('stays under 2 MB for a 10,000-message conversation with both formats, and holds no message text', () => {
    const conversation = generateConversation(10_000, 11);
    const runtime = runtimeOver(() => jsonResponse({}, 404));
    const holding = runtime.holdingOf(conversation.id);
    for (const { response, before } of messagesPagesWithCursors(conversation, 100))
      holding.ingestMessagesPage(response, before);
    holding.captured.ingestTreeText(JSON.stringify(treeResponse(conversation)));
    const snapshot = buildLensSnapshot({
      holding,
      account: null,
      governor: runtime.governor.state(),
      now: runtime.clock.now(),
    });
    expect(snapshot.summary?.messageCount).toBeGreaterThanOrEqual(10_000);
    const text = JSON.stringify(snapshot);
    expect(text.length).toBeLessThan(2 * 1024 * 1024);
    const longest = holding
      .formats()
      .conversation?.messages.map((message) => message.text)
      .filter((messageText) => messageText.length > 80)
      .slice(0, 20);
    expect(longest?.length).toBeGreaterThan(0);
    for (const messageText of longest ?? []) expect(text).not.toContain(messageText);
  });

  it('says rate limited until when the governor waits', async () => {
    const runtime = runtimeOver(
      replicaWithAds((request) =>
        request.url.searchParams.has('before') ? jsonResponse({}, 429, { 'Retry-After': '90' }) : undefined,
      ),
    );
    const id = FIXTURE_IDS.longHistory;
    const holding = runtime.holdingOf(id);
    const conversation = getConversation(id);
    if (conversation === undefined) throw new Error('no long history');
    holding.ingestMessagesPage(messagesResponse(conversation, { numTurns: 100 }), null);
    await refreshConversation(holding, new Set(['captured']), runtime.deps);
    const snapshot = buildLensSnapshot({
      holding,
      account: null,
      governor: runtime.governor.state(),
      now: runtime.clock.now(),
    });
    expect(snapshot.rateLimitedUntil).toBe(runtime.clock.now() + 90_000);
    expect(snapshot.load.status).toBe('rate-limited');
    expect(snapshot.errors.map((error) => error.code)).toEqual(['rate-limited']);
    expect(snapshot.summary?.messageCount).toBeGreaterThan(0);
  });
});
