import { describe, expect, it } from 'vitest';
import { loadConversationPages, type PagesProgress } from '@/lib/api/conversation-pages';
import { clientOver, type Handler, jsonResponse } from '@/tests/support/fakes/fake-backend';
import { smallPages } from '@/tests/unit/fixtures/read-fixture';

/** The small conversation's two pages, served by cursor as the site does (site-interface 4.1). */
const smallServer: Handler = ({ url }) => {
  const [newest, older] = smallPages();
  const before = url.searchParams.get('before');
  if (before === null) return jsonResponse(newest);
  if (before === 'cur-m6') return jsonResponse(older);
  return jsonResponse({ detail: 'Invalid cursor' }, 400);
};

const page = (ids: string[], startCursor: string | null, hasPreviousPage: boolean) => ({
  conversation_id: 'c1',
  messages: ids.map((id) => ({
    id,
    author: { role: 'user' },
    content: { content_type: 'text', parts: [id] },
  })),
  page_info: {
    start_cursor: startCursor,
    end_cursor: null,
    has_previous_page: hasPreviousPage,
    has_next_page: false,
  },
});

describe('loadConversationPages', () => {
  it('pages with before = start_cursor until has_previous_page is false, reporting progress', async () => {
    const { client, backendRequests } = clientOver(smallServer);
    const progress: PagesProgress[] = [];
    const loaded = await loadConversationPages(client, 'c-small', {
      onProgress: (step) => progress.push(step),
    });
    expect(loaded).toMatchObject({ complete: true, error: null, requests: 2 });
    expect(loaded.pages).toEqual(smallPages());
    expect(progress).toEqual([
      { pagesLoaded: 1, messagesLoaded: 2 },
      { pagesLoaded: 2, messagesLoaded: 8 },
    ]);
    const [first, second] = backendRequests().map((request) => request.url);
    expect(first?.pathname).toBe('/backend-api/conversations/c-small');
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      include_has_versions: 'true',
      num_turns: '100',
    });
    expect(second?.searchParams.get('before')).toBe('cur-m6');
  });

  it('asks for no older page when told not to, leaving the load incomplete without an error', async () => {
    const { client, backendRequests } = clientOver(smallServer);
    const loaded = await loadConversationPages(client, 'c-small', { olderPages: false });
    expect(loaded).toMatchObject({ complete: false, error: null, requests: 1 });
    expect(loaded.pages).toEqual(smallPages().slice(0, 1));
    expect(backendRequests()).toHaveLength(1);
  });

  it('refreshes only the newest page of held pages that stop short when told not to ask for older ones', async () => {
    const { client, backendRequests } = clientOver(smallServer);
    const loaded = await loadConversationPages(client, 'c-small', {
      heldPages: smallPages().slice(0, 1),
      newestHeldIsCurrent: false,
      olderPages: false,
    });
    expect(loaded).toMatchObject({ complete: false, error: null, requests: 1 });
    expect(loaded.pages).toEqual(smallPages().slice(0, 1));
    const requests = backendRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.searchParams.has('before')).toBe(false);
  });

  it('stops at a repeated cursor with an error naming the page, keeping the pages loaded', async () => {
    const answers = [page(['a'], 'c1', true), page(['b'], 'c1', true)];
    const { client } = clientOver(() => jsonResponse(answers.shift() ?? page(['z'], 'c9', false)));
    const loaded = await loadConversationPages(client, 'c1');
    expect(loaded.error).toMatchObject({
      code: 'paging-loop',
      message: expect.stringMatching(/^Page 3 .*repeat/),
    });
    expect(loaded.pages).toHaveLength(2);
    expect(loaded.requests).toBe(2);
    expect(loaded.complete).toBe(false);
  });

  it('stops at a page that adds no message', async () => {
    const answers = [page(['a', 'b'], 'c1', true), page(['a'], 'c2', true)];
    const { client } = clientOver(() => jsonResponse(answers.shift()));
    const loaded = await loadConversationPages(client, 'c1');
    expect(loaded.error).toMatchObject({
      code: 'paging-loop',
      message: expect.stringMatching(/^Page 2 .*adds no new message/),
    });
    expect(loaded.pages).toHaveLength(1);
  });

  it('stops when older messages exist but no cursor is given', async () => {
    const { client } = clientOver(() => jsonResponse(page(['a'], null, true)));
    const loaded = await loadConversationPages(client, 'c1');
    expect(loaded.error).toMatchObject({
      code: 'unexpected-shape',
      message: expect.stringMatching(/no start_cursor/),
    });
    expect(loaded.pages).toHaveLength(1);
  });

  it('keeps the pages loaded before a 429 and reports the wait', async () => {
    const { client, clock } = clientOver(({ url }) =>
      url.searchParams.has('before')
        ? jsonResponse({}, 429, { 'retry-after': '60' })
        : smallServer({ url, authorization: null }),
    );
    const loaded = await loadConversationPages(client, 'c-small');
    expect(loaded.pages).toEqual(smallPages().slice(0, 1));
    expect(loaded.error).toMatchObject({ code: 'rate-limited', retryAt: clock.now() + 60_000 });
    expect(loaded.error?.message).toMatch(/^Page 2 of conversation c-small/);
  });

  it('reports a first request that fails with nothing loaded', async () => {
    const { client } = clientOver(() => new Response('not json'));
    const loaded = await loadConversationPages(client, 'c1');
    expect(loaded).toMatchObject({ pages: [], complete: false, error: { code: 'malformed-json' } });
  });

  it('keeps held pages when the refresh itself fails', async () => {
    const { client } = clientOver(() => jsonResponse({}, 503));
    const loaded = await loadConversationPages(client, 'c-small', { heldPages: smallPages() });
    expect(loaded.pages).toEqual(smallPages());
    expect(loaded.error).toMatchObject({ code: 'server' });
  });

  it('drops unreadable held pages with a warning', async () => {
    const { client } = clientOver(smallServer);
    const loaded = await loadConversationPages(client, 'c-small', { heldPages: ['junk', ...smallPages()] });
    expect(loaded.warnings).toEqual([expect.stringMatching(/^Held page 1 was dropped/)]);
    expect(loaded.complete).toBe(true);
  });
});
