import { CHAT_ORIGIN, classifyEndpoint } from '@/lib/capture/endpoint';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import { withoutSecrets } from '@/lib/capture/stream-secrets';
import { NOTHING_OBSERVED, type TransportObservation } from '@/lib/insights/transport';
import { isRecord, readString } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { type HeldStream, StreamCollector, type StreamFeed } from '@/lib/model/stream-collector';

/**
 * What a HAR file recorded on chatgpt.com holds for each conversation: the bodies of the calls of
 * site-interface 4.1 to site-interface 4.6, and its answer streams (site-interface 10.6) as the browser
 * saw them, read by the same readers as the extension's. The page hook's own filter drops every resume
 * token of a stream before it is read (architecture "Secrets").
 */
export interface ConversationCapture {
  id: string;
  /** Messages-format responses, newest page first (the order normalizeMessagesFormat reads). */
  messagesPages: unknown[];
  /** The last tree response that answered 200. */
  tree: unknown | null;
  ads: unknown | null;
  /** product_update bodies (text/event-stream), in capture order. */
  productBodies: string[];
  /** The answer streams, in the order they started. */
  streams: HeldStream[];
  transport: TransportObservation;
}

export interface HarCapture {
  conversations: ConversationCapture[];
  /** The account (/me) response; it belongs to no conversation. */
  me: unknown | null;
  warnings: string[];
}

interface HarEntry {
  method: string;
  url: string;
  requestBody: string | null;
  status: number;
  body: string | null;
  frames: string[];
}

function decodeContent(content: unknown): string | null {
  if (!isRecord(content)) return null;
  const text = readString(content.text);
  if (text === null) return null;
  return content.encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
}

function readEntry(entry: unknown): HarEntry | null {
  if (!isRecord(entry) || !isRecord(entry.request)) return null;
  const url = readString(entry.request.url);
  if (url === null) return null;
  const response = isRecord(entry.response) ? entry.response : {};
  const frames = Array.isArray(entry._webSocketMessages) ? entry._webSocketMessages : [];
  return {
    method: readString(entry.request.method)?.toUpperCase() ?? 'GET',
    url,
    requestBody: isRecord(entry.request.postData) ? readString(entry.request.postData.text) : null,
    status: typeof response.status === 'number' ? response.status : 0,
    body: decodeContent(response.content),
    frames: frames.flatMap((frame) =>
      isRecord(frame) && frame.type === 'receive' && typeof frame.data === 'string' ? [frame.data] : [],
    ),
  };
}

function parsedOrNull(text: string | null): unknown {
  if (text === null) return null;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : null;
}

/** The conversation a submit call names in its request body (site-interface 4.5). */
function namedConversation(entry: HarEntry): string | null {
  const request = parsedOrNull(entry.requestBody);
  return isRecord(request) ? readString(request.conversation_id) : null;
}

/** The streams of a file, their counts of site-interface 6 kept as they are read. */
interface StreamRecord {
  feed: StreamFeed;
  counts: TransportObservation;
}

export function readHar(har: unknown): HarCapture {
  const log = isRecord(har) && isRecord(har.log) ? har.log : {};
  const rawEntries = Array.isArray(log.entries) ? log.entries : [];
  const captures = new Map<string, ConversationCapture & { olderPages: unknown[] }>();
  const capture = (id: string) => {
    let found = captures.get(id);
    if (found === undefined) {
      found = {
        id,
        messagesPages: [],
        olderPages: [],
        tree: null,
        ads: null,
        productBodies: [],
        streams: [],
        transport: { ...NOTHING_OBSERVED },
      };
      captures.set(id, found);
    }
    return found;
  };
  // Product calls name no conversation, and a stream may not: they belong to the conversation the page
  // loaded last before them (for a stream, unless it, its handoff or its topic says otherwise).
  let current: string | null = null;
  let unattributed = 0;
  const collector = new StreamCollector();
  const streams = new Map<string, StreamRecord>();
  const noteFeed = (feed: StreamFeed | null, counts: Partial<TransportObservation>): void => {
    if (feed === null) return;
    const record = streams.get(feed.key) ?? { feed, counts: { ...NOTHING_OBSERVED } };
    record.feed = feed;
    for (const [key, value] of Object.entries(counts) as [keyof TransportObservation, number][])
      record.counts[key] += value;
    streams.set(feed.key, record);
  };
  let me: unknown = null;
  let unreadable = 0;
  let submitted = 0;
  for (const raw of rawEntries) {
    const entry = readEntry(raw);
    if (entry === null) {
      unreadable += 1;
      continue;
    }
    // Frames of any host: the live site's socket is on ws.chatgpt.com.
    for (const frame of entry.frames) {
      for (const item of readStreamFrame(frame)) {
        const feed = collector.streamItem(item, current);
        noteFeed(feed, { streamItems: feed?.freshItem ? 1 : 0 });
      }
    }
    const endpoint = classifyEndpoint(entry.url, CHAT_ORIGIN);
    if (endpoint === null || entry.status !== 200) continue;
    const id = endpoint.conversationId;
    if (id !== null) current = id;
    switch (endpoint.endpoint) {
      case 'conversation-messages':
        if (id === null) break;
        // site-interface 4.1: the first request has no `before`; older pages carry one.
        if (new URL(entry.url).searchParams.has('before'))
          capture(id).olderPages.push(parsedOrNull(entry.body));
        else capture(id).messagesPages.unshift(parsedOrNull(entry.body));
        break;
      case 'conversation-tree':
        if (id !== null) capture(id).tree = parsedOrNull(entry.body);
        break;
      case 'ads':
        if (id !== null) capture(id).ads = parsedOrNull(entry.body);
        break;
      case 'me':
        me = parsedOrNull(entry.body);
        break;
      case 'product-update':
        if (current === null) unattributed += 1;
        else if (entry.body !== null) capture(current).productBodies.push(entry.body);
        break;
      case 'submit-prompt': {
        submitted += 1;
        const page = namedConversation(entry) ?? current;
        const piece = { stream: submitted, status: entry.status, ended: true, truncated: false };
        const feed = collector.answerPiece({ ...piece, text: withoutSecrets(entry.body ?? '') }, page);
        const facts = feed.stream.reader.facts();
        noteFeed(feed, {
          sseAnswers: facts.answered ? 1 : 0,
          handoffs: facts.handoffTopics.length > 0 ? 1 : 0,
        });
        break;
      }
      case 'stream-status':
        break;
      default:
        // A new kind of endpoint does not compile until a HAR's entries of it are read here too.
        endpoint.endpoint satisfies never;
    }
  }
  for (const { feed, counts } of streams.values()) {
    const owner = collector.ownerOf(feed);
    if (owner === null) {
      unattributed += counts.streamItems;
      continue;
    }
    const found = capture(owner);
    found.streams.push(feed.stream);
    for (const [key, value] of Object.entries(counts) as [keyof TransportObservation, number][])
      found.transport[key] += value;
  }
  const warnings: string[] = [];
  if (unreadable > 0) warnings.push(`${unreadable} HAR entries could not be read; left out.`);
  const conversations = [...captures.values()].map(({ olderPages, ...rest }) => ({
    ...rest,
    messagesPages: [...rest.messagesPages, ...olderPages],
  }));
  if (unattributed > 0) {
    warnings.push(
      `${unattributed} stream items or product refreshes came before any conversation; left out.`,
    );
  }
  return { conversations, me, warnings };
}
