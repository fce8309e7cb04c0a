import type { Conversation } from './conversation';
import { isRecord, readIdentifier } from './json-read';
import { fail, ok, type Result } from './result';
import { normalizeTreeFormat } from './tree-format';

/** A list is a data export once one of its items is a tree object; a reader streaming it asks item by item. */
export const isDataExportItem = (item: unknown): boolean => isRecord(item) && isRecord(item.mapping);

function label(item: unknown, index: number): string {
  const id = isRecord(item) ? (readIdentifier(item.conversation_id) ?? readIdentifier(item.id)) : null;
  return id === null ? `Conversation ${index + 1}` : `Conversation ${index + 1} (${id})`;
}

/**
 * One item of a data-export file, the tree object at `index` (0-based) of its list. An unreadable item is
 * an error whose message names it and says it is left out; warnings name the item too. A reader that
 * streams the file meets the items one at a time, so this is the unit both readers share.
 */
export function normalizeDataExportItem(item: unknown, index: number): Result<Conversation> {
  const result = normalizeTreeFormat(item);
  if (!result.ok) return fail(result.error.code, `${label(item, index)}: ${result.error.message} Left out.`);
  return ok(
    result.value,
    result.warnings.map((warning) => `${label(item, index)}: ${warning}`),
  );
}

/**
 * A data-export file (conversations.json): a list of tree objects (site-interface 10.8). Each readable item
 * becomes a conversation; an unreadable one is left out with a warning that names it, and never costs
 * the others. A single tree object is accepted as a list of one.
 */
export function normalizeDataExport(json: unknown): Result<Conversation[]> {
  const items = Array.isArray(json) ? json : isRecord(json) && isRecord(json.mapping) ? [json] : null;
  if (items === null) return fail('unexpected-shape', 'A data-export file is a list of conversations.');
  const conversations: Conversation[] = [];
  const warnings: string[] = [];
  items.forEach((item, index) => {
    const result = normalizeDataExportItem(item, index);
    if (!result.ok) {
      warnings.push(result.error.message);
      return;
    }
    conversations.push(result.value);
    warnings.push(...result.warnings);
  });
  return ok(conversations, warnings);
}
