import { request } from 'node:https';
import type { FetchLike } from '@/lib/api/request-timeout';
import type { Replica } from '@/tests/replica/server';

/** A request the extension's code sent, as the replica received it, at the caller's clock. */
export interface SentRequest {
  path: string;
  at: number;
  status: number;
}

/**
 * A fetch over a running replica, as the worker's is over chatgpt.com: the same endpoints, statuses and
 * headers, with the extension's Sec-Fetch-Site. The session call answers the replica's token directly, as
 * the signed-in browser's cookie would. Each request is noted at `now`, so a virtual clock measures the gaps
 * between them while the replica answers in real time. `limit`, when given, answers a backend request in the
 * replica's place (an account's bucket, tests/support/account-bucket.ts), and is noted the same way.
 */
export function replicaFetch(
  replica: Replica,
  now: () => number,
  limit?: () => Response | null,
): { fetch: FetchLike; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetch: FetchLike = (url, init) => {
    const target = new URL(url);
    if (target.pathname === '/api/auth/session')
      return Promise.resolve(
        Response.json({ accessToken: replica.accessToken, expires: '2099-01-01T00:00:00Z' }),
      );
    const at = now();
    const limited = limit?.() ?? null;
    if (limited !== null) {
      sent.push({ path: `${target.pathname}${target.search}`, at, status: limited.status });
      return Promise.resolve(limited);
    }
    const headers: Record<string, string> = { host: 'chatgpt.com', 'sec-fetch-site': 'none' };
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: replica.port,
          servername: 'chatgpt.com',
          path: `${target.pathname}${target.search}`,
          method: init?.method ?? 'GET',
          headers,
          rejectUnauthorized: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            sent.push({ path: `${target.pathname}${target.search}`, at, status });
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers))
              if (typeof value === 'string') answerHeaders.set(name, value);
            resolve(new Response(Buffer.concat(chunks), { status, headers: answerHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(typeof init?.body === 'string' ? init.body : undefined);
    });
  };
  return { fetch, sent };
}
