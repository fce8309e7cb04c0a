import { conversationPageUrl } from '@/lib/capture/endpoint';
import { type CONVERSATION_COLUMNS, conversationCells } from './conversation-columns';
import type { KeptConversation, KeptTurn } from './kept-record';
import type { RowScope } from './library-filter';
import type { RowOf } from './table-column';

/**
 * The columns that name a row's conversation, first in the query, ad and offer tables, as in the files
 * (conversation-columns.ts); its URL is the row's link.
 */
export type ConversationColumns = RowOf<typeof CONVERSATION_COLUMNS>;

/** What every row of a conversation shows of it and filters by, worked out once per conversation. */
export interface GridConversation {
  id: string;
  title: string | null;
  url: string;
  columns: ConversationColumns;
  createdAt: number | null;
  models: readonly string[];
}

/** A kept record read for the page's grids, with what each of its rows repeats of its conversation. */
export interface GridRecord<Conversation> {
  record: Conversation;
  conversation: GridConversation;
}

export function gridConversationOf(record: KeptConversation): GridConversation {
  const url = conversationPageUrl(record.id);
  return {
    id: record.id,
    title: record.title,
    url,
    columns: conversationCells(record),
    createdAt: record.createdAt,
    models: record.models,
  };
}

/** A row's scope: its turn's time and model where it has a turn, else the conversation's. */
export const rowScope = (conversation: GridConversation, turn: KeptTurn | undefined): RowScope => ({
  conversationId: conversation.id,
  at: turn?.at ?? conversation.createdAt,
  model: turn?.model ?? null,
  conversationModels: conversation.models,
});
