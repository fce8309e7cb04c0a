import { describe, expect, it } from 'vitest';
import { messagesPath } from '@/tests/replica/fixtures/fixture-helpers';
import type { RateLimitRule } from '@/tests/replica/server';
import { asExtension, asPage, call, json, replicaPerFile, type WireResponse } from './replica-client';

const served = replicaPerFile();

const LIST = '/backend-api/conversations?offset=0&limit=100&order=updated';

const asked = (path: string, headers = asExtension(served.replica)): Promise<WireResponse> =>
  call(served.replica, path, { headers });

/** The first generated conversation of an account without the scenarios whose messages answer. */
async function generatedThatAnswers(): Promise<string> {
  const { items } = json(await asked(LIST)) as { items: Array<{ id: string }> };
  for (const { id } of items) if ((await asked(messagesPath(id))).status === 200) return id;
  throw new Error('no generated conversation answers');
}

const storm = (
  retryAfter: RateLimitRule['retryAfter'],
  extra: Partial<RateLimitRule> = {},
): RateLimitRule => ({
  retryAfter,
  seconds: 3,
  paths: ['list', 'messages'],
  origins: ['extension'],
  ...extra,
});

/** site-interface 10.7: a run over the whole account meets a storm of 429s on the list and the messages. */
describe('a storm of 429s over the whole account (site-interface 7)', () => {
  it.each([
    ['seconds', (value: unknown) => expect(value).toBe('3')],
    ['http-date', (value: unknown) => expect(new Date(String(value)).toUTCString()).toBe(value)],
    ['none', (value: unknown) => expect(value).toBeUndefined()],
  ] as const)(
    'answers the list and the generated conversations with N 429s (Retry-After %s), then normally',
    async (retryAfter, expectHeader) => {
      served.replica.setAccount({ generated: 60, scenarios: false });
      const generated = await generatedThatAnswers();
      served.replica.setOverride('*', { rateLimit: storm(retryAfter, { times: 4 }) });
      const during = [
        await asked(LIST),
        await asked(messagesPath(generated)),
        await asked(LIST),
        await asked(messagesPath(generated)),
      ];
      expect(during.map((response) => response.status)).toEqual([429, 429, 429, 429]);
      for (const response of during) expectHeader(response.headers['retry-after']);
      expect((await asked(LIST)).status).toBe(200);
      expect((await asked(messagesPath(generated))).status).toBe(200);
    },
  );

  it("spends none of the storm on the page's own requests", async () => {
    served.replica.setAccount({ generated: 60, scenarios: false });
    const generated = await generatedThatAnswers();
    served.replica.setOverride('*', { rateLimit: storm('seconds', { times: 1 }) });
    expect((await asked(messagesPath(generated), asPage(served.replica))).status).toBe(200);
    expect((await asked(LIST, asPage(served.replica))).status).toBe(200);
    expect((await asked(messagesPath(generated))).status).toBe(429);
    expect((await asked(messagesPath(generated))).status).toBe(200);
  });

  it('lasts until its end time when it is given one, then answers normally', async () => {
    served.replica.setAccount({ generated: 60, scenarios: false });
    const generated = await generatedThatAnswers();
    const untilMs = Date.now() + 1_500;
    served.replica.setOverride('*', { rateLimit: storm('seconds', { untilMs }) });
    const statuses = [];
    for (let round = 0; round < 3; round += 1) statuses.push((await asked(messagesPath(generated))).status);
    expect(statuses).toEqual([429, 429, 429]);
    while (Date.now() <= untilMs)
      await new Promise((resolve) => setTimeout(resolve, untilMs + 10 - Date.now()));
    expect((await asked(LIST)).status).toBe(200);
    expect((await asked(messagesPath(generated))).status).toBe(200);
  });

  it('is set through the control API like any override, an end time included', async () => {
    const set = await call(served.replica, '/__replica/override/*', {
      method: 'POST',
      body: JSON.stringify({ rateLimit: storm('none', { times: 1, untilMs: Date.now() + 60_000 }) }),
    });
    expect(set.status).toBe(200);
    expect((await asked(LIST)).status).toBe(429);
    const refused = await call(served.replica, '/__replica/override/*', {
      method: 'POST',
      body: JSON.stringify({ rateLimit: storm('none', { untilMs: 'soon' as unknown as number }) }),
    });
    expect(refused.status).toBe(400);
  });

  it('leaves each 429 in the request log with its arrival time, in the order they came', async () => {
    served.replica.setAccount({ generated: 60, scenarios: false });
    const generated = await generatedThatAnswers();
    served.replica.clearRequests();
    served.replica.setOverride('*', { rateLimit: storm('seconds', { times: 2 }) });
    await asked(LIST);
    await asked(messagesPath(generated));
    await asked(messagesPath(generated));
    const log = served.replica.requests({ origin: 'extension' });
    expect(log.map((record) => record.status)).toEqual([429, 429, 200]);
    expect(log.map((record) => record.path)).toEqual([
      LIST,
      messagesPath(generated),
      messagesPath(generated),
    ]);
    expect(served.replica.requests({ status: 429 })).toEqual(log.slice(0, 2));
    const times = log.map((record) => record.time);
    expect(times.every(Number.isInteger)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
