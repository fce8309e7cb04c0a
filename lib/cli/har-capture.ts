import { readAnswerStream } from '@/lib/capture/answer-stream';
import { CHAT_ORIGIN, classifyEndpoint } from '@/lib/capture/endpoint';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import {
  NOTHING_OBSERVED,
  observeTransports,
  type SeenAnswerStream,
  type SeenStreamItem,
  type TransportObservation,
} from '@/lib/insights/transport';
import { isRecord, readString } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';

/**
 * What a HAR file recorded on chatgpt.com holds for each conversation: the bodies of the calls of
 * site-interface 4.1 to site-interface 4.6 and how its answers streamed (site-interface 6), as the browser
 * saw them. Stream frames and submit-call bodies are read by the page hook's own readers and kept only as
 * counts, so no resume token they carry goes further.
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

/**
 * A submit call's SSE body (site-interface 4.5) as the page hook reduces it; its conversation is named in
 * the request body, else in its events.
 */
function submitAnswerStream(entry: HarEntry): SeenAnswerStream {
  const stream = readAnswerStream(entry.body ?? '');
  const request = parsedOrNull(entry.requestBody);
  const named = isRecord(request) ? readString(request.conversation_id) : null;
  return { ...stream, conversationId: named ?? stream.conversationId };
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
        transport: NOTHING_OBSERVED,
      };
      captures.set(id, found);
    }
    return found;
  };
  // Product calls name no conversation, and a stream item may not: they belong to the conversation
  // the page loaded last before them (for a stream item, unless a handoff or its topic says otherwise).
  let current: string | null = null;
  let unattributed = 0;
  const answerStreams: SeenAnswerStream[] = [];
  const streamItems: SeenStreamItem[] = [];
  let me: unknown = null;
  let unreadable = 0;
  for (const raw of rawEntries) {
    const entry = readEntry(raw);
    if (entry === null) {
      unreadable += 1;
      continue;
    }
    // Frames of any host: the live site's socket is on ws.chatgpt.com.
    for (const frame of entry.frames) {
      for (const item of readStreamFrame(frame)) streamItems.push({ ...item, pageConversationId: current });
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
      case 'submit-prompt':
        answerStreams.push(submitAnswerStream(entry));
        break;
      case 'stream-status':
        break;
    }
  }
  const transports = observeTransports(answerStreams, streamItems);
  for (const [id, observation] of transports.byConversation) capture(id).transport = observation;
  unattributed += transports.unattributedItems;
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
