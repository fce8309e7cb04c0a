import type { MessageAsset } from './message-assets';

/**
 * The normalized conversation: one model whichever format it came from (site-interface 2) and
 * also from a data-export file. Everything downstream (insights, export, UI) reads only this.
 */

/**
 * The format a message object was read from: "messages" or the "mapping" tree (site-interface 1), or the
 * answer stream that carried it (site-interface 10.6).
 */
export type ConversationFormat = 'messages' | 'tree' | 'stream';

export interface NormalizedMessage {
  id: string;
  /** The parent node, where the format gives one; null at the root or when unknown. */
  parentId: string | null;
  /** author.role: user, assistant, tool, system, ... ('unknown' when absent). */
  role: string;
  /** author.name, e.g. the tool's name ("web.run"). */
  authorName: string | null;
  /** Who the message is addressed to ("all", "web.run", ...). */
  recipient: string | null;
  /** content.content_type ('unknown' when absent). */
  contentType: string;
  /**
   * Every text part and a readable rendering of other content, an image part as its asset's line
   * (message-assets.ts); '' when there is nothing to show.
   */
  text: string;
  /** The images and files the message holds (site-interface 10.9); empty for most messages. */
  assets: MessageAsset[];
  createTimeMs: number | null;
  /** metadata.is_visually_hidden_from_conversation: the site does not show it. */
  hidden: boolean;
  /**
   * metadata.is_thinking_preamble_message: a visible reasoning preamble, not an answer (site-interface 2.4).
   */
  preamble: boolean;
  /**
   * The channel an assistant message speaks on (site-interface 10.11): `final` for the answer, `commentary`
   * for a preamble, `analysis` for reasoning; null where the format gives none.
   */
  channel: string | null;
  /** metadata.ref_id, as a string whichever form it came in (site-interface 2.4). */
  refId: string | null;
  /** metadata.thinking_effort, as a string whichever form it came in (site-interface 2.4). */
  thinkingEffort: string | null;
  /** Names of the metadata keys, in their order (format comparison counts them, site-interface 2.4). */
  metadataKeys: string[];
  /**
   * The raw metadata object, for lib/insights (search_model_queries and friends). Message metadata
   * names no secret (site-interface 2.4); secrets live in product entities (site-interface 2.5), parsed
   * elsewhere.
   */
  metadata: Record<string, unknown>;
  /** Which format's message object this is; after a merge the messages format wins (site-interface 9.1). */
  format: ConversationFormat;
}

/** A user message and everything that answers it, as ids into Conversation.messages. */
export interface Turn {
  /** null for what comes before the first visible user message (system and context messages). */
  userMessageId: string | null;
  messageIds: string[];
}

/** The boolean-looking keys of site-interface 2.1; null when the key is absent or not a boolean. */
export const CONVERSATION_FLAG_KEYS = [
  'is_archived',
  'is_starred',
  'is_read_only',
  'is_temporary_chat',
  'is_study_mode',
  'is_do_not_remember',
  'atlas_mode_enabled',
  'sugar_item_visible',
] as const;

export type ConversationFlagKey = (typeof CONVERSATION_FLAG_KEYS)[number];
export type ConversationFlags = Record<ConversationFlagKey, boolean | null>;

export interface FormatLoadStatus {
  loaded: boolean;
  /** Messages format: the oldest page said has_previous_page false. Tree: the branch reached its root. */
  complete: boolean;
  /** Pages of the messages format merged; 1 for a tree; 0 when not loaded. */
  pages: number;
  /** Why it is missing or incomplete, readable; null when there is nothing to say. */
  note: string | null;
}

export interface FormatLoads {
  messages: FormatLoadStatus;
  tree: FormatLoadStatus;
  /**
   * The answer streams read (site-interface 10.6): `pages` is how many streamed turns, `complete` whether
   * every one of them ended with a complete answer.
   */
  stream: FormatLoadStatus;
}

/** What a response says of the conversation as a whole (site-interface 2.1, site-interface 2.3). */
export interface ConversationHeader {
  id: string | null;
  title: string | null;
  createTimeMs: number | null;
  updateTimeMs: number | null;
  /** default_model_slug. */
  modelSlug: string | null;
  /**
   * The leaf of the active branch: current_node as the response gives it. In a Conversation, the newest
   * leaf when the response has none.
   */
  currentNode: string | null;
  flags: ConversationFlags;
  /** Top-level keys site-interface 2.1 does not list (site-interface 9.3), sorted. */
  extraKeys: string[];
  /**
   * The answer is still being made (`async_status` 3, site-interface 10.11): what was read of its turn is
   * partial. False once a response says it is done, or says nothing of it.
   */
  answering: boolean;
}

export interface Conversation extends ConversationHeader {
  /** The active branch, oldest first. */
  messages: NormalizedMessage[];
  turns: Turn[];
  formatLoads: FormatLoads;
  /**
   * The tree format's `mapping` as it came (site-interface 2.3), every branch of it, where the tree was
   * loaded: the export of every branch reads it (export-format "Options"); nothing else does, so it is kept
   * as it is, not read.
   */
  mapping?: Readonly<Record<string, unknown>>;
}

export const notLoaded = (note: string | null = null): FormatLoadStatus => ({
  loaded: false,
  complete: false,
  pages: 0,
  note,
});
