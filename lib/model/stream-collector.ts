import { createMobileWebTurnReader, type MobileWebRequest } from './mobile-web-turn';
import type { ResumePoint } from './resume-request';
import {
  createStreamedTurnReader,
  type StreamedTurn,
  type StreamedTurnReader,
  type StreamTransport,
} from './streamed-turn';

/**
 * A piece of a submit call's answer stream, or of a resume call's (site-interface 10.15), as the page hook
 * passes it on (lib/capture/page-event.ts).
 */
export interface AnswerStreamPiece {
  /** Which answer stream of the page it belongs to. */
  stream: number;
  status: number;
  text: string;
  ended: boolean;
  truncated: boolean;
  /** Where a resume call goes on from; absent for the submit call. */
  resume?: ResumePoint;
  /** A signed-out answer on the mobile web surface (site-interface 10.16): HTML frames or JSON lines. */
  mobileWeb?: MobileWebRequest;
}

/** An answer item of a WebSocket frame, as lib/capture/stream-frame.ts reads it. */
export interface StreamItemPiece {
  kind: 'stream-item' | 'done';
  topicId: string | null;
  streamItemId: string | null;
  text: string;
}

/** An answer stream as it is read: its reader, how it came, whether it broke off. */
export interface HeldStream {
  /** Read on as more comes: ask it for the turn when it is needed. */
  reader: StreamedTurnReader;
  transport: StreamTransport;
  /** The body broke off, or came with an error status: what arrived is kept, but the turn is not whole. */
  cutOff: boolean;
}

/** The turn a held stream assembled so far, with how it came; a stream that broke off is never complete. */
export function heldTurn(stream: HeldStream): StreamedTurn {
  const turn = stream.reader.turn();
  return { ...turn, transport: stream.transport, complete: turn.complete && !stream.cutOff };
}

/** Topics and streams remembered: a long chat must not grow them without end. */
const MAX_REMEMBERED = 200;

/** What one piece of a stream brought, and where it goes. */
export interface StreamFeed {
  /** The stream's key: the same for every piece of one stream. */
  key: string;
  /** The WebSocket topic it came on (live form); null for an SSE answer or the document form. */
  topicId: string | null;
  stream: HeldStream;
  /** The conversation the stream belongs to, or null when nothing names one. */
  owner: string | null;
  /** The stream just ended: the body's end, or its topic's `done`. */
  ended: boolean;
  /** An answer item seen for the first time: a catch-up replays an item with its id, and counts once. */
  freshItem: boolean;
}

const INPUT_MESSAGE = /"type"\s*:\s*"input_message"/;

interface DocumentSocket {
  key: string;
  reader: StreamedTurnReader;
  ended: boolean;
}

interface TopicStream {
  reader: StreamedTurnReader;
  seen: Set<string>;
}

/** Sets or adds in a Map, forgetting the oldest entry beyond MAX_REMEMBERED. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as K);
  return value;
}

/**
 * The answer streams one page sees (site-interface 6, site-interface 10.6), each read as it arrives: the
 * SSE answers of the submit call by their number, the live WebSocket's items by their topic, the document
 * form's items one answer after the other. Each belongs to the conversation it names, else to the one
 * whose stream_handoff named its topic (the live topic names a turn, not the conversation), else to the
 * page's. The worker keeps one per tab; `inspect` one per HAR file.
 */
export class StreamCollector {
  readonly #answers = new Map<number, { key: string; reader: StreamedTurnReader }>();
  /**
   * The answer each conversation streamed last, by SSE or WebSocket: a resume call that goes on from
   * an offset past its start continues it (site-interface 10.15).
   */
  readonly #lastAnswers = new Map<string, { key: string; reader: StreamedTurnReader }>();
  readonly #topics = new Map<string, TopicStream>();
  readonly #topicOwners = new Map<string, string>();
  #documentSocket: DocumentSocket | null = null;
  #documentAnswers = 0;
  /** Streams of a conversation nobody held yet (a new chat names itself as it streams). */
  readonly #unheld = new Map<string, { owner: string; stream: HeldStream }>();

  /**
   * The conversation a stream belongs to by what is known now: a HAR file lists a socket at its opening,
   * before the handoff that names its topic's conversation.
   */
  ownerOf(feed: StreamFeed): string | null {
    const byTopic = feed.topicId === null ? undefined : this.#topicOwners.get(feed.topicId);
    return byTopic ?? feed.stream.reader.facts().conversationId ?? feed.owner;
  }

