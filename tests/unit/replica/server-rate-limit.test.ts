import { describe, expect, it } from 'vitest';
import { messagesPath } from '@/tests/replica/fixtures/fixture-helpers';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { asExtension, asPage, call, replicaPerFile } from './replica-client';

const served = replicaPerFile();

describe('429 scenarios (site-interface 7)', () => {
  it('answers the first extension request with Retry-After: 2, then normally', async () => {
    const first = await call(served.replica, messagesPath(FIXTURE_IDS.rateLimitSeconds), {
      headers: asExtension(served.replica),
    });
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('2');
    const second = await call(served.replica, messagesPath(FIXTURE_IDS.rateLimitSeconds), {
      headers: asExtension(served.replica),
    });
    expect(second.status).toBe(200);
  });

  it('gives an HTTP date about two seconds ahead in the date scenario', async () => {
    const response = await call(served.replica, messagesPath(FIXTURE_IDS.rateLimitDate), {
      headers: asExtension(served.replica),
    });
    expect(response.status).toBe(429);
    const waitMs = Date.parse(String(response.headers['retry-after'])) - Date.now();
    expect(waitMs).toBeGreaterThan(1_000);
    expect(waitMs).toBeLessThanOrEqual(3_000);
  });

  it('sends no Retry-After in the plain scenario', async () => {
    const response = await call(served.replica, messagesPath(FIXTURE_IDS.rateLimitPlain), {
      headers: asExtension(served.replica),
    });
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it("never limits the page's own requests, and does not spend the extension's 429 on them", async () => {
    for (let round = 0; round < 3; round += 1) {
      const page = await call(served.replica, messagesPath(FIXTURE_IDS.rateLimitSeconds), {
        headers: asPage(served.replica),
      });
      expect(page.status).toBe(200);
    }
    const extension = await call(served.replica, messagesPath(FIXTURE_IDS.rateLimitSeconds), {
      headers: asExtension(served.replica),
    });
    expect(extension.status).toBe(429);
  });

  it('limits only the messages path in the scenarios', async () => {
    const tree = await call(served.replica, `/backend-api/conversation/${FIXTURE_IDS.rateLimitSeconds}`, {
      headers: asExtension(served.replica),
    });
    expect(tree.status).toBe(200);
  });
});

describe('rate-limit overrides', () => {
  it('limit any conversation at run time, for the given times and paths, for page and extension alike', async () => {
    served.replica.setOverride(FIXTURE_IDS.plain, {
      rateLimit: { retryAfter: 'seconds', seconds: 7, times: 2, paths: ['tree'] },
    });
    const tree = `/backend-api/conversation/${FIXTURE_IDS.plain}`;
    const statuses = [];
    for (const headers of [asPage(served.replica), asExtension(served.replica), asPage(served.replica)]) {
      statuses.push((await call(served.replica, tree, { headers })).status);
    }
    expect(statuses).toEqual([429, 429, 200]);
    expect(
      (await call(served.replica, messagesPath(FIXTURE_IDS.plain), { headers: asPage(served.replica) }))
        .status,
    ).toBe(200);
  });

  it('can be set through the control API and removed with null', async () => {
    const set = await call(served.replica, `/__replica/override/${FIXTURE_IDS.plain}`, {
      method: 'POST',
      body: JSON.stringify({ rateLimit: { retryAfter: 'none', paths: ['messages'] } }),
    });
    expect(set.status).toBe(200);
    expect(
      (await call(served.replica, messagesPath(FIXTURE_IDS.plain), { headers: asPage(served.replica) }))
        .status,
    ).toBe(429);
    await call(served.replica, `/__replica/override/${FIXTURE_IDS.plain}`, { method: 'POST', body: 'null' });
    expect(
      (await call(served.replica, messagesPath(FIXTURE_IDS.plain), { headers: asPage(served.replica) }))
        .status,
    ).toBe(200);
  });

  it("apply to requests that name no conversation, such as /me and product_update, with '*'", async () => {
    served.replica.setOverride('*', { rateLimit: { retryAfter: 'seconds', paths: ['me', 'product'] } });
    expect((await call(served.replica, '/backend-api/me', { headers: asPage(served.replica) })).status).toBe(
      429,
    );
    const product = await call(served.replica, '/backend-api/search/product_update', {
      method: 'POST',
      headers: asPage(served.replica),
      body: JSON.stringify({ product_query: {}, product_lookup_key: {} }),
    });
    expect(product.status).toBe(429);
  });

  it('refuses a body that is not an override', async () => {
    const response = await call(served.replica, `/__replica/override/${FIXTURE_IDS.plain}`, {
      method: 'POST',
      body: JSON.stringify({ rateLimit: { retryAfter: 'sometimes' } }),
    });
    expect(response.status).toBe(400);
  });
});
