import { describe, expect, it } from 'vitest';
import { onlyWithSiteAccess } from '@/lens/runtime/worker/site-access-fetch';
import { createRateGovernor } from '@/lib/api/rate-governor';
import type { FetchLike } from '@/lib/api/request-timeout';

const SESSION_URL = 'https://chatgpt.com/api/auth/session';

/** A stand-in for chatgpt.com that keeps every URL it was sent. */
function site(): { fetch: FetchLike; received: string[] } {
  const received: string[] = [];
  return {
    received,
    fetch: async (url) => {
      received.push(url);
      return new Response('{}', { status: 200 });
    },
  };
}

describe('onlyWithSiteAccess', () => {
  it('sends nothing while access is off, and the governed request fails as a typed network error', async () => {
    const chat = site();
    const fetch = onlyWithSiteAccess(chat.fetch, async () => false);
    const governor = createRateGovernor({ now: () => 0 });
    const result = await governor.run(() => fetch(SESSION_URL));
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(result.ok ? '' : result.error.message).toContain('chatgpt.com access is off');
    expect(chat.received).toEqual([]);
    expect(governor.state().strikes).toBe(0);
  });

  it('sends the request as it is once access is on', async () => {
    const chat = site();
    let granted = false;
    const fetch = onlyWithSiteAccess(chat.fetch, async () => granted);
    await expect(fetch(SESSION_URL)).rejects.toThrow('chatgpt.com access is off');
    granted = true;
    const response = await fetch(SESSION_URL);
    expect(response.status).toBe(200);
    expect(chat.received).toEqual([SESSION_URL]);
  });
});
