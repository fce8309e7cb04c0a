import { classifyEndpoint } from '@/lib/capture/endpoint';
import { isRecord, readString } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';

/**
 * What a HAR file recorded on chatgpt.com holds for each conversation: the bodies of the calls of the
 * interface document (4.1–4.6) and the WebSocket frames of kind stream-item (6), as the browser saw them.
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
  sseResponses: number;
  streamItemFrames: number;
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

/** interface 6: a frame of kind stream-item. Its payload is not described, so only the kind is read. */
function streamItemConversation(frame: string): { isStreamItem: boolean; conversationId: string | null } {
  const parsed = parsedOrNull(frame);
  if (!isRecord(parsed) || parsed.type !== 'stream-item')
    return { isStreamItem: false, conversationId: null };
  const data = isRecord(parsed.data) ? parsed.data : {};
  return {
    isStreamItem: true,
    conversationId: readString(parsed.conversation_id) ?? readString(data.conversation_id),
  };
}

/** The conversation a submit call belongs to: named in its request body, else in its SSE events. */
function submitConversation(entry: HarEntry): string | null {
  const request = parsedOrNull(entry.requestBody);
  if (isRecord(request) && typeof request.conversation_id === 'string') return request.conversation_id;
  return /"conversation_id"\s*:\s*"([^"]+)"/.exec(entry.body ?? '')?.[1] ?? null;
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
        sseResponses: 0,
        streamItemFrames: 0,
      };
      captures.set(id, found);
    }
    return found;
  };
  // Product calls name no conversation, and a stream-item frame may not: they belong to the
  // conversation the page loaded last before them.
  let current: string | null = null;
  let unattributed = 0;
  let me: unknown = null;
  let unreadable = 0;
  for (const raw of rawEntries) {
    const entry = readEntry(raw);
    if (entry === null) {
      unreadable += 1;
      continue;
    }
    for (const frame of entry.frames) {
      const item = streamItemConversation(frame);
      if (!item.isStreamItem) continue;
      const owner = item.conversationId ?? current;
      if (owner === null) unattributed += 1;
      else capture(owner).streamItemFrames += 1;
    }
    const endpoint = classifyEndpoint(entry.url);
    if (endpoint === null || entry.status !== 200) continue;
    const id = endpoint.conversationId;
    if (id !== null) current = id;
    switch (endpoint.kind) {
      case 'conversation-messages':
        if (id === null) break;
        // interface 4.1: the first request has no `before`; older pages carry one.
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
        const conversationId = submitConversation(entry);
        if (conversationId !== null && (entry.body ?? '').includes('data:'))
          capture(conversationId).sseResponses += 1;
        break;
      }
      case 'stream-status':
        break;
    }
  }
  const warnings: string[] = [];
  if (unreadable > 0) warnings.push(`${unreadable} HAR entries could not be read; left out.`);
  const conversations = [...captures.values()].map(({ olderPages, ...rest }) => ({
    ...rest,
    messagesPages: [...rest.messagesPages, ...olderPages],
  }));
  if (unattributed > 0) {
    warnings.push(
      `${unattributed} stream frames or product refreshes came before any conversation; left out.`,
    );
  }
  return { conversations, me, warnings };
}
