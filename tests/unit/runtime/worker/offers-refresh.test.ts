import { describe, expect, it } from 'vitest';
import { ConversationHolding } from '@/lens/holding/conversation-holding';
import { createOffersRefresher } from '@/lens/runtime/worker/offers-refresh';
import type { SendRequest } from '@/lib/api/product-update-client';
import { createRateGovernor } from '@/lib/api/rate-governor';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import {
  PRODUCT_TOKEN_CANARY,
  type ProductCardRequest,
  productCards,
  productUpdateSse,
} from '@/tests/replica/fixtures/products';

const ID = FIXTURE_IDS.liveShopping;
const cards = productCards(ID);

/** A product_update service on a virtual clock behind one governor; `answer` may replace an answer by call number. */
function service(answer: (call: number) => Response | null = () => null) {
  let time = Date.UTC(2026, 9, 25, 12, 0);
  const now = () => time;
  const governor = createRateGovernor({ now });
  const calls: Array<{ at: number; body: ProductCardRequest }> = [];
  const send: SendRequest = (_path, init) =>
    governor.run(async () => {
      const body = JSON.parse(String(init.body)) as ProductCardRequest;
      calls.push({ at: time, body });
      return answer(calls.length) ?? new Response(productUpdateSse(body));
    });
  const sleep = async (ms: number) => {
    time += ms;
  };
  const refresher = createOffersRefresher({ send, governor, sleep, random: () => 0.5, now });
  return { refresher, calls, now };
}

/** A holding that saw the page's own product_update calls. */
function shoppingHolding() {
  const holding = new ConversationHolding(ID, { now: () => 0 });
  for (const card of cards)
    holding.captured.ingestProductUpdate(productUpdateSse(card), JSON.stringify(card));
  return holding;
}

describe('offers refresh (site-interface 4.4)', () => {
  it('posts one call per product with the kept lookup keys, 300 to 500 ms apart, reporting progress', async () => {
    const { refresher, calls } = service();
    const holding = shoppingHolding();
    const progress: number[] = [];
    const setOffers = holding.ledger.setOffersRefresh.bind(holding.ledger);
    holding.ledger.setOffersRefresh = (state) => {
      progress.push(state.done);
      setOffers(state);
    };
    const outcome = await refresher.run(holding);
    expect(calls.map((call) => call.body)).toEqual(cards);
    const gaps = calls.slice(1).map((call, index) => call.at - (calls[index]?.at ?? 0));
    expect(gaps.every((gap) => gap >= 300 && gap <= 500)).toBe(true);
    expect(progress).toEqual([0, 1, 2, 3, 3]);
    expect(outcome).toEqual({
      started: true,
      state: { running: false, done: 3, total: 3, failures: 0, rateLimitedUntil: null, error: null },
    });
    expect(JSON.stringify(holding.ledger.offersRefresh())).not.toContain(PRODUCT_TOKEN_CANARY);
  });

  it('runs one refresh at a time: another conversation waits its turn, the same one joins its run', async () => {
    const { refresher, calls } = service();
    const first = shoppingHolding();
    const second = shoppingHolding();
    const runs = [refresher.run(first), refresher.run(second), refresher.run(first)] as const;
    // Waiting, the second conversation already shows its run: none of its products done yet.
    expect(second.ledger.offersRefresh()).toMatchObject({ running: true, done: 0, total: cards.length });
    const [one, two, again] = await Promise.all(runs);
    expect(one).toMatchObject({ started: true, state: { running: false, done: cards.length } });
    expect(two).toMatchObject({ started: true, state: { running: false, done: cards.length } });
    expect(again).toEqual({ started: false, state: one.state });
    // Each conversation's calls once, never interleaved: the pacing of site-interface 4.4 holds across runs.
    expect(calls.map((call) => call.body)).toEqual([...cards, ...cards]);
    const gaps = calls.slice(1).map((call, index) => call.at - (calls[index]?.at ?? 0));
    expect(gaps.slice(0, cards.length - 1).every((gap) => gap >= 300 && gap <= 500)).toBe(true);
  });

  it('stops at the first 429, keeps the offers it has and says until when', async () => {
    const { refresher, calls, now } = service((call) =>
      call === 2 ? new Response('', { status: 429, headers: { 'Retry-After': '30' } }) : null,
    );
    const holding = shoppingHolding();
    const outcome = await refresher.run(holding);
    expect(calls).toHaveLength(2);
    expect(outcome.state).toMatchObject({ running: false, error: { code: 'rate-limited' } });
    expect(outcome.state.rateLimitedUntil).toBe(now() + 30_000);
    holding.ingestMessagesPage({ conversation_id: ID, messages: [] }, null);
    expect(holding.inspection(null)?.products).toHaveLength(cards.length);
  });

  it('passes over a single failure', async () => {
    const { refresher, calls } = service((call) => (call === 1 ? new Response('', { status: 502 }) : null));
    const outcome = await refresher.run(shoppingHolding());
    expect(calls).toHaveLength(3);
    expect(outcome.state).toMatchObject({ done: 3, failures: 1, error: null });
  });

  it('does nothing for a conversation without products', async () => {
    const { refresher, calls } = service();
    const outcome = await refresher.run(new ConversationHolding('c-none', { now: () => 0 }));
    expect(calls).toEqual([]);
    expect(outcome.state).toMatchObject({ running: false, total: 0 });
  });
});
