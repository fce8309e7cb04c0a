import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Replica, startReplica } from '@/tests/replica/server';
import { call } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

describe('test page and reports', () => {
  it('serves the page a benchmark wrote, and nothing when none was', async () => {
    expect((await call(replica, '/__replica/test-page')).status).toBe(404);
    replica.setTestPage('<!doctype html><title>timing</title>');
    const page = await call(replica, '/__replica/test-page');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Cross-origin isolated: the page's clock is fine enough to time one call.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(page.text).toBe('<!doctype html><title>timing</title>');
    replica.setTestPage(null);
    expect((await call(replica, '/__replica/test-page')).status).toBe(404);
  });

  it('hands over each report once, in order, whether it came before or after it was asked for', async () => {
    const post = (body: string) => call(replica, '/__replica/report', { method: 'POST', body });
    await post('{"run":1}');
    expect(await replica.nextReport()).toEqual({ run: 1 });
    const second = replica.nextReport();
    await post('{"run":2}');
    await post('not json');
    expect(await second).toEqual({ run: 2 });
    expect(await replica.nextReport()).toBeUndefined();
  });

  it('logs neither as a request of the site', async () => {
    replica.clearRequests();
    await call(replica, '/__replica/test-page');
    await call(replica, '/__replica/report', { method: 'POST', body: '{}' });
    await replica.nextReport();
    expect(replica.requests()).toEqual([]);
  });
});
