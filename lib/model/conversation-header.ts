import { CONVERSATION_FLAG_KEYS, type ConversationFlags, type ConversationHeader } from './conversation';
import { type JsonRecord, readFlag, readIdentifier, readString, readTimeMs } from './json-read';

/** site-interface 2.1: the top-level keys of the messages format, exactly as listed. */
export const MESSAGES_FORMAT_KEYS: ReadonlySet<string> = new Set([
  'async_status',
  'atlas_mode_enabled',
  'blocked_urls',
  'context_scopes',
  'context_truncation_continuation',
  'conversation_id',
  'conversation_origin',
  'conversation_template_id',
  'create_time',
  'current_node',
  'default_model_slug',
  'disabled_tool_ids',
  'gizmo_id',
  'gizmo_type',
  'is_archived',
  'is_do_not_remember',
  'is_read_only',
  'is_starred',
  'is_study_mode',
  'is_temporary_chat',
  'memory_scope',
  'messages',
  'moderation_results',
  'owner',
  'page_info',
  'pinned_time',
  'plugin_ids',
  'safe_urls',
  'sectioned_conversation',
  'sugar_item_id',
  'sugar_item_visible',
  'title',
  'update_time',
  'voice',
]);

/**
 * site-interface 2.3 does not list the tree's top-level keys. The tree carries the conversation keys of
 * site-interface 2.1 with `mapping` in place of `messages` and `page_info`; a data-export file adds `id`.
 * Anything else is an extra key.
 */
export const TREE_FORMAT_KEYS: ReadonlySet<string> = new Set([
  ...[...MESSAGES_FORMAT_KEYS].filter((key) => key !== 'messages' && key !== 'page_info'),
  'mapping',
  'id',
]);

/** site-interface 10.11: `async_status` 3 while the answer is made, 4 once it is done. */
const ASYNC_STATUS_ANSWERING = 3;

function readFlags(record: JsonRecord): ConversationFlags {
  const flags = {} as ConversationFlags;
  for (const key of CONVERSATION_FLAG_KEYS) flags[key] = readFlag(record[key]);
  return flags;
}

/**
 * The conversation-level fields both formats share; unknown keys are listed, never an error
 * (site-interface 9.3).
 */
export function readConversationHeader(
  record: JsonRecord,
  knownKeys: ReadonlySet<string>,
): ConversationHeader {
  return {
    id: readIdentifier(record.conversation_id) ?? readIdentifier(record.id),
    title: readString(record.title),
    createTimeMs: readTimeMs(record.create_time),
    updateTimeMs: readTimeMs(record.update_time),
    modelSlug: readString(record.default_model_slug),
    currentNode: readIdentifier(record.current_node),
    flags: readFlags(record),
    extraKeys: Object.keys(record)
      .filter((key) => !knownKeys.has(key))
      .sort(),
    answering: record.async_status === ASYNC_STATUS_ANSWERING,
  };
}
