import { AccountHolding } from '@/lens/holding/account-holding';
import { ConversationHolding } from '@/lens/holding/conversation-holding';
import { RESPONSE_ROUTES } from '@/lens/holding/response-routes';
import { CHAT_ORIGIN, classifyEndpoint, isMobileWebAnswer } from '@/lib/capture/endpoint';
import type { CapturedResponseEvent } from '@/lib/capture/page-event';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import { withoutSecrets } from '@/lib/capture/stream-secrets';
import { isRecord, readString } from '@/lib/model/json-read';
import { readMobileWebRequest } from '@/lib/model/mobile-web-turn';
import { parseJson } from '@/lib/model/parse-json';
import { readResumeRequest } from '@/lib/model/resume-request';
import { refusalText } from '@/lib/model/site-refusal';
import { readSiteRefusal } from '@/lib/model/site-refusal-reader';
import { StreamCollector, type StreamFeed } from '@/lib/model/stream-collector';
import { NOTHING_OBSERVED, type TransportObservation } from '@/lib/model/transport';

/**
 * A HAR file recorded on chatgpt.com, read as the worker reads what the page loads (lens/holding): each
 * response of site-interface 4.1 to site-interface 4.6 goes through the same routes into a holding per
 * conversation, and the answer streams (site-interface 10.6) through the same collector, the page hook's
 * own filter dropping every resume token first (architecture "Secrets"). The one difference is when a stream
 * is given to its conversation: a HAR lists a socket's frames at its opening, before the handoff that names
 * its topic's conversation, so streams are given out once the whole file is read.
 */
export interface HarCapture {
  /** Each conversation the file holds something of, in the order it first appears. */
  conversations: ConversationHolding[];
  /** The account (/me), which belongs to no conversation. */
  account: AccountHolding;
  /**
   * Each prompt the site refused instead of answering (site-interface 4.5: a submit answered `403
   * {"detail":"Unusual activity has been detected…"}`), as a sentence naming the status and the site's words.
   */
  refusals: string[];
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
  const holdings = new Map<string, ConversationHolding>();
  const hold = (id: string): ConversationHolding => {
    let found = holdings.get(id);
    if (found === undefined) {
      // No refresh is planned over a file's holdings, the only reader of their clock.
      found = new ConversationHolding(id, { now: () => 0 });
      holdings.set(id, found);
    }
    return found;
  };
  const account = new AccountHolding();
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
  let unreadable = 0;
  let submitted = 0;
  const refusals: string[] = [];
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
    const classified = classifyEndpoint(entry.url, CHAT_ORIGIN);
    // A submit answered with an error in place of a stream: no answer came, and the site said why.
    if (classified?.endpoint === 'submit-prompt' && entry.status >= 400)
      refusals.push(refusalText(readSiteRefusal(entry.status, entry.body)));
    if (classified === null || entry.status !== 200) continue;
    const { endpoint, conversationId } = classified;
    if (conversationId !== null) current = conversationId;
    // A resume call (site-interface 10.15) reads on as the submit call does, from where its body says.
    if (endpoint === 'submit-prompt' || endpoint === 'resume-stream') {
      submitted += 1;
      const resume = endpoint === 'resume-stream' ? readResumeRequest(entry.requestBody) : undefined;
      // A mobile web answer (site-interface 10.16): of its form body, the prompt alone is read.
      const html = isMobileWebAnswer(entry.url);
      const mobileWeb = html ? readMobileWebRequest(entry.requestBody) : undefined;
      const page = resume?.conversationId ?? namedConversation(entry) ?? current;
      const piece = {
        stream: submitted,
        status: entry.status,
        ended: true,
        truncated: false,
        resume,
        mobileWeb,
      };
      const feed = collector.answerPiece({ ...piece, text: withoutSecrets(entry.body ?? '') }, page);
      const facts = feed.stream.reader.facts();
      if (facts.refusal !== null) refusals.push(refusalText(facts.refusal));
      noteFeed(feed, {
        sseAnswers: facts.answered && !html ? 1 : 0,
        htmlAnswers: facts.answered && html ? 1 : 0,
        handoffs: facts.handoffTopics.length > 0 ? 1 : 0,
        resumed: resume !== undefined && facts.answered ? 1 : 0,
      });
      continue;
    }
    if (entry.body === null) continue;
    const event: CapturedResponseEvent = {
      type: 'response',
      endpoint,
      conversationId,
      url: entry.url,
      status: entry.status,
      retryAfter: null,
      requestBody: entry.requestBody,
      body: entry.body,
      truncated: false,
    };
    const route = RESPONSE_ROUTES[endpoint];
    if (route.scope === 'account') route.ingest(event, account);
    else if (current === null) unattributed += endpoint === 'product-update' ? 1 : 0;
    else route.ingest(event, hold(conversationId ?? current));
  }
  for (const { feed, counts } of streams.values()) {
    const owner = collector.ownerOf(feed);
    if (owner === null) {
      unattributed += counts.streamItems;
      continue;
    }
    const holding = hold(owner);
    holding.captured.noteStream(feed.key, feed.stream);
    holding.noteStream({ counts });
  }
  const warnings: string[] = [];
  if (unreadable > 0) warnings.push(`${unreadable} HAR entries could not be read; left out.`);
  if (unattributed > 0) {
    warnings.push(
      `${unattributed} stream items or product refreshes came before any conversation; left out.`,
    );
  }
  return { conversations: [...holdings.values()], account, refusals, warnings };
}
