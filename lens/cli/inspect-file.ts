import { type Inspection, inspect } from '@/lens/insights/inspection';
import type { Conversation } from '@/lib/model/conversation';
import { normalizeDataExport } from '@/lib/model/data-export';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { parseJson } from '@/lib/model/parse-json';
import { fail, ok, type Result } from '@/lib/model/result';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { readHar } from './har-capture';
import { detectInputKind, type InputKind } from './input-kind';

export interface InspectedFile {
  kind: InputKind;
  inspections: Inspection[];
}

/** A conversation read alone, from a file that holds nothing else about it (no ads, products or transport). */
export const inspectConversationOnly = (conversation: Conversation): Inspection => inspect({ conversation });

export const NOT_A_CONVERSATION_FILE =
  'Not a conversation file: expected a messages-format or tree-format response, a data-export conversations.json, or a HAR file.';

/**
 * A saved file, whatever it holds, as one inspection per conversation. Never throws: an unreadable file is a
 * typed error, and what can be read of a damaged one is kept with warnings.
 */
export function inspectFileText(text: string): Result<InspectedFile> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const kind = detectInputKind(json.value);
  const warnings: string[] = [];
  switch (kind) {
    case null:
      return fail('unexpected-shape', NOT_A_CONVERSATION_FILE);
    case 'messages':
    case 'tree': {
      const normalized =
        kind === 'messages' ? normalizeMessagesFormat([json.value]) : normalizeTreeFormat(json.value);
      if (!normalized.ok) return normalized;
      return ok({ kind, inspections: [inspectConversationOnly(normalized.value)] }, normalized.warnings);
    }
    case 'data-export': {
      const conversations = normalizeDataExport(json.value);
      if (!conversations.ok) return conversations;
      return ok(
        { kind, inspections: conversations.value.map(inspectConversationOnly) },
        conversations.warnings,
      );
    }
    case 'har': {
      const har = readHar(json.value);
      warnings.push(...har.warnings, ...har.refusals);
      const account = har.account.current();
      const inspections = har.conversations.flatMap((holding) => {
        warnings.push(...holding.captured.warnings(), ...holding.formats().warnings);
        return holding.inspection(account) ?? [];
      });
      const [refused] = har.refusals;
      if (inspections.length === 0 && refused !== undefined) return fail('http', refused);
      if (inspections.length === 0) {
        return fail(
          'unexpected-shape',
          'The HAR file holds no conversation response and no answer stream from chatgpt.com.',
        );
      }
      return ok({ kind, inspections }, warnings);
    }
  }
}
