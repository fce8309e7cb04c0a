import { request } from 'node:https';
import type { FetchLike } from '@/lib/api/request-timeout';
import type { Replica } from '@/tests/replica/server';

/** A request the extension's code sent, as the replica received it, at the caller's clock. */
export interface SentRequest {
  path: string;
  at: number;
  status: number;
  /**
   * The conversations whose body the answer held: the one a read alone asks for (site-interface 4.1, 10.13),
   * or each tree of a batch read's answer (site-interface 10.13).
   */
  served: string[];
}

const BATCH_PATH = '/backend-api/conversations/batch';

/** A read of one conversation (site-interface 4.1, its older turns of site-interface 10.13): its id. */
export function aloneReadOf(path: string): string | null {
  if (path.startsWith(BATCH_PATH)) return null;
  const id = /^\/backend-api\/conversations\/([^/?]+)/.exec(path)?.[1];
  return id === undefined ? null : decodeURIComponent(id);
}

/** The conversations an answer held: see SentRequest.served. */
function servedBy(path: string, status: number, body: Buffer): string[] {
  if (status !== 200) return [];
  if (!path.startsWith(BATCH_PATH)) {
    const id = aloneReadOf(path);
    return id === null ? [] : [id];
  }
  const trees: unknown = JSON.parse(body.toString('utf8'));
  return Array.isArray(trees)
    ? trees.flatMap((tree: { conversation_id?: unknown }) =>
        typeof tree.conversation_id === 'string' ? [tree.conversation_id] : [],
      )
    : [];
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
  limit?: (path: string) => Response | null,
): { fetch: FetchLike; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetch: FetchLike = (url, init) => {
    const target = new URL(url);
    if (target.pathname === '/api/auth/session')
      return Promise.resolve(
        Response.json({ accessToken: replica.accessToken, expires: '2099-01-01T00:00:00Z' }),
      );
    const at = now();
    const limited = limit?.(`${target.pathname}${target.search}`) ?? null;
    if (limited !== null) {
      sent.push({ path: `${target.pathname}${target.search}`, at, status: limited.status, served: [] });
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
            const body = Buffer.concat(chunks);
            const path = `${target.pathname}${target.search}`;
            sent.push({ path, at, status, served: servedBy(path, status, body) });
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers))
              if (typeof value === 'string') answerHeaders.set(name, value);
            resolve(new Response(body, { status, headers: answerHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(typeof init?.body === 'string' ? init.body : undefined);
    });
  };
  return { fetch, sent };
}
