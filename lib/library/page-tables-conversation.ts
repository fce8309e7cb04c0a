import { conversationPageUrl } from '@/lib/capture/endpoint';
import type { RowScope } from './library-filter';
import type { LibraryConversation, LibraryTurn } from './library-record';

/** What every row of a conversation shows of it and filters by, worked out once per conversation. */
export interface TableConversation {
  id: string;
  title: string | null;
  /** Its page on the chat site, for the row's link. */
  url: string;
  createdAt: number | null;
  models: readonly string[];
}

export const tableConversationOf = (record: LibraryConversation): TableConversation => ({
  id: record.id,
  title: record.title,
  url: conversationPageUrl(record.id),
  createdAt: record.createdAt,
  models: record.models,
});

/** A row's scope: its turn's time and model where it has a turn, else the conversation's. */
export const rowScope = (conversation: TableConversation, turn: LibraryTurn | undefined): RowScope => ({
  conversationId: conversation.id,
  at: turn?.at ?? conversation.createdAt,
  model: turn?.model ?? null,
  conversationModels: conversation.models,
});
