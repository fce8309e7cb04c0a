import type {
  RateLimitedPath,
  RateLimitRule,
  RequestOrigin,
  Scenario,
} from '@/tests/replica/fixtures/scenarios';
import { type FaultPath, isReplicaFault, type ReplicaFault, RuleCounter, ruleMatches } from './faults';

export type { RateLimitedPath, RateLimitRule, RequestOrigin } from '@/tests/replica/fixtures/scenarios';
export type { FaultPath, ReplicaFault } from './faults';

/**
 * A change of behaviour for one conversation at run time. Set for a conversation id, or for '*' to
 * apply to every request (including those that name no conversation, such as /backend-api/me).
 */
export interface ReplicaOverride {
  /** Replaces the scenario's own rule; its counter starts afresh. */
  rateLimit?: RateLimitRule;
  /** Every backend response of the conversation waits this long first. */
  delayMs?: number;
  /** The tree path answers 404. */
  treeMissing?: boolean;
  /** The batch read leaves the conversation out of its answer (site-interface 10.13). */
  leftOutOfBatch?: boolean;
  /** An answer's pieces wait this long each, not the replica's usual pause: 0 streams a whole answer at once. */
  answerPauseMs?: number;
  /**
   * An answer being made stops before its next piece of text and waits there until this is cleared (what
   * comes before the text, a search's queries, still streams): a test looks mid-answer for as long as it
   * needs, however slow the machine.
   */
  answerHeld?: boolean;
  /** Something goes wrong on the way (faults.ts); its counter starts afresh. */
  fault?: ReplicaFault;
  /**
   * Where a live answer handed off goes on: 'resume-sse', the resume call's gzip SSE (site-interface
   * 10.15), in place of the scenario's WebSocket topic.
   */
  handoff?: 'resume-sse';
}

export const ANY_CONVERSATION = '*';

interface ActiveRule {
  key: string;
  rule: RateLimitRule;
}

/** Decides which requests answer 429 (site-interface 7), from overrides first and the scenario second. */
export class RateLimiter {
  private counter = new RuleCounter();

  constructor(
    private readonly overrides: ReadonlyMap<string, ReplicaOverride>,
    private readonly scenarioOf: (conversationId: string) => Scenario | undefined,
  ) {}

  /** The rule to answer this request with a 429, or null to answer it normally. Counts the 429. */
  check(
    conversationId: string | null,
    path: RateLimitedPath,
    origin: RequestOrigin,
    now: number,
  ): RateLimitRule | null {
    const active = this.activeRules(conversationId).find(
      ({ rule }) => ruleMatches(rule, path, origin) && (rule.untilMs === undefined || now < rule.untilMs),
    );
    return active && this.counter.take(active.key, active.rule) ? active.rule : null;
  }

  /** Forget how many 429s a rule has answered (its override changed). */
  restart(conversationId: string): void {
    this.counter.forget(`override:${conversationId}`);
  }

  reset(): void {
    this.counter.reset();
  }

  private activeRules(conversationId: string | null): ActiveRule[] {
    const rules: ActiveRule[] = [];
    const own = conversationId === null ? undefined : this.overrides.get(conversationId)?.rateLimit;
    if (conversationId !== null && own) rules.push({ key: `override:${conversationId}`, rule: own });
    const anyRule = this.overrides.get(ANY_CONVERSATION)?.rateLimit;
    if (anyRule) rules.push({ key: `override:${ANY_CONVERSATION}`, rule: anyRule });
    const scenarioRule =
      conversationId === null ? null : (this.scenarioOf(conversationId)?.rateLimit ?? null);
    if (conversationId !== null && !own && scenarioRule)
      rules.push({ key: `scenario:${conversationId}`, rule: scenarioRule });
    return rules;
  }
}

/** Decides which requests meet a fault, the conversation's own override first, then the one for '*'. */
export class FaultInjector {
  private counter = new RuleCounter();

  constructor(private readonly overrides: ReadonlyMap<string, ReplicaOverride>) {}

  /** The fault this request meets, or null. Counts it. */
  check(conversationId: string | null, path: FaultPath, origin: RequestOrigin): ReplicaFault | null {
    for (const key of conversationId === null ? [ANY_CONVERSATION] : [conversationId, ANY_CONVERSATION]) {
      const fault = this.overrides.get(key)?.fault;
      if (fault && ruleMatches(fault, path, origin) && this.counter.take(key, fault)) return fault;
    }
    return null;
  }

  /** Forget how many requests a fault has met (its override changed). */
  restart(conversationId: string): void {
    this.counter.forget(conversationId);
  }

  reset(): void {
    this.counter.reset();
  }
}

/** The Retry-After header of a 429 under a rule, if it has one. */
export function retryAfterHeader(rule: RateLimitRule, now: number): Record<string, string> {
  const seconds = rule.seconds ?? 2;
  switch (rule.retryAfter) {
    case 'seconds':
      return { 'retry-after': String(seconds) };
    case 'http-date':
      // An HTTP date has whole seconds; round up so the wait is never shorter than asked.
      return { 'retry-after': new Date(Math.ceil((now + seconds * 1000) / 1000) * 1000).toUTCString() };
    case 'none':
      return {};
  }
}

/** Checks a control-API body: an override object or null. */
export function parseOverride(body: unknown): ReplicaOverride | null | undefined {
  if (body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body)) return undefined;
  const candidate = body as Record<string, unknown>;
  const rule = candidate.rateLimit as Record<string, unknown> | undefined;
  if (rule !== undefined && !['seconds', 'http-date', 'none'].includes(String(rule?.retryAfter)))
    return undefined;
  if (rule?.untilMs !== undefined && typeof rule.untilMs !== 'number') return undefined;
  if (candidate.delayMs !== undefined && typeof candidate.delayMs !== 'number') return undefined;
  if (candidate.treeMissing !== undefined && typeof candidate.treeMissing !== 'boolean') return undefined;
  if (candidate.leftOutOfBatch !== undefined && typeof candidate.leftOutOfBatch !== 'boolean')
    return undefined;
  if (candidate.fault !== undefined && !isReplicaFault(candidate.fault)) return undefined;
  return candidate as ReplicaOverride;
}
