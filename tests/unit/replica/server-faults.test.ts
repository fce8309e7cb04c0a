import { describe, expect, it } from 'vitest';
import { messagesPath } from '@/tests/replica/fixtures/fixture-helpers';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { asExtension, asPage, call, json, replicaPerFile } from './replica-client';

const served = replicaPerFile();
const treePath = (id: string): string => `/backend-api/conversation/${id}`;

describe('faults set at run time', () => {
  it.each([401, 404, 500, 503])(
    'answers %i on the chosen path and origin only, with the site detail body',
    async (status) => {
      served.replica.setOverride(FIXTURE_IDS.plain, {
        fault: { kind: 'status', status, paths: ['messages'], origins: ['extension'] },
      });
      const faulty = await call(served.replica, messagesPath(FIXTURE_IDS.plain), {
        headers: asExtension(served.replica),
      });
      expect(faulty.status).toBe(status);
      expect(json(faulty)).toHaveProperty('detail');
      const page = await call(served.replica, messagesPath(FIXTURE_IDS.plain), {
        headers: asPage(served.replica),
      });
      expect(page.status).toBe(200);
      const tree = await call(served.replica, treePath(FIXTURE_IDS.plain), {
        headers: asExtension(served.replica),
      });
      expect(tree.status).toBe(200);
    },
  );

  it('stops after `times` requests, and starts counting afresh when set again', async () => {
    const fault = { kind: 'status', status: 503, times: 1 } as const;
    served.replica.setOverride(FIXTURE_IDS.plain, { fault });
    const statuses = async () =>
      (await call(served.replica, treePath(FIXTURE_IDS.plain), { headers: asPage(served.replica) })).status;
    expect([await statuses(), await statuses()]).toEqual([503, 200]);
    served.replica.setOverride(FIXTURE_IDS.plain, { fault });
    expect(await statuses()).toBe(503);
    served.replica.setOverride(FIXTURE_IDS.plain, null);
    expect(await statuses()).toBe(200);
  });

  it('answers 200 with JSON that stops half-way when malformed', async () => {
    served.replica.setOverride(FIXTURE_IDS.plain, { fault: { kind: 'malformed', paths: ['tree'] } });
    const response = await call(served.replica, treePath(FIXTURE_IDS.plain), {
      headers: asPage(served.replica),
    });
    expect(response.status).toBe(200);
    expect(response.cutOff).toBe(false);
    expect(() => JSON.parse(response.text)).toThrow(SyntaxError);
  });

  it("breaks the endpoint's own body off half-way when cut off", async () => {
    const whole = await call(served.replica, treePath(FIXTURE_IDS.plain), {
      headers: asPage(served.replica),
    });
    served.replica.setOverride(FIXTURE_IDS.plain, { fault: { kind: 'cut-off', paths: ['tree'] } });
    const cut = await call(served.replica, treePath(FIXTURE_IDS.plain), { headers: asPage(served.replica) });
    expect(cut.status).toBe(200);
    expect(cut.cutOff).toBe(true);
    expect(cut.text.length).toBeGreaterThan(0);
    expect(cut.text.length).toBeLessThan(whole.text.length);
    expect(whole.text.startsWith(cut.text)).toBe(true);
  });

  it('breaks a product_update event stream off half-way as well', async () => {
    served.replica.setOverride('*', { fault: { kind: 'cut-off', paths: ['product'] } });
    const response = await call(served.replica, '/backend-api/search/product_update', {
      method: 'POST',
      headers: asExtension(served.replica),
      body: JSON.stringify({ product_query: { search: ['kettle'] }, product_lookup_key: { data: 'k' } }),
    });
    expect(response.cutOff).toBe(true);
    expect(response.text).not.toContain('[DONE]');
  });

  it('answers late when slow, then as the endpoint does', async () => {
    served.replica.setOverride(FIXTURE_IDS.plain, {
      fault: { kind: 'slow', delayMs: 300, paths: ['messages'] },
    });
    const started = Date.now();
    const response = await call(served.replica, messagesPath(FIXTURE_IDS.plain), {
      headers: asExtension(served.replica),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(json(response).conversation_id).toBe(FIXTURE_IDS.plain);
  });

  it("drops the connection without an answer when disconnected, for every request with '*', the session too", async () => {
    served.replica.setOverride('*', { fault: { kind: 'disconnect' } });
    await expect(call(served.replica, '/api/auth/session')).rejects.toThrow();
    await expect(
      call(served.replica, '/backend-api/me', { headers: asExtension(served.replica) }),
    ).rejects.toThrow();
    await expect(
      call(served.replica, treePath(FIXTURE_IDS.plain), { headers: asPage(served.replica) }),
    ).rejects.toThrow();
    expect(
      served.replica.requests({ pathPrefix: '/backend-api/me' }).map((request) => request.status),
    ).toEqual([0]);
    served.replica.setOverride('*', null);
    expect(
      (await call(served.replica, '/backend-api/me', { headers: asExtension(served.replica) })).status,
    ).toBe(200);
  });

  it('refuses a fault it cannot play', async () => {
    for (const fault of [
      { kind: 'sometimes' },
      { kind: 'status' },
      { kind: 'slow' },
      { kind: 'status', status: 200 },
    ]) {
      const response = await call(served.replica, `/__replica/override/${FIXTURE_IDS.plain}`, {
        method: 'POST',
        body: JSON.stringify({ fault }),
      });
      expect(response.status).toBe(400);
    }
  });
});
