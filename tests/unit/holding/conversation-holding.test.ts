import { describe, expect, it } from 'vitest';
import { ConversationHolding } from '@/lens/holding/conversation-holding';
import { AD_TRACKING_CANARY, adsResponse } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { SMALL_MESSAGE_IDS, smallPages, smallTree } from '@/tests/unit/fixtures/read-fixture';

const holdingOf = (id = 'c-small') => new ConversationHolding(id, { now: () => 1_000 });
const ids = (holding: ConversationHolding) =>
  holding.formats().conversation?.messages.map((message) => message.id) ?? [];

/** The newest page of c-small after one more exchange: m7 answered by m8 and m9. */
function grownNewest(): Record<string, unknown> {
  const [newest] = smallPages();
  const messages = newest.messages as Array<Record<string, unknown>>;
  const template = messages[messages.length - 1] ?? {};
  const added = ['m8', 'm9'].map((id, index) => ({
    ...template,
    id,
    author: { role: index === 0 ? 'user' : 'assistant' },
    content: { content_type: 'text', parts: [id] },
  }));
  return { ...newest, current_node: 'm9', messages: [...messages.slice(1), ...added] };
}

describe('ConversationHolding: what the page loaded, held with no request', () => {
  it('holds the newest page and an older page the page asked for with before, newest first', () => {
    const holding = holdingOf();
    const [newest, older] = smallPages();
    expect(holding.ingestMessagesPage(newest, null)).toMatchObject({ ok: true, value: 'held' });
    expect(holding.facts()).toMatchObject({ hasNewestPage: true, olderCursor: 'cur-m6' });
    expect(holding.pages.progress()).toEqual({ pagesLoaded: 1, messagesLoaded: 2, hasMore: true });
    expect(holding.ingestMessagesPage(older, 'cur-m6')).toMatchObject({ ok: true, value: 'appended' });
    expect(holding.pages.progress()).toEqual({ pagesLoaded: 2, messagesLoaded: 8, hasMore: false });
    expect(ids(holding)).toEqual(SMALL_MESSAGE_IDS);
  });

  it('merges a newer newest page into what is held instead of adding a page', () => {
    const holding = holdingOf();
    const [newest, older] = smallPages();
    holding.ingestMessagesPage(newest, null);
    holding.ingestMessagesPage(older, 'cur-m6');
    expect(holding.ingestMessagesPageText(JSON.stringify(grownNewest()), null)).toMatchObject({
      value: 'merged',
    });
    expect(holding.pages.progress()).toEqual({ pagesLoaded: 2, messagesLoaded: 10, hasMore: false });
    expect(ids(holding)).toEqual([...SMALL_MESSAGE_IDS, 'm8', 'm9']);
  });

  it('refuses a page of another conversation and an older page it cannot place, keeping what it holds', () => {
    const holding = holdingOf();
    const [newest, older] = smallPages();
    holding.ingestMessagesPage(newest, null);
    expect(holding.ingestMessagesPage({ ...newest, conversation_id: 'other' }, null).ok).toBe(false);
    expect(holding.ingestMessagesPage(older, 'cur-unknown').ok).toBe(false);
    expect(holding.ingestMessagesPageText('{"messages": [', null)).toMatchObject({
      ok: false,
      error: { code: 'malformed-json' },
    });
    expect(ids(holding)).toEqual(['m6', 'm7']);
    expect(holding.captured.warnings()).toHaveLength(3);
  });

  it('notes a tree without a mapping on the formats worked out (site-interface 9.2: it is absent)', () => {
    const holding = holdingOf();
    const [newest] = smallPages();
    holding.ingestMessagesPage(newest, null);
    expect(holding.formats().conversation?.formatLoads.tree.note ?? null).toBeNull();
    expect(holding.captured.ingestTreeText('{"title": "x"}')).toBe('unreadable');
    expect(holding.formats().conversation?.formatLoads.tree).toMatchObject({
      loaded: false,
      note: 'The tree response has no mapping object.',
    });
  });

  it('answers an unchanged tree poll without parsing or normalizing anything again', () => {
    const holding = holdingOf();
    const [newest, older] = smallPages();
    holding.ingestMessagesPage(newest, null);
    holding.ingestMessagesPage(older, 'cur-m6');
    const treeText = JSON.stringify(smallTree());
    expect(holding.captured.ingestTreeText(treeText)).toBe('changed');
    const first = holding.formats();
    expect(holding.normalizations()).toEqual({ messages: 1, tree: 1, stream: 0 });
    const revision = holding.revision;
    for (let poll = 0; poll < 50; poll += 1)
      expect(holding.captured.ingestTreeText(`${treeText}`)).toBe('unchanged');
    expect(holding.revision).toBe(revision);
    expect(holding.formats()).toBe(first);
    expect(holding.formats().conversation).toBe(first.conversation);
    expect(holding.normalizations()).toEqual({ messages: 1, tree: 1, stream: 0 });
    expect(first.comparison).not.toBeNull();
  });

  it('normalizes only the format that changed', () => {
    const holding = holdingOf();
    holding.ingestMessagesPage(smallPages()[0], null);
    holding.captured.ingestTreeText(JSON.stringify(smallTree()));
    holding.formats();
    holding.captured.ingestTreeText(JSON.stringify({ ...smallTree(), title: 'Renamed' }));
    holding.formats();
    expect(holding.normalizations()).toEqual({ messages: 1, tree: 2, stream: 0 });
    holding.ingestMessagesPage(grownNewest(), null);
    holding.formats();
    expect(holding.normalizations()).toEqual({ messages: 2, tree: 2, stream: 0 });
  });

  it('keeps the tree it holds when a poll body is not JSON, and serves the messages format alone without one', () => {
    const holding = holdingOf();
    holding.ingestMessagesPage(smallPages()[0], null);
    expect(holding.formats().conversation?.formatLoads.tree.loaded).toBe(false);
    holding.captured.ingestTreeText(JSON.stringify(smallTree()));
    expect(holding.captured.ingestTreeText('{"mapping": ')).toBe('unreadable');
    expect(holding.formats().conversation?.formatLoads.tree.loaded).toBe(true);
  });

  it('counts stream items and SSE answers, and marks the messages format behind after a stream ends', () => {
    const holding = holdingOf();
    holding.ingestMessagesPage(smallPages()[0], null);
    holding.noteStream({ counts: { streamItems: 3 } });
    holding.noteStream({ counts: { sseAnswers: 1 }, ended: { whole: false } });
    expect(holding.captured.transport()).toMatchObject({ streamItems: 3, sseAnswers: 1 });
    expect(holding.facts().messagesBehindStream).toBe(true);
    holding.ingestMessagesPage(grownNewest(), null);
    expect(holding.facts().messagesBehindStream).toBe(false);
    expect(holding.inspection(null)?.transport).toBe('websocket');
  });

  it('reads ads of the live form and keeps no tracking value', () => {
    const holding = holdingOf(FIXTURE_IDS.liveShopping);
    expect(holding.facts().askForAds).toBe('beyond-page-load');
    const body = JSON.stringify(adsResponse(FIXTURE_IDS.liveShopping, true, 'live'));
    expect(body).toContain(AD_TRACKING_CANARY);
    expect(holding.captured.ingestAdsText(body).ok).toBe(true);
    expect(holding.facts().askForAds).toBe('not-now');
    holding.ingestMessagesPage({ conversation_id: FIXTURE_IDS.liveShopping, messages: [] }, null);
    const inspection = holding.inspection(null);
    expect(inspection?.ads?.adCount).toBeGreaterThan(0);
    expect(JSON.stringify(inspection)).not.toContain(AD_TRACKING_CANARY);
  });

  it.each([
    ['document', FIXTURE_IDS.products],
    ['live', FIXTURE_IDS.liveShopping],
  ])('takes product_update calls of the %s form as offers, their lookup keys in memory only', (_form, id) => {
    const holding = holdingOf(id);
    const cards = productCards(id);
    for (const card of cards)
      holding.captured.ingestProductUpdate(productUpdateSse(card), JSON.stringify(card));
    holding.ingestMessagesPage({ conversation_id: id, messages: [] }, null);
    const inspection = holding.inspection(null);
    expect(inspection?.products).toHaveLength(cards.length);
    expect(inspection?.offers.length).toBeGreaterThan(0);
    const requests = holding.captured.productRefreshRequests();
    expect(requests.map((request) => request.product_query)).toEqual(cards.map((card) => card.product_query));
    expect(JSON.stringify(requests)).not.toContain(PRODUCT_TOKEN_CANARY);
    expect(JSON.stringify(inspection)).not.toContain(PRODUCT_TOKEN_CANARY);
  });
});
