import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SendRequest } from '@/lib/api/product-update-client';
import {
  type ProductRefreshProgress,
  pauseBetweenCalls,
  refreshProducts,
} from '@/lib/api/product-update-refresh';
import { createRateGovernor } from '@/lib/api/rate-governor';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import {
  PRODUCT_TOKEN_CANARY,
  type ProductCardRequest,
  productCards,
  productUpdateSse,
} from '@/tests/replica/fixtures/products';

const cards = productCards(FIXTURE_IDS.products);
const productIds = cards.map((card) => (card.product_query as { product_id: string }).product_id);

type Answer = (request: ProductCardRequest) => Response;

/** A product_update server on a virtual clock: it logs when each call came and answers per call number. */
function fakeService(answerFor: (call: number) => Answer | null = () => null) {
  let clock = 0;
  const calls: Array<{ at: number; request: ProductCardRequest }> = [];
  const send: SendRequest = async (_path, init) => {
    const request = JSON.parse(String(init.body)) as ProductCardRequest;
    calls.push({ at: clock, request });
    const answer = answerFor(calls.length) ?? ((req) => new Response(productUpdateSse(req)));
    return answer(request);
  };
  const sleep = async (ms: number) => {
    clock += ms;
  };
  return { send, sleep, calls, now: () => 1_700_000_000_000 + clock };
}

describe('refreshProducts (site-interface 4.4 and site-interface 7)', () => {
  it('refreshes every card, one call each, and returns the products in card order', async () => {
    const service = fakeService();
    const run = await refreshProducts({ cards, ...service, random: () => 0.5 });
    expect(service.calls.map((call) => call.request)).toEqual(cards);
    expect(run.products.map((product) => product.id)).toEqual(productIds);
    expect(run.failures).toEqual([]);
    expect(run.stoppedEarly).toBe(false);
    expect(run.rateLimit).toBeNull();
  });

  it('pauses 300 to 500 ms between calls, and only between them', async () => {
    for (const random of [() => 0, () => 0.999_999, () => 0.37]) {
      const service = fakeService();
      await refreshProducts({ cards, ...service, random });
      const times = service.calls.map((call) => call.at);
      expect(times[0]).toBe(0);
      for (let index = 1; index < times.length; index += 1) {
        const gap = (times[index] ?? 0) - (times[index - 1] ?? 0);
        expect(gap).toBeGreaterThanOrEqual(300);
        expect(gap).toBeLessThanOrEqual(500);
      }
    }
  });

  it('property: every pause lies within 300 to 500 ms, whatever the random source gives', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const pause = pauseBetweenCalls(() => value);
        expect(pause).toBeGreaterThanOrEqual(300);
        expect(pause).toBeLessThanOrEqual(500);
      }),
    );
  });

  it('stops at the first 429: no further call, the products so far kept, the retry time passed on', async () => {
    const service = fakeService((call) =>
      call === 2 ? () => new Response('', { status: 429, headers: { 'Retry-After': '60' } }) : null,
    );
    const run = await refreshProducts({ cards, ...service, random: () => 0 });
    expect(service.calls).toHaveLength(2);
    expect(run.products.map((product) => product.id)).toEqual(productIds.slice(0, 1));
    expect(run.stoppedEarly).toBe(true);
    expect(run.rateLimit).toMatchObject({ code: 'rate-limited', status: 429 });
    // The 429 came after one pause of 300 ms (random 0); Retry-After: 60 counts from then.
    expect(run.rateLimit?.retryAt).toBe(service.now() + 60_000);
  });

  it('through the shared governor, a run started while a 429 holds makes no request at all', async () => {
    const service = fakeService((call) =>
      call === 1 ? () => new Response('', { status: 429, headers: { 'Retry-After': '120' } }) : null,
    );
    const governor = createRateGovernor({ now: service.now });
    const send: SendRequest = (path, init) =>
      governor.run(() => service.send(path, init) as Promise<Response>);
    const first = await refreshProducts({ cards, ...service, send, random: () => 0.5 });
    expect(first.stoppedEarly).toBe(true);
    const second = await refreshProducts({ cards, ...service, send, random: () => 0.5 });
    expect(service.calls).toHaveLength(1);
    expect(second.stoppedEarly).toBe(true);
    expect(second.rateLimit?.retryAt).toBe(first.rateLimit?.retryAt);
  });

  it('records a single failure and goes on with the next card', async () => {
    const service = fakeService((call) => (call === 2 ? () => new Response('oops', { status: 503 }) : null));
    const run = await refreshProducts({ cards, ...service, random: () => 0.2 });
    expect(service.calls).toHaveLength(3);
    expect(run.failures).toEqual([
      { cardIndex: 1, error: expect.objectContaining({ code: 'server', status: 503 }) },
    ]);
    expect(run.products.map((product) => product.id)).toEqual([productIds[0], productIds[2]]);
    expect(run.stoppedEarly).toBe(false);
  });

  it('keeps the products of a cut-off stream and notes the cut', async () => {
    const service = fakeService((call) =>
      call === 1
        ? (request) => new Response(productUpdateSse(request).replace('data: [DONE]\n\n', ''))
        : null,
    );
    const run = await refreshProducts({ cards, ...service, random: () => 0.2 });
    expect(run.products.map((product) => product.id)).toEqual(productIds);
    expect(run.failures.map((failure) => [failure.cardIndex, failure.error.code])).toEqual([[0, 'cut-off']]);
  });

  it('tells its progress after each call', async () => {
    const progress: ProductRefreshProgress[] = [];
    const service = fakeService((call) => (call === 3 ? () => new Response('', { status: 500 }) : null));
    await refreshProducts({ cards, ...service, random: () => 0.2, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([
      { done: 1, total: 3, products: 1, failures: 0 },
      { done: 2, total: 3, products: 2, failures: 0 },
      { done: 3, total: 3, products: 2, failures: 1 },
    ]);
  });

  it('keeps lookup keys for the next refresh in memory, and no token value in what it returns', async () => {
    const run = await refreshProducts({ cards, ...fakeService(), random: () => 0.2 });
    expect(productIds.map((id) => run.refreshKeys.get(id)?.lookupKey())).toEqual(
      cards.map((card) => card.product_lookup_key),
    );
    expect(JSON.stringify(run)).not.toContain(PRODUCT_TOKEN_CANARY);
  });

  it('makes no call for no cards', async () => {
    const service = fakeService();
    const run = await refreshProducts({ cards: [], ...service, random: () => 0.2 });
    expect(service.calls).toEqual([]);
    expect(run.products).toEqual([]);
  });
});
