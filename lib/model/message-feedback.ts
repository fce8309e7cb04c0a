import { isRecord, readIdentifier, readTimeMs } from './json-read';

/**
 * `message_feedback.json` of a data export (site-interface 10.8): the answers the user rated, one entry
 * each, `{message_id, conversation_id, user_id, rating: "thumbsUp" | "thumbsDown", content}`, `content`
 * being JSON text of tags. Read tolerantly: `feedback` stands for `rating`, a time is read in any of the
 * site's forms, and the user's id and the tags are not kept.
 */
export interface AnswerRating {
  messageId: string | null;
  /** `up` or `down` for the thumbs; another rating as it comes. */
  rating: string;
  ratedAt: number | null;
}

export interface MessageFeedback {
  /** The ratings of each conversation, by its id, in the file's order. */
  byConversation: ReadonlyMap<string, readonly AnswerRating[]>;
  /** Entries that named no conversation or no rating: counted, never fatal. */
  unreadable: number;
}

const THUMBS: Readonly<Record<string, string>> = {
  thumbsup: 'up',
  thumbs_up: 'up',
  up: 'up',
  '1': 'up',
  thumbsdown: 'down',
  thumbs_down: 'down',
  down: 'down',
  '-1': 'down',
};

function readRating(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text === '') return null;
  return THUMBS[text.toLowerCase()] ?? text;
}

/** The entries of the file: a list, or a list under one member of an object. */
function entriesOf(file: unknown): readonly unknown[] {
  if (Array.isArray(file)) return file;
  if (isRecord(file)) return Object.values(file).find(Array.isArray) ?? [];
  return [];
}

/** Never throws: what cannot be read of an entry is counted as unreadable. */
export function readMessageFeedback(file: unknown): MessageFeedback {
  const byConversation = new Map<string, AnswerRating[]>();
  let unreadable = 0;
  for (const entry of entriesOf(file)) {
    const conversationId = isRecord(entry) ? readIdentifier(entry.conversation_id) : null;
    const rating = isRecord(entry) ? readRating(entry.rating ?? entry.feedback) : null;
    if (!isRecord(entry) || conversationId === null || rating === null) {
      unreadable += 1;
      continue;
    }
    const ratings = byConversation.get(conversationId) ?? [];
    ratings.push({
      messageId: readIdentifier(entry.message_id),
      rating,
      ratedAt: readTimeMs(entry.create_time ?? entry.created_at ?? entry.update_time),
    });
    byConversation.set(conversationId, ratings);
  }
  return { byConversation, unreadable };
}
