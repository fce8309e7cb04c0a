import type { HistoryItem } from '@/tests/replica/fixtures/account-history';
import type { StoredConversation } from '@/tests/replica/fixtures/formats';
import { appendPromptTurn, finishAnswer, growAnswer } from './answer-stream';

/**
 * Conversations that change while a run over the whole account goes on: each one named gets a new update
 * time, later than any other conversation's, so it moves to the top of the list ordered by update
 * (site-interface 10.7), and its messages answer gains a turn.
 */
export class ConversationChanges {
  /** Epoch seconds, by conversation id. */
  private updateTimes = new Map<string, number>();
  private followUps = new Map<string, number>();
  private newest = 0;

  /**
   * The time of the next change: now in whole seconds, or one second past the newest time given or listed
   * when that is later, so each change lands strictly after every other (whole seconds, as the list's
   * ISO times and the messages answer's both show them alike).
   */
  stamp(conversationId: string, nowMs: number, newestListed: number): number {
    const time = Math.max(Math.floor(nowMs / 1000), this.newest + 1, Math.floor(newestListed) + 1);
    this.newest = time;
    this.updateTimes.set(conversationId, time);
    return time;
  }

  /** How many follow-ups the conversation has been given, this one counted. */
  nextFollowUp(conversationId: string): number {
    const number = (this.followUps.get(conversationId) ?? 0) + 1;
    this.followUps.set(conversationId, number);
    return number;
  }

  /** The item as the list shows it: with the time of its last change, if it changed. */
  listed(item: HistoryItem): HistoryItem {
    const updateTime = this.updateTimes.get(item.id);
    return updateTime === undefined ? item : { ...item, updateTime };
  }

  reset(): void {
    this.updateTimes.clear();
    this.followUps.clear();
    this.newest = 0;
  }
}

/**
 * A plain turn added at the end of the active branch, new message ids and all, finished, and the
 * conversation's update time set to `seconds`.
 */
export function appendFollowUp(conversation: StoredConversation, number: number, seconds: number): void {
  const turn = appendPromptTurn(
    conversation,
    {
      conversationId: conversation.id,
      prompt: `Follow-up question ${number}`,
      parentMessageId: null,
      userMessageId: null,
    },
    seconds * 1000,
  );
  growAnswer(turn.assistantMessage, `The answer to follow-up question ${number}.`, seconds * 1000);
  finishAnswer(turn.assistantMessage, true);
  conversation.updateTime = seconds;
}
