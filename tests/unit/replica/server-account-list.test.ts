import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECTS } from '@/tests/replica/fixtures/account-history';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asExtension, call, json } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
beforeEach(() => replica.setAccount({ generated: 300, scenarios: true }));
afterAll(() => replica.close());

interface ListPage {
  items: Array<{ id: string; update_time: string; is_archived: boolean; gizmo_id: string | null }>;
  total: number;
  limit: number;
  offset: number;
}

const list = async (query: string): Promise<ListPage> => {
  const response = await call(replica, `/backend-api/conversations?${query}`, {
    headers: asExtension(replica),
  });
  return json(response) as unknown as ListPage;
};

/** site-interface 10.7: the account's history as the replica pages it. */
describe('the conversation list', () => {
  it('pages the history by offset, newest update first, with its total', async () => {
    const first = await list('offset=0&limit=100&order=updated');
    expect(first.limit).toBe(100);
    expect(first.items).toHaveLength(100);
    const seen: string[] = [];
    for (let offset = 0; offset < first.total; offset += 100)
      seen.push(...(await list(`offset=${offset}&limit=100&order=updated`)).items.map((item) => item.id));
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(seen.length);
    // Every scenario is there, none archived or in a project.
    for (const id of Object.keys(SCENARIOS)) expect(seen).toContain(id);
    const times = first.items.map((item) => Date.parse(item.update_time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await list(`offset=${first.total}&limit=100`)).items).toEqual([]);
  });

  it('refuses a limit above 100 with 422', async () => {
    const response = await call(replica, '/backend-api/conversations?offset=0&limit=101', {
      headers: asExtension(replica),
    });
    expect(response.status).toBe(422);
  });

  it('lists the archived ones only when asked for, and the projects under their own paths', async () => {
    const archived = await list('offset=0&limit=100&is_archived=true');
    expect(archived.total).toBe(6);
    expect(archived.items.every((item) => item.is_archived)).toBe(true);
    const sidebar = (await json(
      await call(replica, '/backend-api/gizmos/snorlax/sidebar', { headers: asExtension(replica) }),
    )) as { items: Array<{ gizmo: { gizmo: { id: string } } }> };
    expect(sidebar.items.map((item) => item.gizmo.gizmo.id)).toEqual(PROJECTS.map((project) => project.id));
    const ids: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = (await json(
        await call(replica, `/backend-api/gizmos/${PROJECTS[0].id}/conversations?cursor=${cursor}`, {
          headers: asExtension(replica),
        }),
      )) as { items: Array<{ id: string; gizmo_id: string }>; cursor: string | null };
      ids.push(...page.items.map((item) => item.id));
      expect(page.items.every((item) => item.gizmo_id === PROJECTS[0].id)).toBe(true);
      cursor = page.cursor;
    }
    expect(ids).toHaveLength(15);
    const main = await list('offset=0&limit=100');
    expect(main.items.some((item) => ids.includes(item.id))).toBe(false);
  });

  it('serves each listed conversation, some broken with 404 or 500, and needs the token', async () => {
    const { items } = await list('offset=0&limit=100&order=updated');
    const statuses = await Promise.all(
      items.map(
        async (item) =>
          (
            await call(replica, `/backend-api/conversations/${item.id}?num_turns=100`, {
              headers: asExtension(replica),
            })
          ).status,
      ),
    );
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(90);
    expect(statuses).toContain(404);
    expect(statuses).toContain(500);
    expect((await call(replica, '/backend-api/conversations?offset=0&limit=10')).status).toBe(401);
  });

  it('lists only the generated conversations of an account without the scenarios, set in code or by the control API', async () => {
    replica.setAccount({ generated: 120, scenarios: false });
    const ids: string[] = [];
    const first = await list('offset=0&limit=100&order=updated');
    for (let offset = 0; offset < first.total; offset += 100)
      ids.push(...(await list(`offset=${offset}&limit=100&order=updated`)).items.map((item) => item.id));
    // 120 generated: 30 in the two projects, 2 archived.
    expect(ids).toHaveLength(88);
    for (const id of Object.keys(SCENARIOS)) expect(ids).not.toContain(id);
    const set = await call(replica, '/__replica/account', {
      method: 'POST',
      body: JSON.stringify({ generated: 40, scenarios: true }),
    });
    expect(set.status).toBe(200);
    expect((await list('offset=0&limit=100')).total).toBe(Object.keys(SCENARIOS).length + 40 - 30);
    const refused = await call(replica, '/__replica/account', {
      method: 'POST',
      body: JSON.stringify({ generated: -1, scenarios: 'no' }),
    });
    expect(refused.status).toBe(400);
  });

  it('keeps setGeneratedCount as the size of an account with the scenarios', async () => {
    replica.setGeneratedCount(40);
    expect((await list('offset=0&limit=100')).total).toBe(Object.keys(SCENARIOS).length + 40 - 30);
  });
});
