import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimitedPath, RequestOrigin } from '@/tests/replica/fixtures/scenarios';
import { pause, sendDetail, sendMalformedJson } from './http-helpers';

/** The endpoints a fault can hit: the rate-limited ones, and the session of the token (site-interface 5). */
export type FaultPath = RateLimitedPath | 'session';

/**
 * Something going wrong between the browser and the site, set at run time:
 * - 'status': the endpoint answers `status` (401, 404, 500, 503, ...) with the site's `{"detail"}` body;
 * - 'malformed': 200 with a JSON body that stops half-way (the transfer itself completes);
 * - 'cut-off': the endpoint's own answer, whose body breaks off half-way (the connection is dropped);
 * - 'slow': the endpoint's own answer, after `delayMs`;
 * - 'disconnect': the connection is dropped before any answer, as when the network is gone.
 */
export interface ReplicaFault {
  kind: 'status' | 'malformed' | 'cut-off' | 'slow' | 'disconnect';
  /** For 'status'. */
  status?: number;
  /** For 'slow'. */
  delayMs?: number;
  /** How many matching requests meet the fault before the endpoint answers normally (default: all). */
  times?: number;
  /** Which endpoints (default: all of them). */
  paths?: FaultPath[];
  /** Whose requests (default: everyone's). */
  origins?: RequestOrigin[];
}

const FAULT_KINDS: ReadonlySet<string> = new Set(['status', 'malformed', 'cut-off', 'slow', 'disconnect']);

/** Whether a control-API value is a fault the replica can play. */
export function isReplicaFault(value: unknown): value is ReplicaFault {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fault = value as Record<string, unknown>;
  if (!FAULT_KINDS.has(String(fault.kind))) return false;
  if (fault.kind === 'status' && !(typeof fault.status === 'number' && fault.status >= 400)) return false;
  if (fault.kind === 'slow' && typeof fault.delayMs !== 'number') return false;
  return fault.times === undefined || typeof fault.times === 'number';
}

/** The filter and counter shape a fault and a rate-limit rule share. */
export interface CountedRule<P extends string> {
  times?: number;
  paths?: P[];
  origins?: RequestOrigin[];
}

export function ruleMatches<P extends string>(rule: CountedRule<P>, path: P, origin: RequestOrigin): boolean {
  return (rule.paths ?? [path]).includes(path) && (rule.origins ?? [origin]).includes(origin);
}

/**
 * Counts the requests each rule (by key) answered, so a rule with `times` stops after that many. Answers
 * whether the rule applies to this request, counting it when it does.
 */
export class RuleCounter {
  private answered = new Map<string, number>();

  take(key: string, rule: CountedRule<string>): boolean {
    const count = this.answered.get(key) ?? 0;
    if (rule.times !== undefined && count >= rule.times) return false;
    this.answered.set(key, count + 1);
    return true;
  }

  forget(key: string): void {
    this.answered.delete(key);
  }

  reset(): void {
    this.answered.clear();
  }
}

/**
 * The first half of the first body chunk the endpoint writes reaches the browser, then the connection is
 * dropped: the body breaks off mid-way, whatever the endpoint (JSON, or an event stream).
 */
function breakOffMidway(response: ServerResponse): void {
  let broken = false;
  const write = response.write.bind(response);
  const writeHalf = (chunk: unknown): void => {
    if (broken) return;
    broken = true;
    const bytes = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? Buffer.from(chunk) : Buffer.alloc(0);
    write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    // A moment to let the half reach the socket before it is dropped.
    setTimeout(() => response.destroy(), 50);
  };
  response.write = ((chunk: unknown) => {
    writeHalf(chunk);
    return true;
  }) as ServerResponse['write'];
  response.end = ((chunk?: unknown) => {
    writeHalf(chunk);
    return response;
  }) as ServerResponse['end'];
}

async function drain(request: IncomingMessage): Promise<void> {
  for await (const _chunk of request);
}

/**
 * Plays a fault on a request. Answers true when the fault answered it itself; false when the endpoint
 * still answers (after the wait of a slow fault, or into a body that will break off).
 */
export async function playFault(
  fault: ReplicaFault,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  // A server that answers before reading the request body leaves it on the connection, which then
  // closes under the browser's next request (a POST is not retried): read it first, as the site does.
  if (fault.kind === 'status' || fault.kind === 'malformed') await drain(request);
  switch (fault.kind) {
    case 'status':
      sendDetail(response, fault.status ?? 500, `Injected fault: status ${fault.status ?? 500}`);
      return true;
    case 'malformed':
      sendMalformedJson(response);
      return true;
    case 'disconnect':
      response.socket?.destroy();
      response.destroy();
      return true;
    case 'slow':
      await pause(fault.delayMs ?? 0);
      return response.destroyed;
    case 'cut-off':
      breakOffMidway(response);
      return false;
  }
}
