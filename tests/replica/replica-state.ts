import {
  type AccountOptions,
  accountHistory,
  DEFAULT_ACCOUNT,
  generatedConversation,
  generatedHistoryItem,
  type HistoryItem,
} from '@/tests/replica/fixtures/account-history';
import { buildConversation } from '@/tests/replica/fixtures/conversation-builder';
import { getConversation, type StoredConversation } from '@/tests/replica/fixtures/formats';
import { SCENARIOS, type Scenario } from '@/tests/replica/fixtures/scenarios';
import { appendFollowUp, ConversationChanges } from './conversation-changes';
import { ANY_CONVERSATION, FaultInjector, RateLimiter, type ReplicaOverride } from './overrides';
import { RequestLog } from './request-log';
import type { ResumedAnswer } from './resumed-answer';
import { TestPages } from './test-pages';

/**
 * What one running replica remembers: its own copy of every conversation (prompts append to it), which
 * answers are streaming, the overrides and the request log.
 */
export class ReplicaState {
  readonly log = new RequestLog();
  readonly overrides = new Map<string, ReplicaOverride>();
  readonly rateLimiter = new RateLimiter(this.overrides, (id) => SCENARIOS[id]);
  readonly faults = new FaultInjector(this.overrides);
  readonly testPages = new TestPages();
  /** The answers handed off to the resume call, by conversation, until each is whole. */
  readonly resumedAnswers = new Map<string, ResumedAnswer>();
  private readonly changes = new ConversationChanges();
  private conversations = new Map<string, StoredConversation>();
  private streaming = new Set<string>();
  private account: AccountOptions = { ...DEFAULT_ACCOUNT };
  private listed: HistoryItem[] | null = null;

  /** The account's whole history, as the conversation list pages it (account-history.ts). */
  history(): HistoryItem[] {
    this.listed ??= accountHistory(this.account);
    return this.listed.map((item) => this.changes.listed(item));
  }

  /**
   * Each conversation named, in order, changes now: a follow-up turn in its messages and an update time
   * later than any other (conversation-changes.ts). An id the account does not hold is refused.
   */
  changeConversations(conversationIds: readonly string[], nowMs: number): void {
    const history = this.history();
    const unknown = conversationIds.filter(
      (id) => !history.some((item) => item.id === id) && this.conversation(id) === undefined,
    );
    if (unknown.length > 0) throw new RangeError(`The replica holds no conversation ${unknown.join(', ')}`);
    const newestListed = Math.max(0, ...history.map((item) => item.updateTime));
    for (const id of conversationIds) {
      const seconds = this.changes.stamp(id, nowMs, newestListed);
      const conversation = this.conversation(id);
      if (conversation) appendFollowUp(conversation, this.changes.nextFollowUp(id), seconds);
    }
  }

  /**
   * What the account's history lists. A scenario conversation left out of it still answers by its id: the
   * chat pages of the scenarios stay as they are.
   */
  setAccount(account: AccountOptions): void {
    this.account = { ...account };
    this.listed = null;
  }

  /** How many small generated conversations the account holds besides the scenarios. */
  setGeneratedCount(count: number): void {
    this.setAccount({ ...this.account, generated: count });
  }

  /** The status a broken generated conversation answers instead of itself, or null. */
  brokenStatus(conversationId: string): 404 | 500 | null {
    return (
      generatedHistoryItem(conversationId, this.account.generated, this.account.perProject)?.broken ?? null
    );
  }

  scenario(conversationId: string | null): Scenario | undefined {
    return conversationId === null ? undefined : SCENARIOS[conversationId];
  }

  conversation(conversationId: string): StoredConversation | undefined {
    let conversation = this.conversations.get(conversationId);
    if (!conversation) {
      const generated = generatedHistoryItem(conversationId, this.account.generated, this.account.perProject);
      conversation =
        generated === null
          ? getConversation(conversationId)
          : generated.broken === null
            ? generatedConversation(generated)
            : undefined;
      if (conversation) this.conversations.set(conversationId, conversation);
    }
    return conversation;
  }

  /**
   * A chat only its streams name, made on its first prompt: a signed-out one (site-interface 10.10), which
   * is in no history and which the backend's own paths do not serve to a guest; a temporary one, whose
   * formats say so; or a new one on a transient page (site-interface 10.12).
   */
  streamNamedConversation(
    conversationId: string,
    nowMs: number,
    kind: 'signed-out' | 'temporary' | 'new',
  ): StoredConversation {
    let conversation = this.conversations.get(conversationId);
    if (conversation === undefined) {
      conversation = buildConversation({
        id: conversationId,
        title: { temporary: 'Temporary chat', new: 'New chat', 'signed-out': 'Signed-out chat' }[kind],
        seed: 0x9e57,
        startTime: nowMs / 1000,
        model: 'gpt-5-mini',
        entries: [],
      });
      if (kind === 'temporary') conversation.temporary = true;
      this.conversations.set(conversationId, conversation);
    }
    return conversation;
  }

  isStreaming(conversationId: string): boolean {
    return this.streaming.has(conversationId);
  }

  setStreaming(conversationId: string, streaming: boolean): void {
    if (streaming) this.streaming.add(conversationId);
    else this.streaming.delete(conversationId);
    const conversation = this.conversations.get(conversationId);
    if (conversation !== undefined) conversation.answering = streaming;
  }

  override(conversationId: string | null): ReplicaOverride {
    const own = conversationId === null ? undefined : this.overrides.get(conversationId);
    return { ...this.overrides.get(ANY_CONVERSATION), ...own };
  }

  setOverride(conversationId: string, override: ReplicaOverride | null): void {
    if (override === null) this.overrides.delete(conversationId);
    else this.overrides.set(conversationId, override);
    this.rateLimiter.restart(conversationId);
    this.faults.restart(conversationId);
  }

  /** Back to the state right after start: fixtures as built, no overrides, empty log. */
  reset(): void {
    this.log.clear();
    this.overrides.clear();
    this.rateLimiter.reset();
    this.faults.reset();
    this.conversations.clear();
    this.changes.reset();
    this.streaming.clear();
    this.setAccount(DEFAULT_ACCOUNT);
  }
}
