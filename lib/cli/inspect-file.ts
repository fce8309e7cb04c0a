import { compareFormats, withStreamOnly } from '@/lib/insights/format-comparison';
import { type Inspection, inspect } from '@/lib/insights/inspection';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';
import { normalizeDataExport } from '@/lib/model/data-export';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { parseJson } from '@/lib/model/parse-json';
import type { Product } from '@/lib/model/product-entity';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import { fail, ok, type Result } from '@/lib/model/result';
import { heldTurn } from '@/lib/model/stream-collector';
import { normalizeStreamedTurns } from '@/lib/model/streamed-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { type ConversationCapture, readHar } from './har-capture';
import { detectInputKind, type InputKind } from './input-kind';

export interface InspectedFile {
  kind: InputKind;
  inspections: Inspection[];
}

const valueOrNull = <T>(result: Result<T> | null, warnings: string[]): T | null => {
  if (result === null) return null;
  if (!result.ok) {
    warnings.push(result.error.message);
    return null;
  }
  warnings.push(...result.warnings);
  return result.value;
};

function inspectCapture(capture: ConversationCapture, me: unknown, warnings: string[]): Inspection | null {
  const fromPages =
    capture.messagesPages.length > 0
      ? valueOrNull(normalizeMessagesFormat(capture.messagesPages), warnings)
      : null;
  const fromTree = capture.tree === null ? null : valueOrNull(normalizeTreeFormat(capture.tree), warnings);
  const streamedTurns = capture.streams.map(heldTurn);
  const fromStreams = streamedTurns.length === 0 ? null : normalizeStreamedTurns(capture.id, streamedTurns);
  const conversation = valueOrNull(
    mergeConversationFormats({ messages: fromPages, tree: fromTree, stream: fromStreams }),
    warnings,
  );
  if (conversation === null) return null;
  const products: Product[] = [];
  for (const body of capture.productBodies) {
    const parsed = valueOrNull(parseProductUpdateBody(body), warnings);
    if (parsed !== null) products.push(...parsed.products);
  }
  const comparison = fromPages !== null && fromTree !== null ? compareFormats(fromPages, fromTree) : null;
  return inspect({
    conversation,
    adsReport: capture.ads === null ? null : valueOrNull(parseAdsResponse(capture.ads), warnings),
    streamedTurns,
    account: me === null ? null : valueOrNull(parseAdAccount(me), warnings),
    products,
    transportObservation: capture.transport,
    formats: comparison === null ? null : withStreamOnly(comparison, conversation),
  });
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
      warnings.push(...har.warnings);
      const inspections = har.conversations.flatMap(
        (capture) => inspectCapture(capture, har.me, warnings) ?? [],
      );
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
