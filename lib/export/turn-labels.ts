import type { Conversation } from '@/lib/model/conversation';
import { shortened } from './markdown-text';

/**
 * How a reader names a turn: numbered from 1 at the first question, with the question itself; the
 * messages before it (a system prompt, custom instructions) come "Before the first question". The JSON
 * and CSV exports give the 0-based index into `turns` instead (docs/export-format.md).
 */
export interface TurnLabel {
  /** 1 at the first question; null for what comes before it. */
  number: number | null;
  /** The user's question on one line, shortened; '' when it has no text. */
  question: string;
}

/** How much of a question the Markdown export shows where it names a turn (its queries, its ads). */
export const QUESTION_PREVIEW_LENGTH = 90;

/**
 * Labels of the turns in `turnIndexes` only: a 10,000-message conversation names just the few asked for.
 * A question is the text of the last message with the turn's user message id; with `questionLength` null
 * only the numbers are wanted, and every question is left ''.
 */
export function turnLabels(
  conversation: Conversation,
  turnIndexes: ReadonlySet<number>,
  questionLength: number | null,
): Map<number, TurnLabel> {
  const labels = new Map<number, TurnLabel>();
  if (turnIndexes.size === 0) return labels;
  const wanted = new Map<string, number>();
  let questionNumber = 0;
  conversation.turns.forEach((turn, index) => {
    if (turn.userMessageId !== null) questionNumber += 1;
    if (!turnIndexes.has(index)) return;
    labels.set(index, { number: turn.userMessageId === null ? null : questionNumber, question: '' });
    if (turn.userMessageId !== null) wanted.set(turn.userMessageId, index);
  });
  if (questionLength === null) return labels;
  // One pass over the messages with a map of the few wanted ids: no index of every message.
  for (const message of conversation.messages) {
    const index = wanted.get(message.id);
    const label = index === undefined ? undefined : labels.get(index);
    if (label !== undefined) label.question = shortened(message.text, questionLength);
  }
  return labels;
}

/** "Turn 3: Which headphones…", "Turn 3", or "Before the first question"; `quote` makes the question safe. */
export function turnLabelText(label: TurnLabel, quote: (text: string) => string = (text) => text): string {
  if (label.number === null) return 'Before the first question';
  return label.question === '' ? `Turn ${label.number}` : `Turn ${label.number}: ${quote(label.question)}`;
}
