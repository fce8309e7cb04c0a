import type { AdsOverview } from '@/features/ads/ads';
import type { FormatComparison } from '@/features/details/format-comparison';
import type { Transport } from '@/features/details/transport';
import type { OfferRow } from '@/features/offers/offers';
import type { QueryKind, QuerySource } from '@/features/queries/queries';
import type { WebSource } from '@/features/sources/sources';
import { type CanvasDocument, readCanvases } from '@/lib/insights/canvas';
import type { Inspection } from '@/lib/insights/inspection';
import type { AdAccount } from '@/lib/model/ad-account';
import type {
  ConversationFlags,
  ConversationFormat,
  FormatLoads,
  NormalizedMessage,
} from '@/lib/model/conversation';
import type { MessageAsset } from '@/lib/model/message-assets';
import { isoTime } from './iso-time';
import { scrubMetadata } from './scrub-metadata';

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
 * format it was read from keeps the contract's name, `source`.
 */
export type ExportMessage = Omit<NormalizedMessage, 'createTimeMs' | 'format'> & {
  createTime: string | null;
  source: ConversationFormat;
};

export interface ExportTurn {
  index: number;
  messageIds: string[];
  /** Whether the model searched the web for this turn's answer; null when nothing says (TurnFact). */
  searched: boolean | null;
  searchEvidence: 'stream' | 'tool-messages' | null;
  model: string | null;
  /** The answer streamed while Chat Lens watched. */
  streamed: boolean;
  transport: 'sse' | 'websocket' | null;
}

export interface ExportQuery {
  text: string;
  kind: QueryKind;
  source: QuerySource;
  messageId: string;
  turnIndex: number;
  /** The page an open names by reference id, when the conversation names it (SearchQuery.page). */
  page: { url: string; title: string | null } | null;
}

/** A canvas in its final form (lib/insights/canvas.ts). */
export type ExportCanvas = CanvasDocument;

/** A page a turn's search returned or its answer cited, one per page and turn. */
export interface ExportSource {
  url: string;
  title: string | null;
  domain: string | null;
  attribution: string | null;
  turnIndex: number;
  messageId: string;
  cited: boolean;
  retrieved: boolean;
  rank: number | null;
}

export interface ExportDocument {
  schema: typeof EXPORT_SCHEMA;
  exportedAt: string | null;
  conversation: ExportConversation;
  messages: ExportMessage[];
  /** The canvases the conversation made, in the order they were made (export-format "Canvas"). */
  canvases: ExportCanvas[];
  turns: ExportTurn[];
  queries: ExportQuery[];
  sources: ExportSource[];
  ads: AdsOverview | null;
  offers: OfferRow[];
  transport: Transport;
  formats: FormatComparison | null;
  account: AdAccount | null;
}

/**
 * The member of the document that holds each member of the inspection (architecture "Registries"): a
 * member added to the inspection does not compile until the contract says where it goes.
 */
export const JSON_MEMBERS: { readonly [Member in keyof Inspection]: keyof ExportDocument } = {
  conversation: 'messages',
  queries: 'queries',
  turnFacts: 'turns',
  sources: 'sources',
  // The cited pages, as sources with `cited` true.
  citedMessages: 'sources',
  ads: 'ads',
  // The products, as their offers.
  products: 'offers',
  offers: 'offers',
  transport: 'transport',
  formats: 'formats',
  account: 'account',
};

export interface JsonExportOptions {
  exportedAt: Date;
}

function exportAsset(asset: MessageAsset): MessageAsset {
  return {
    kind: asset.kind,
    generated: asset.generated,
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

// Members listed one by one, like messages: the contract changes only on purpose.
function exportSource(source: WebSource): ExportSource {
  return {
    url: source.url,
    title: source.title,
    domain: source.domain,
    attribution: source.attribution,
    turnIndex: source.turnIndex,
    messageId: source.messageId,
    cited: source.cited,
    retrieved: source.retrieved,
    rank: source.rank,
  };
}

export function toExportDocument(inspection: Inspection, options: JsonExportOptions): ExportDocument {
  const { conversation } = inspection;
  return {
    schema: EXPORT_SCHEMA,
    exportedAt: isoTime(options.exportedAt.getTime()),
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
    turns: conversation.turns.map((turn, index) => {
      const fact = inspection.turnFacts.find((found) => found.turnIndex === index);
      return {
        index,
        messageIds: [...turn.messageIds],
        searched: fact?.searched ?? null,
        searchEvidence: fact?.searchEvidence ?? null,
        model: fact?.model ?? null,
        streamed: fact?.streamed ?? false,
        transport: fact?.transport ?? null,
      };
    }),
    queries: inspection.queries.queries.map(({ text, kind, source, messageId, turnIndex, page }) => ({
      text,
      kind,
      source,
      messageId,
      turnIndex,
      page: page === null ? null : { url: page.url, title: page.title },
    })),
    sources: inspection.sources.map(exportSource),
    ads: inspection.ads,
    offers: inspection.offers,
    transport: inspection.transport,
    formats: inspection.formats,
    account: inspection.account,
  };
}

/** The document as text: 2-space indentation, a final newline. */
export function exportJson(inspection: Inspection, options: JsonExportOptions): string {
  return `${JSON.stringify(toExportDocument(inspection, options), null, 2)}\n`;
}
