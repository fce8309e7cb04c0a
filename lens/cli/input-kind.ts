import { isDataExportItem } from '@/lib/model/data-export';
import { isRecord } from '@/lib/model/json-read';

/**
 * What a saved file holds, told from its shape: a HAR recorded on chatgpt.com, a data-export
 * conversations.json (a list of tree objects), one messages-format response (site-interface 4.1), or one tree
 * response (site-interface 4.2). By site-interface 9.2 the mapping key is never required of a conversation,
 * so a response with `messages` is read as the messages format first.
 */
export type InputKind = 'har' | 'data-export' | 'messages' | 'tree';

export function detectInputKind(json: unknown): InputKind | null {
  if (Array.isArray(json)) return json.some(isDataExportItem) ? 'data-export' : null;
  if (!isRecord(json)) return null;
  if (isRecord(json.log) && Array.isArray(json.log.entries)) return 'har';
  if (Array.isArray(json.messages)) return 'messages';
  if (isRecord(json.mapping)) return 'tree';
  return null;
}
