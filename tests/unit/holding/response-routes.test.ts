import { describe, expect, it } from 'vitest';
import { AccountHolding } from '@/lens/holding/account-holding';
import { ConversationHolding } from '@/lens/holding/conversation-holding';
import { RESPONSE_ROUTES } from '@/lens/holding/response-routes';
import type { CapturedResponseEvent, CopiedEndpointKind } from '@/lib/capture/page-event';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { pageLoad } from '@/tests/unit/runtime/page-load';

const ID = FIXTURE_IDS.webSearch;

/** What the page loads on opening the conversation, by endpoint. */
const loaded = new Map(
  pageLoad(ID).flatMap((event) => (event.type === 'response' ? [[event.endpoint, event] as const] : [])),
);

const captured = (endpoint: CopiedEndpointKind): CapturedResponseEvent => {
  const event = loaded.get(endpoint);
  if (event === undefined) throw new Error(`the page load has no ${endpoint} response`);
  return event;
};

describe('RESPONSE_ROUTES: every copied endpoint goes where it belongs', () => {
  it('routes the messages format, the tree and the ads into the conversation', () => {
    const holding = new ConversationHolding(ID, { now: () => 0 });
    for (const endpoint of ['conversation-messages', 'conversation-tree', 'ads'] as const) {
      const route = RESPONSE_ROUTES[endpoint];
      expect(route.scope).toBe('conversation');
      if (route.scope === 'conversation') expect(route.ingest(captured(endpoint), holding)).toBe(true);
    }
    expect(holding.formats().comparison).not.toBeNull();
    expect(holding.inspection(null)?.ads).not.toBeNull();
  });

  it('reads this conversation out of a batch answer of the page, and nothing of the others', () => {
    const tree = JSON.parse(captured('conversation-tree').body) as Record<string, unknown>;
    const other = { ...tree, conversation_id: 'another', title: 'Another' };
    const batch = (items: unknown[]): CapturedResponseEvent => ({
      ...captured('conversation-tree'),
      endpoint: 'conversations-batch',
      conversationId: null,
      url: 'https://chatgpt.com/backend-api/conversations/batch',
      body: JSON.stringify(items),
    });
    const route = RESPONSE_ROUTES['conversations-batch'];
    if (route.scope !== 'conversation') throw new Error('the batch is a conversation route');
    const left = new ConversationHolding(ID, { now: () => 0 });
    expect(route.ingest(batch([other]), left)).toBe(false);
    expect(left.formats().conversation).toBeNull();
    const holding = new ConversationHolding(ID, { now: () => 0 });
    expect(route.ingest(batch([other, tree]), holding)).toBe(true);
    expect(holding.formats().conversation?.id).toBe(ID);
    expect(route.ingest(batch(['not a conversation']), holding)).toBe(false);
  });

  it('asks for older pages on the path the page read them on', () => {
    const holding = new ConversationHolding(ID, { now: () => 0 });
    const page = captured('conversation-messages');
    const route = RESPONSE_ROUTES['conversation-messages'];
    if (route.scope !== 'conversation') throw new Error('the messages format is a conversation route');
    route.ingest(page, holding);
    expect(holding.olderTurnsPath()).toBe('conversation');
    route.ingest(
      { ...page, url: `https://chatgpt.com/backend-api/conversations/${ID}/messages?before=x` },
      holding,
    );
    expect(holding.olderTurnsPath()).toBe('messages');
  });

  it('asks for older pages on their own path once the page read its newest turns in small pages', () => {
    const route = RESPONSE_ROUTES['conversation-messages'];
    if (route.scope !== 'conversation') throw new Error('the messages format is a conversation route');
    const page = captured('conversation-messages');
    const pathAfter = (query: string) => {
      const holding = new ConversationHolding(ID, { now: () => 0 });
      route.ingest({ ...page, url: `/backend-api/conversations/${ID}?${query}` }, holding);
      return holding.olderTurnsPath();
    };
    expect(pathAfter('num_turns=10&include_has_versions=true')).toBe('messages');
    expect(pathAfter('include_has_versions=true&num_turns=100')).toBe('conversation');
    expect(pathAfter('include_has_versions=true')).toBe('conversation');
    expect(pathAfter('num_turns=ten')).toBe('conversation');
    expect(pathAfter('num_turns=')).toBe('conversation');
  });

  it('answers that the same tree again changed nothing', () => {
    const holding = new ConversationHolding(ID, { now: () => 0 });
    const route = RESPONSE_ROUTES['conversation-tree'];
    if (route.scope !== 'conversation') throw new Error('the tree is a conversation route');
    expect(route.ingest(captured('conversation-tree'), holding)).toBe(true);
    expect(route.ingest(captured('conversation-tree'), holding)).toBe(false);
  });

  it('routes /me into the account, which every tab shares', () => {
    const account = new AccountHolding();
    const route = RESPONSE_ROUTES.me;
    expect(route.scope).toBe('account');
    if (route.scope === 'account') route.ingest(captured('me'), account);
    expect(account.current()).not.toBeNull();
  });
});
