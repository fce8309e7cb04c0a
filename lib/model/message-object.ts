import type { ConversationFormat, NormalizedMessage } from './conversation';
import { isRecord, type JsonRecord, readFlag, readIdentifier, readString, readTimeMs } from './json-read';
import { assetText, readMessageAssets } from './message-assets';
import { readContentType, renderContentText } from './message-content';
import { readResearchReport } from './research-report';
import { withoutReferenceSecrets } from './secret-members';
import { readUiProgram } from './ui-program';

/**
 * site-interface 2.4: ref_id is a string in newer responses and an object in older ones. The object form
 * names a reference by turn, type and index; it becomes the string form newer responses use
 * ("turn0search3"), so one reference reads the same from either.
 */
export function readRefId(value: unknown): string | null {
  const direct = readIdentifier(value);
  if (direct !== null || !isRecord(value)) return direct;
  const nested = readIdentifier(value.ref_id) ?? readIdentifier(value.id);
  if (nested !== null) return nested;
  const turn = readIdentifier(value.turn_index);
  const type = readString(value.ref_type);
  const index = readIdentifier(value.ref_index);
  return turn !== null && type !== null && index !== null ? `turn${turn}${type}${index}` : null;
}

/** site-interface 2.4: thinking_effort drifts between a word, a number and an object holding either. */
export function readThinkingEffort(value: unknown): string | null {
  const direct = readIdentifier(value);
  if (direct !== null || !isRecord(value)) return direct;
  return readIdentifier(value.effort) ?? readIdentifier(value.level) ?? readIdentifier(value.value);
}

const emptyMetadata = (): JsonRecord => ({});

export interface MessageContext {
  format: ConversationFormat;
  /** The id to use when the object has none (the node key of a tree, or a position in a list). */
  fallbackId: string;
  /**
   * The parent from the container (the tree node); undefined to read it from the object itself, where
   * a flat list may carry it (parent, parent_id, or metadata.parent_id on answers and tool messages).
   */
  parentId?: string | null;
}

/** One message object of either format; null when the value is not an object at all. */
export function normalizeMessageObject(raw: unknown, context: MessageContext): NormalizedMessage | null {
  if (!isRecord(raw)) return null;
  const author = isRecord(raw.author) ? raw.author : null;
  const metadata = isRecord(raw.metadata) ? withoutReferenceSecrets(raw.metadata) : emptyMetadata();
  const role = (author !== null ? readString(author.role) : null) ?? 'unknown';
  const channel = readString(raw.channel);
  const assets = readMessageAssets(raw.content, metadata, role);
  // Image parts read in the text as what they are, in their place (message-assets.ts), each part its asset.
  let nextImage = 0;
  const imageText = (): string => {
    const asset = assets[nextImage];
    nextImage += 1;
    return asset?.inContent === true ? assetText(asset) : '[image]';
  };
  const rendered = renderContentText(raw.content, imageText);
  // An answer made by a UI program reads as its readable form, never as the program (ui-program.ts).
  const program = readUiProgram(rendered, metadata);
  const ownText = program?.text ?? rendered;
  // A deep research's report the page shows in a frame is the answer's text, its references the answer's
  // (research-report.ts); the metadata's own keys are still what the formats are compared by.
  const report = ownText.trim() === '' ? readResearchReport(metadata) : null;
  // The messages format lists an empty `content_references` beside such a report: it names none of its own.
  const ownReferences = metadata.content_references;
  const namesNone =
    ownReferences === undefined || (Array.isArray(ownReferences) && ownReferences.length === 0);
  const cites = report !== null && report.references.length > 0 && namesNone;
  return {
    id: readIdentifier(raw.id) ?? context.fallbackId,
    parentId:
      context.parentId !== undefined
        ? context.parentId
        : (readIdentifier(raw.parent) ?? readIdentifier(raw.parent_id) ?? readIdentifier(metadata.parent_id)),
    role,
    authorName: author !== null ? readString(author.name) : null,
    recipient: readString(raw.recipient),
    contentType: readContentType(raw.content),
    text: report?.text ?? ownText,
    assets,
    createTimeMs: readTimeMs(raw.create_time),
    hidden: readFlag(metadata.is_visually_hidden_from_conversation) === true,
    preamble: readFlag(metadata.is_thinking_preamble_message) === true || channel === 'commentary',
    channel,
    refId: readRefId(metadata.ref_id),
    thinkingEffort: readThinkingEffort(metadata.thinking_effort),
    metadataKeys: Object.keys(metadata),
    metadata: cites
      ? withoutReferenceSecrets({ ...metadata, content_references: report.references })
      : (program?.metadata ?? metadata),
    format: context.format,
  };
}
