import { type FeatureJson, featureJson } from '@/features/index';
import type { Inspection } from '@/lens/insights/inspection';
import { isoTime } from '@/lib/export/iso-time';
import { scrubMetadata } from '@/lib/export/scrub-metadata';
import { type CanvasDocument, readCanvases } from '@/lib/insights/canvas';
import type {
  ConversationFlags,
  ConversationFormat,
  FormatLoads,
  NormalizedMessage,
} from '@/lib/model/conversation';
import type { MessageAsset } from '@/lib/model/message-assets';

/**
 * The JSON export: the stable contract `chat-lens/export@1`. Every member is documented in
 * docs/export-format.md; within @1 members are only ever added, never renamed, removed or retyped. Times are
 * ISO 8601 strings in UTC.
 */
export const EXPORT_SCHEMA = 'chat-lens/export@1';

export interface ExportConversation {
  id: string | null;
  title: string | null;
  createTime: string | null;
  updateTime: string | null;
  model: string | null;
  currentNode: string | null;
  flags: ConversationFlags;
  extraKeys: string[];
  sources: FormatLoads;
}

/**
 * A message of the model, its epoch-ms time as ISO, its metadata scrubbed (see scrub-metadata.ts). The
 * format it was read from keeps the contract's name, `source`. Its channel is given as what it tells: a
 * preamble is `preamble`, the answer is the message the turn's answer text comes from.
 */
export type ExportMessage = Omit<NormalizedMessage, 'createTimeMs' | 'format' | 'channel'> & {
  createTime: string | null;
  source: ConversationFormat;
};

/** A canvas in its final form (lib/insights/canvas.ts). */
export type ExportCanvas = CanvasDocument;

/** The document: the conversation and its messages and canvases, then every feature's members. */
export type ExportDocument = {
  schema: typeof EXPORT_SCHEMA;
  exportedAt: string | null;
  conversation: ExportConversation;
  messages: ExportMessage[];
  /** The canvases the conversation made, in the order they were made (export-format "Canvas"). */
  canvases: ExportCanvas[];
} & FeatureJson;

export interface JsonExportOptions {
  exportedAt: Date;
}

function exportAsset(asset: MessageAsset): MessageAsset {
  return {
    kind: asset.kind,
    generated: asset.generated,
    screenshot: asset.screenshot,
    pointer: asset.pointer,
    fileId: asset.fileId,
    name: asset.name,
    mimeType: asset.mimeType,
    sizeBytes: asset.sizeBytes,
    width: asset.width,
    height: asset.height,
    inContent: asset.inContent,
  };
}

function exportCanvas(canvas: CanvasDocument): ExportCanvas {
  return {
    id: canvas.id,
    name: canvas.name,
    type: canvas.type,
    content: canvas.content,
    versions: canvas.versions,
    messageId: canvas.messageId,
  };
}

function exportMessage(message: NormalizedMessage): ExportMessage {
  // Members listed one by one: a member added to the model later must be added to the contract on purpose.
  return {
    id: message.id,
    parentId: message.parentId,
    role: message.role,
    authorName: message.authorName,
    recipient: message.recipient,
    contentType: message.contentType,
    text: message.text,
    assets: message.assets.map(exportAsset),
    createTime: isoTime(message.createTimeMs),
    hidden: message.hidden,
    preamble: message.preamble,
    refId: message.refId,
    thinkingEffort: message.thinkingEffort,
    metadataKeys: [...message.metadataKeys],
    metadata: scrubMetadata(message.metadata),
    source: message.format,
  };
}

/** The document's first members: its schema and the time of the export. */
const documentHead = (options: JsonExportOptions): Pick<ExportDocument, 'schema' | 'exportedAt'> => ({
  schema: EXPORT_SCHEMA,
  exportedAt: isoTime(options.exportedAt.getTime()),
});

/** The rest of the document, which the conversation alone decides. */
function documentContent(inspection: Inspection): Omit<ExportDocument, 'schema' | 'exportedAt'> {
  const { conversation } = inspection;
  return {
    conversation: {
      id: conversation.id,
      title: conversation.title,
      createTime: isoTime(conversation.createTimeMs),
      updateTime: isoTime(conversation.updateTimeMs),
      model: conversation.modelSlug,
      currentNode: conversation.currentNode,
      flags: { ...conversation.flags },
      extraKeys: [...conversation.extraKeys],
      sources: structuredClone(conversation.formatLoads),
    },
    messages: conversation.messages.map(exportMessage),
    canvases: readCanvases(conversation).documents.map(exportCanvas),
    ...featureJson(inspection),
  };
}

export const toExportDocument = (inspection: Inspection, options: JsonExportOptions): ExportDocument => ({
  ...documentHead(options),
  ...documentContent(inspection),
});

/**
 * The document's text up to the time of the export: its opening brace, schema and time, as
 * `JSON.stringify(document, null, 2)` writes them, and the comma after.
 */
export const jsonHead = (options: JsonExportOptions): string =>
  `${JSON.stringify(documentHead(options), null, 2).slice(0, -'\n}'.length)},`;

/** The rest of the document's text: each member after the time, the closing brace and a final newline. */
export const jsonBody = (inspection: Inspection): string =>
  `${JSON.stringify(documentContent(inspection), null, 2).slice('{'.length)}\n`;
