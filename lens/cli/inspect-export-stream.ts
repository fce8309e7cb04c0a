import type { Inspection } from '@/lens/insights/inspection';
import type { Conversation } from '@/lib/model/conversation';
import { isDataExportItem, normalizeDataExportItem } from '@/lib/model/data-export';
import { readDataExportItems } from '@/lib/model/data-export-stream';
import { fail, ok, type Result } from '@/lib/model/result';
import { inspectConversationOnly, NOT_A_CONVERSATION_FILE } from './inspect-file';

/** Warnings kept while it is not yet known that the list is a data export; past these, only a count. */
const WAITING_WARNINGS_KEPT = 1_000;

export interface ExportInspectionHandlers {
  /** The file is a data export: called once, before its first conversation. */
  begin(): Promise<void>;
  /** One conversation, through the same core as a file read whole (normalize, then the insights). */
  conversation(inspection: Inspection): Promise<void>;
  warning(text: string): void;
  /** An item left out as unreadable, with the warning it also got. */
  unreadable?(text: string): void;
  /** After every chunk: the bytes read so far and the list items read. */
  progress(bytesRead: number, items: number): void;
}

/**
 * A data export (conversations.json, or its parts in order) read as a stream, one conversation at a time, with the outcome of
 * reading it whole: an unreadable item is left out with the warning normalizeDataExport gives, and a list
 * none of whose items is a conversation is not a conversation file (input-kind.ts). Until an item shows that
 * the list is a data export, warnings wait (the first thousand, then a count: memory stays bounded), so a
 * list of something else prints nothing but that error. Resolves with the number of list items read. A file
 * that stops being JSON, or stops early, ends with its typed error after every conversation before it was
 * handed on. `inspectOne` adds what the export's side files say of a conversation (export-inspection.ts).
 */
export async function inspectExportStream(
  parts: Iterable<AsyncIterable<Uint8Array>>,
  handlers: ExportInspectionHandlers,
  inspectOne: (conversation: Conversation) => Inspection = inspectConversationOnly,
): Promise<Result<number>> {
  let isExport = false;
  const waitingWarnings: Array<{ text: string; unreadable: boolean }> = [];
  let droppedWarnings = 0;
  const told = (text: string, unreadable: boolean): void => {
    handlers.warning(text);
    if (unreadable) handlers.unreadable?.(text);
  };
  const warn = (text: string, unreadable = false): void => {
    if (isExport) told(text, unreadable);
    else if (waitingWarnings.length < WAITING_WARNINGS_KEPT) waitingWarnings.push({ text, unreadable });
    else droppedWarnings += 1;
  };
  let index = 0;
  const read = await readDataExportItems(parts, {
    item: async (item) => {
      if (!isExport && isDataExportItem(item)) {
        isExport = true;
        await handlers.begin();
        for (const waiting of waitingWarnings.splice(0)) told(waiting.text, waiting.unreadable);
        if (droppedWarnings > 0)
          handlers.warning(`${droppedWarnings} more items before the first conversation were left out too.`);
      }
      const normalized = normalizeDataExportItem(item, index);
      index += 1;
      if (!normalized.ok) return warn(normalized.error.message, true);
      for (const warning of normalized.warnings) warn(warning);
      await handlers.conversation(inspectOne(normalized.value));
    },
    progress: handlers.progress,
  });
  if (!read.ok) return read;
  if (!isExport) return fail('unexpected-shape', NOT_A_CONVERSATION_FILE);
  return ok(read.value);
}
