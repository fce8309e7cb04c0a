import { conversationPageUrl } from '@/lib/capture/endpoint';
import type { KeptConversation } from './kept-record';
import type { RowOf } from './table-column';

/** The columns that name a row's conversation, first in every table, so the tables join on conversation_id. */
export const CONVERSATION_COLUMNS = [
  { name: 'conversation_id', type: 'string', meaning: 'the conversation id' },
  { name: 'conversation_title', type: 'string', meaning: 'its title; null when it has none' },
  { name: 'conversation_url', type: 'string', meaning: 'its page on chatgpt.com' },
] as const;

/**
 * When the row's conversation started: the joined table has it among its first columns; the ads and offers
 * tables, at their end (columns are only added, export-format "Team dataset").
 */
export const CONVERSATION_CREATED = {
  name: 'conversation_created',
  type: 'timestamp',
  meaning: 'when the conversation started',
} as const;

export const conversationCells = (conversation: KeptConversation): RowOf<typeof CONVERSATION_COLUMNS> => ({
  conversation_id: conversation.id,
  conversation_title: conversation.title,
  conversation_url: conversationPageUrl(conversation.id),
});

/** The cells of a row in no conversation (an ad of the account's history): each null. */
export const NO_CONVERSATION_CELLS: RowOf<typeof CONVERSATION_COLUMNS> = {
  conversation_id: null,
  conversation_title: null,
  conversation_url: null,
};
