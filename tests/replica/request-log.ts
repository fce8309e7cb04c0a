import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestOrigin } from '@/tests/replica/fixtures/scenarios';

export interface ReplicaRequestRecord {
  seq: number;
  /** Epoch ms when the request arrived. */
  time: number;
  method: string;
  /** Path and query string. */
  path: string;
  /** The response status (0 while no header has been sent yet). */
  status: number;
  /**
   * From Sec-Fetch-Site as Chromium sends it: 'same-origin' is the page, 'none' the extension, anything
   * else 'other'. Document loads (Sec-Fetch-Mode: navigate) are 'other' whatever their site. Firefox says
   * same-origin for an add-on's request to a host it may reach: there the add-on's requests count as 'page'.
   */
  origin: RequestOrigin;
  /** Carried `Authorization: Bearer <the replica's token>`. */
  authorized: boolean;
  /** From the path, else from the chat page the request came from (Referer /c/<id>). */
  conversationId: string | null;
  /** A batch read's (site-interface 10.13): the conversations its answer held; absent on any other request. */
  served?: string[];
}

export type RequestFilter = Partial<Pick<ReplicaRequestRecord, 'origin' | 'method' | 'status'>> & {
  pathPrefix?: string;
};

export function originOf(request: IncomingMessage): RequestOrigin {
  // A document load typed or opened by the browser also says Sec-Fetch-Site: none; it is neither the
  // page's script nor the extension.
  if (request.headers['sec-fetch-mode'] === 'navigate') return 'other';
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin') return 'page';
  if (site === 'none') return 'extension';
  return 'other';
}

interface Entry {
  record: Omit<ReplicaRequestRecord, 'status'>;
  response: ServerResponse | null;
  status: number;
}

/** Every request the replica answered, in arrival order, so tests can count the extension's own calls. */
export class RequestLog {
  private entries: Entry[] = [];
  private nextSeq = 1;

  add(
    request: IncomingMessage,
    details: { authorized: boolean; conversationId: string | null; now: number },
    response: ServerResponse | null,
    status = 0,
  ): void {
    this.entries.push({
      record: {
        seq: this.nextSeq++,
        time: details.now,
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        origin: originOf(request),
        authorized: details.authorized,
        conversationId: details.conversationId,
      },
      response,
      status,
    });
  }

  /** The conversations the answer `response` held (a batch read's), noted on its request's record. */
  noteServed(response: ServerResponse, served: string[]): void {
    const entry = this.entries.findLast((held) => held.response === response);
    if (entry !== undefined) entry.record.served = served;
  }

  list(filter: RequestFilter = {}): ReplicaRequestRecord[] {
    return this.entries
      .map(({ record, response, status }) => ({
        ...record,
        status: response ? (response.headersSent ? response.statusCode : 0) : status,
      }))
      .filter(
        (record) =>
          (filter.origin === undefined || record.origin === filter.origin) &&
          (filter.method === undefined || record.method === filter.method.toUpperCase()) &&
          (filter.status === undefined || record.status === filter.status) &&
          (filter.pathPrefix === undefined || record.path.startsWith(filter.pathPrefix)),
      );
  }

  clear(): void {
    this.entries = [];
  }
}
