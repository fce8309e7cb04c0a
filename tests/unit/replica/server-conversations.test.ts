import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, messagesPath } from '@/tests/replica/fixtures/fixture-helpers';
import { activePath } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, call, json } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica({ slowMs: 250 });
});
afterAll(() => replica.close());

interface MessagesBody {
  messages: Array<{ id: string; recipient: string; author: { name: string | null } }>;
  page_info: { start_cursor: string | null; has_previous_page: boolean };
}

async function loadAllPages(id: string): Promise<MessagesBody[]> {
  const pages: MessagesBody[] = [];
  let before: string | undefined;
  for (;;) {
    const response = await call(replica, messagesPath(id, before), { headers: asPage(replica) });
    expect(response.status).toBe(200);
    const body = json(response) as unknown as MessagesBody;
    pages.push(body);
    if (!body.page_info.has_previous_page) return pages;
    before = body.page_info.start_cursor ?? undefined;
  }
}

describe('messages path (site-interface 4.1)', () => {
  it('pages the long history in at least three pages holding every message once', async () => {
    const pages = await loadAllPages(FIXTURE_IDS.longHistory);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const ids = pages.flatMap((page) => page.messages.map((message) => message.id));
    const expected = activePath(fixture('longHistory')).map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(expected.sort());
  });

  it('answers 400 to a cursor it never gave out', async () => {
    const response = await call(replica, messagesPath(FIXTURE_IDS.plain, 'bm90LWEtY3Vyc29y'), {
      headers: asPage(replica),
    });
    expect(response.status).toBe(400);
  });

  it('answers the malformed scenario with 200, a JSON content type and a cut-off body', async () => {
    const response = await call(replica, messagesPath(FIXTURE_IDS.malformed), { headers: asPage(replica) });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.text.startsWith('{"title": "Broken"')).toBe(true);
    expect(() => JSON.parse(response.text)).toThrow();
  });

  it('carries unknown top-level keys in the extra-keys scenario', async () => {
    const body = json(await call(replica, messagesPath(FIXTURE_IDS.extraKeys), { headers: asPage(replica) }));
    expect(body).toHaveProperty('future_flag');
    expect(body).toHaveProperty('experiments');
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const response = await call(replica, messagesPath('00000000-0000-4000-8000-000000000000'), {
      headers: asPage(replica),
    });
    expect(response.status).toBe(404);
  });
});

describe('tree path (site-interface 4.2)', () => {
  it('lacks the web.run messages the messages path carries', async () => {
    const [page] = await loadAllPages(FIXTURE_IDS.webSearch);
    const webRun = (page?.messages ?? []).filter(
      (message) => message.recipient === 'web.run' || message.author.name === 'web.run',
    );
    expect(webRun.length).toBeGreaterThan(0);
    const tree = json(
      await call(replica, `/backend-api/conversation/${FIXTURE_IDS.webSearch}`, { headers: asPage(replica) }),
    );
    const mapping = tree.mapping as Record<string, unknown>;
    for (const message of webRun) expect(mapping[message.id]).toBeUndefined();
    expect(tree.conversation_id).toBe(FIXTURE_IDS.webSearch);
  });

  it('answers 404 with a detail in the tree-missing scenario, while the messages path serves', async () => {
    const tree = await call(replica, `/backend-api/conversation/${FIXTURE_IDS.treeMissing}`, {
      headers: asPage(replica),
    });
    expect(tree.status).toBe(404);
    expect(json(tree)).toHaveProperty('detail');
    const messages = await call(replica, messagesPath(FIXTURE_IDS.treeMissing), { headers: asPage(replica) });
    expect(messages.status).toBe(200);
  });

  it('answers 404 when an override removes the tree at run time', async () => {
    replica.setOverride(FIXTURE_IDS.plain, { treeMissing: true });
    const path = `/backend-api/conversation/${FIXTURE_IDS.plain}`;
    expect((await call(replica, path, { headers: asPage(replica) })).status).toBe(404);
    replica.setOverride(FIXTURE_IDS.plain, null);
    expect((await call(replica, path, { headers: asPage(replica) })).status).toBe(200);
  });
});

describe('ads, account and slow responses (site-interface 4.3 and site-interface 4.6)', () => {
  it('serves ads into the ads conversation and none elsewhere', async () => {
    const withAds = json(
      await call(replica, `/backend-api/bazaar/conversation/${FIXTURE_IDS.ads}/ads`, {
        headers: asPage(replica),
      }),
    );
    const without = json(
      await call(replica, `/backend-api/bazaar/conversation/${FIXTURE_IDS.plain}/ads`, {
        headers: asPage(replica),
      }),
    );
    expect(Object.keys(withAds.entries_by_turn_id as object).length).toBeGreaterThan(0);
    expect(without.entries_by_turn_id).toEqual({});
  });

  it('serves the account with its ads segment', async () => {
    const me = json(await call(replica, '/backend-api/me', { headers: asPage(replica) }));
    expect(me).toHaveProperty('ads_segment_id');
  });

  it('delays every backend response of the slow conversation', async () => {
    const started = Date.now();
    const response = await call(replica, `/backend-api/conversation/${FIXTURE_IDS.slow}/stream_status`, {
      headers: asPage(replica),
    });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe('the history as the page reads it since autumn 2026 (site-interface 10.13)', () => {
  const batch = (ids: string[]) =>
    call(replica, '/backend-api/conversations/batch', {
      method: 'POST',
      headers: { ...asPage(replica), 'content-type': 'application/json' },
      body: JSON.stringify({ conversation_ids: ids }),
    });

  it('answers a batch with whole trees, their search messages kept, leaving out what it cannot give', async () => {
    const response = await batch([FIXTURE_IDS.webSearch, 'no-such-conversation', FIXTURE_IDS.plain]);
    expect(response.status).toBe(200);
    const trees = JSON.parse(response.text) as Array<{ id: string; mapping: Record<string, unknown> }>;
    expect(trees.map((tree) => tree.id)).toEqual([FIXTURE_IDS.webSearch, FIXTURE_IDS.plain]);
    const stored = fixture('webSearch');
    expect(Object.keys(trees[0]?.mapping ?? {}).sort()).toEqual(Object.keys(stored.mapping).sort());
  });

  it('refuses more than ten ids with 422', async () => {
    expect((await batch(Array.from({ length: 11 }, (_, index) => `c${index}`))).status).toBe(422);
  });

  it('pages older turns on their own path, ten turns a page', async () => {
    const id = FIXTURE_IDS.longHistory;
    const newest = json(
      await call(replica, messagesPath(id), { headers: asPage(replica) }),
    ) as unknown as MessagesBody;
    const cursor = newest.page_info.start_cursor ?? '';
    const older = await call(
      replica,
      `/backend-api/conversations/${id}/messages?before=${encodeURIComponent(cursor)}`,
      {
        headers: asPage(replica),
      },
    );
    expect(older.status).toBe(200);
    const body = json(older) as unknown as MessagesBody;
    expect(body.messages.length).toBeGreaterThan(0);
    const newestIds = new Set(newest.messages.map((message) => message.id));
    expect(body.messages.some((message) => newestIds.has(message.id))).toBe(false);
  });
});