  /** A stream whose conversation is not held yet, kept for it. */
  keepUnheld(feed: StreamFeed): void {
    if (feed.owner !== null) remember(this.#unheld, feed.key, { owner: feed.owner, stream: feed.stream });
  }

  /** The streams kept for a conversation now held. */
  claim(conversationId: string): Array<[string, HeldStream]> {
    const claimed: Array<[string, HeldStream]> = [];
    for (const [key, kept] of this.#unheld) {
      if (kept.owner !== conversationId) continue;
      claimed.push([key, kept.stream]);
      this.#unheld.delete(key);
    }
    return claimed;
  }

  /**
   * A piece of the submit call's answer stream, or of a resume call's: a resume names its conversation,
   * and goes on with that conversation's last answer when its offset is past the answer's start, whether
   * or not the part before it was seen (site-interface 10.15).
   */
  answerPiece(event: AnswerStreamPiece, page: string | null): StreamFeed {
    const answer =
      this.#answers.get(event.stream) ?? remember(this.#answers, event.stream, this.#open(event));
    const { key, reader } = answer;
    reader.feed(event.text);
    if (event.ended) {
      reader.end();
      this.#answers.delete(event.stream);
    }
    const facts = reader.facts();
    const owner = facts.conversationId ?? event.resume?.conversationId ?? page;
    if (owner !== null) for (const topic of facts.handoffTopics) remember(this.#topicOwners, topic, owner);
    if (owner !== null && facts.answered) remember(this.#lastAnswers, owner, answer);
    const failed = event.status < 200 || event.status >= 300;
    return {
      key,
      topicId: null,
      stream: { reader, transport: event.mobileWeb ? 'html' : 'sse', cutOff: event.truncated || failed },
      owner,
      ended: event.ended,
      freshItem: false,
    };
  }

  /** The reader a new answer stream feeds: its own, or for a resume past the start, the answer it resumes. */
  #open(event: AnswerStreamPiece): { key: string; reader: StreamedTurnReader } {
    if (event.mobileWeb)
      return { key: `answer:${event.stream}`, reader: createMobileWebTurnReader(event.mobileWeb) };
    const { conversationId = null, offset = null } = event.resume ?? {};
    const resumed = conversationId === null ? undefined : this.#lastAnswers.get(conversationId);
    if (offset === null || offset === 0 || resumed === undefined) {
      const reader = createStreamedTurnReader();
      if (offset !== null) reader.resumeAt(offset);
      return { key: `answer:${event.stream}`, reader };
    }
    resumed.reader.resumeAt(offset);
    return resumed;
  }

  /** One answer item of a WebSocket frame; null for a catch-up's replay of an item already read. */
  streamItem(item: StreamItemPiece, page: string | null): StreamFeed | null {
    if (item.topicId === null) return this.#documentItem(item, page);
    const topic =
      this.#topics.get(item.topicId) ??
      remember(this.#topics, item.topicId, { reader: createStreamedTurnReader(), seen: new Set() });
    if (item.streamItemId !== null) {
      if (topic.seen.has(item.streamItemId)) return null;
      topic.seen.add(item.streamItemId);
    }
    if (item.kind === 'done') topic.reader.end();
    else topic.reader.feedEvents(item.text);
    const owner = this.#topicOwners.get(item.topicId) ?? topic.reader.facts().conversationId ?? page;
    if (owner !== null && topic.reader.facts().answered)
      remember(this.#lastAnswers, owner, { key: `topic:${item.topicId}`, reader: topic.reader });
    return {
      key: `topic:${item.topicId}`,
      topicId: item.topicId,
      stream: { reader: topic.reader, transport: 'websocket', cutOff: false },
      owner,
      ended: item.kind === 'done',
      freshItem: item.kind === 'stream-item',
    };
  }

  /**
   * The document form's items name no topic: one answer follows the other on the socket, each starting
   * with its prompt (`input_message`).
   */
  #documentItem(item: StreamItemPiece, page: string | null): StreamFeed {
    const current = this.#documentSocket;
    if (current === null || (INPUT_MESSAGE.test(item.text) && current.reader.facts().answered)) {
      this.#documentAnswers += 1;
      this.#documentSocket = {
        key: `socket:${this.#documentAnswers}`,
        reader: createStreamedTurnReader(),
        ended: false,
      };
    }
    const socket = this.#documentSocket as DocumentSocket;
    socket.reader.feedEvents(item.text);
    const facts = socket.reader.facts();
    // The document form sends no `done`: the answer's own completion ends it, once.
    const ended = facts.complete && !socket.ended;
    socket.ended ||= ended;
    return {
      key: socket.key,
      topicId: null,
      stream: { reader: socket.reader, transport: 'websocket', cutOff: false },
      owner: facts.conversationId ?? page,
      ended,
      freshItem: item.kind === 'stream-item',
    };
  }
}
