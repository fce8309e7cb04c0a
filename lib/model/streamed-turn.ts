import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { type AdEntry, parseAdRecord } from './ad-record';
import {
  applyAt,
  applyPointerOp,
  locate,
  type PointerLocation,
  type PointerOp,
  pointerTokens,
} from './json-pointer-ops';
import { isRecord, type JsonRecord, readIdentifier, readString } from './json-read';
import type { SiteRefusal } from './site-refusal';
import { type Unread, UnreadTally } from './unread';

/**
 * What the answer stream of one turn said (site-interface 10.6, site-interface 10.2), assembled from SSE
 * text: the body of POST /backend-api/f/conversation, or the `encoded_item`s of a WebSocket topic in
 * order. The messages are as the messages format would hold them; the typed records are read where they
 * arrive. Nothing secret is kept: a resume token is never read, and an ad unit is parsed at once, which
 * drops its tracking values and its integrity payload (architecture "Secrets").
 */
export interface StreamedTurn {
  /** The conversation the stream names; null when it names none. */
  conversationId: string | null;
  /** The user's prompt (`input_message`), as a message object; null when the stream did not echo it. */
  inputMessage: JsonRecord | null;
  /** Every message the stream opened, in order, each once (an id opened again replaces its first copy). */
  messages: JsonRecord[];
  /** `server_ste_metadata`'s metadata, members merged as they came. */
  serverMetadata: JsonRecord;
  /** `message_marker` markers in order (`user_visible_token`, `search_start`, …). */
  markers: string[];
  title: string | null;
  /** `conversation_detail_metadata`'s default_model_slug. */
  defaultModelSlug: string | null;
  /** The ad units the stream served (`ads` records), parsed: links clean, no token. */
  ads: AdEntry[];
  /** The WebSocket topics a `stream_handoff` sent the answer to. */
  handoffTopics: string[];
  /** `[DONE]` arrived. */
  ended: boolean;
  /** `message_stream_complete` arrived, or the last message finished (status, end_turn). */
  complete: boolean;
  /** A message of its own answered (a handoff-only body carries none). */
  answered: boolean;
  /** It was read, in whole or in part, from a resume call (site-interface 10.15). */
  resumed: boolean;
  /**
   * The site refused the prompt inside the stream (a mobile web answer's `failed` control, site-interface
   * 10.16); null when it did not.
   */
  refusal: SiteRefusal | null;
  /** Records skipped because they could not be read, with why. */
  warnings: string[];
  /** The typed records and delta operations of kinds no reader knows, by name (export-format "`unread`"). */
  unread: Unread[];
  /** How it came, where the one who read it knows (stream-collector.ts); null for a body read alone. */
  transport: StreamTransport | null;
}

/**
 * How an answer streamed: over SSE, a WebSocket, or as a mobile web answer's HTML (site-interface 10.16).
 */
export type StreamTransport = 'sse' | 'websocket' | 'html';

/** What a stream has said so far that costs nothing to ask: no message is copied. */
export type StreamFacts = Pick<
  StreamedTurn,
  'conversationId' | 'handoffTopics' | 'ended' | 'complete' | 'answered' | 'refusal' | 'resumed'
> & {
  warningCount: number;
  /**
   * The answer searched the web (searchEvidence: its server metadata, a `search_start` marker, or results in a
   * message) yet no message of the stream named a query: the stream does not hold the turn whole, and the
   * messages format does (site-interface 9.1).
   */
  lacksQueries: boolean;
};

export interface StreamedTurnReader {
  /** SSE text, split anywhere: the same text in any pieces gives the same turn. */
  feed(text: string): void;
  /** A whole piece of SSE text whose last event ends with it: a WebSocket stream item's `encoded_item`. */
  feedEvents(text: string): void;
  /** The end of the text: a record cut off mid-way is dropped, with a warning. */
  end(): void;
  /**
   * The text fed next goes on from the answer's event `offset` (site-interface 10.15: a resume call's
   * offset): events this reader has read already are skipped, and events it never saw are named in a
   * warning, as the turn then lacks them.
   */
  resumeAt(offset: number): void;
  /** The turn as assembled so far: a copy, which later text does not change. */
  turn(): StreamedTurn;
  facts(): StreamFacts;
}

const DONE = '[DONE]';
/** Only the latest warnings are kept: a long stream of bad records must not grow without end. */
const MAX_WARNINGS = 20;
const DELTA_OPS: ReadonlySet<string> = new Set(['add', 'append', 'replace', 'remove', 'patch']);
/**
 * The typed records read for nothing, on purpose (site-interface 10.6, site-interface 10.15): a resume token
 * is a secret; a moderation verdict or a safety review's, the image tool's progress, a patch of the prompt's
 * message while the answer streams, a notification and a stop say nothing an export keeps.
 */
const RECORDS_LEFT_ALONE: ReadonlySet<string> = new Set([
  'resume_conversation_token',
  'url_moderation',
  'safety_review_update',
  'streaming_parent_patch',
  'conversation_async_status',
  'notification',
  'stop',
]);

/** A message's delta target: the record `{message, conversation_id, error}` an `add` at "" opened. */
interface OpenedMessage {
  holder: { document: unknown };
}

export interface StreamedTurnReaderOptions {
  /**
   * Whether `turn()` copies what it hands out (the default), so that later text does not change a turn
   * already read. A reader read once and dropped (readStreamedTurn) hands out what it assembled.
   */
  copies?: boolean;
}

export function createStreamedTurnReader({
  copies = true,
}: StreamedTurnReaderOptions = {}): StreamedTurnReader {
  const copy = <T>(value: T): T => (copies ? structuredClone(value) : value);
  let conversationId: string | null = null;
  let inputMessage: JsonRecord | null = null;
  const opened: OpenedMessage[] = [];
  let serverMetadata: JsonRecord = {};
  const markers: string[] = [];
  let title: string | null = null;
  let defaultModelSlug: string | null = null;
  const ads: AdEntry[] = [];
  const handoffTopics: string[] = [];
  let ended = false;
  let streamComplete = false;
  let resumed = false;
  /** The answer's events read (comments are none), and the number of the next event the text brings. */
  let eventsRead = 0;
  let nextEvent = 0;
  /** The body's end is being read: the event it completes may be one cut off mid-way. */
  let ending = false;
  let warnings: string[] = [];
  const unread = new UnreadTally();
  /** The previous delta's path and operation, which a bare `{"v": …}` repeats. */
  let lastPath = '';
  let lastOp = 'add';
  /**
   * Where the last run of appends went: a long answer appends thousands of pieces to one path, which is
   * walked once. Any other operation, or another message, may change the structure: it is walked again.
   */
  let appending: { target: OpenedMessage; tokens: readonly string[]; location: PointerLocation } | null =
    null;

  const warn = (text: string): void => {
    warnings = [...warnings, text].slice(-MAX_WARNINGS);
  };
  const nameConversation = (value: unknown): void => {
    conversationId ??= readIdentifier(value);
  };
  const current = (): OpenedMessage | undefined => opened[opened.length - 1];

  /** A message record: a new message, or a fresh copy of one already opened. */
  const open = (record: JsonRecord): void => {
    nameConversation(record.conversation_id);
    const id = isRecord(record.message) ? readIdentifier(record.message.id) : null;
    const at = id === null ? -1 : opened.findIndex((message) => messageId(message) === id);
    const message: OpenedMessage = { holder: { document: record } };
    if (at === -1) opened.push(message);
    else {
      // A fresh copy of a message opened before: it takes that message's place, and later deltas go to it.
      opened.splice(at, 1);
      opened.push(message);
    }
  };

  const applyDelta = (path: string, op: string, value: unknown): void => {
    if (op === 'patch') {
      if (!Array.isArray(value)) {
        warn('A patch delta holds no list of operations; skipped.');
        return;
      }
      for (const step of value) {
        if (!isRecord(step)) warn('A patch step is not an object; skipped.');
        else applyDelta(readString(step.p) ?? '', readString(step.o) ?? '', step.v);
      }
      return;
    }
    if (!DELTA_OPS.has(op)) {
      unread.add('delta-op', op, 'o');
      return;
    }
    const tokens = pointerTokens(path);
    if (tokens === null) {
      warn("A delta's path is no JSON pointer; skipped.");
      return;
    }
    // An add at "" opens the next message (or brings a typed record, such as an ad unit); every other
    // operation changes the message opened last.
    if (tokens.length === 0 && op === 'add') {
      const type = isRecord(value) ? readString(value.type) : null;
      if (!isRecord(value)) warn('A delta opening a message holds no object; skipped.');
      else if (type !== null && !isRecord(value.message)) readTyped(value, type);
      else open(value);
      return;
    }
    const target = current();
    if (target === undefined) {
      warn('A delta came before any message; skipped.');
      return;
    }
    if (op === 'append' && tokens.length > 0) {
      if (appending?.target !== target || appending.tokens !== tokens) {
        const location = locate(target.holder.document, tokens);
        appending = location === null ? null : { target, tokens, location };
      }
      if (appending === null || !applyAt(appending.location, 'append', value))
        warn('A delta names nothing it can append to; skipped.');
      return;
    }
    appending = null;
    if (!applyPointerOp(target.holder, tokens, op as PointerOp, value))
      warn(`A delta names nothing it can ${op}; skipped.`);
  };

  const readDelta = (record: JsonRecord): void => {
    // A bare value holding a message opens the next one, whatever came before: a message is never a list
    // of patch steps or a piece of text. So does an add without its path (site-interface 10.15).
    if (
      record.p === undefined &&
      (record.o === undefined || record.o === 'add') &&
      isRecord(record.v) &&
      isRecord(record.v.message)
    ) {
      lastPath = '';
      lastOp = 'add';
      open(record.v);
      return;
    }
    const path = readString(record.p) ?? (record.p === undefined ? lastPath : null);
    const op = readString(record.o) ?? (record.o === undefined ? lastOp : null);
    if (path === null || op === null) {
      warn('A delta with an unreadable path or operation was skipped.');
      return;
    }
    lastPath = path;
    lastOp = op;
    applyDelta(path, op, record.v);
  };

  const readTyped = (record: JsonRecord, type: string): void => {
    nameConversation(record.conversation_id);
    switch (type) {
      case 'input_message':
        if (isRecord(record.input_message)) inputMessage = structuredClone(record.input_message);
        break;
      case 'message_marker': {
        const marker = readString(record.marker);
        if (marker !== null) markers.push(marker);
        break;
      }
      case 'server_ste_metadata':
        if (isRecord(record.metadata)) serverMetadata = { ...serverMetadata, ...record.metadata };
        break;
      case 'message_stream_complete':
        streamComplete = true;
        break;
      case 'conversation_detail_metadata':
        defaultModelSlug = readString(record.default_model_slug) ?? defaultModelSlug;
        break;
      case 'title_generation':
        title = readString(record.title) ?? title;
        break;
      case 'stream_handoff':
        for (const option of Array.isArray(record.options) ? record.options : []) {
          const topic = isRecord(option) ? readString(option.topic_id) : null;
          // An empty topic names no turn: nothing could ever be subscribed to under it.
          if (topic !== null && topic !== '' && !handoffTopics.includes(topic)) handoffTopics.push(topic);
        }
        break;
      case 'ads': {
        // Parsed at once as the ad record it is: nothing secret of the unit stays held.
        const adWarnings: string[] = [];
        ads.push(...parseAdRecord(record, null, adWarnings).map((entry) => ({ ...entry, streamed: true })));
        for (const warning of adWarnings) warn(warning);
        break;
      }
      default:
        if (!RECORDS_LEFT_ALONE.has(type)) unread.add('stream-record', type, 'type');
    }
  };

  const onEvent = (message: EventSourceMessage): void => {
    // A resumed stream may repeat events read before it (resumeAt).
    if (nextEvent++ < eventsRead) return;
    eventsRead = nextEvent;
    const data = message.data;
    // `[DONE]` may carry trailing spaces; no JSON record starts with '['.
    if (data.startsWith(DONE)) {
      ended = true;
      return;
    }
    const text = message.event === 'delta' ? bareText(data) : undefined;
    if (text !== undefined) {
      applyDelta(lastPath, lastOp, text);
      return;
    }
    let record: unknown;
    try {
      record = JSON.parse(data);
    } catch {
      // Its text is not echoed: a record cut off mid-way may be anything.
      warn('A stream record is not JSON; skipped.');
      // One the body's end cut off is no event of the answer: a resume brings it whole (resumeAt).
      if (ending) eventsRead = --nextEvent;
      return;
    }
    if (message.event === 'delta_encoding') return;
    if (!isRecord(record)) {
      warn('A stream record is not an object; skipped.');
      return;
    }
    const type = readString(record.type);
    try {
      if (message.event === 'delta' || (type === null && ('v' in record || 'o' in record))) readDelta(record);
      else if (type !== null) readTyped(record, type);
      // The document's form: each event a whole copy of the message so far.
      else if (isRecord(record.message)) open(record);
    } catch {
      // A record nested deeper than the stack can walk (a copy of it overflows): skipped, as any record the
      // reader cannot use, so the turn read so far stands (architecture "Tolerant reader").
      warn('A stream record could not be read; skipped.');
    }
  };

  let parser = createParser({ onEvent });

  return {
    feed: (text) => parser.feed(text),
    feedEvents(text) {
      parser.feed(text);
      parser.feed('\n\n');
    },
    end() {
      // A last event without its blank line is whole only if the body ended after it; one cut mid-way
      // is not JSON and is dropped with a warning.
      ending = true;
      parser.feed('\n\n');
      ending = false;
      parser = createParser({ onEvent });
    },
    resumeAt(offset) {
      resumed = true;
      // What an earlier body cut off mid-event is not part of the resumed text.
      parser = createParser({ onEvent });
      if (offset > eventsRead)
        warn(`${offset - eventsRead} events of the answer before its resumed part were not seen.`);
      nextEvent = offset;
      eventsRead = Math.max(eventsRead, offset);
    },
    turn(): StreamedTurn {
      const messages = openedMessages().map(copy);
      const { warningCount: _, lacksQueries: __, ...said } = facts();
      return {
        inputMessage: inputMessage === null ? null : copy(inputMessage),
        messages,
        serverMetadata: copy(serverMetadata),
        markers: [...markers],
        title,
        defaultModelSlug,
        ads: copy(ads),
        warnings: [...warnings],
        unread: unread.list(),
        transport: null,
        ...said,
      };
    },
    facts,
  };

  function openedMessages(): JsonRecord[] {
    return opened.flatMap((message) => {
      const record = message.holder.document;
      return isRecord(record) && isRecord(record.message) ? [record.message] : [];
    });
  }

  function facts(): StreamFacts {
    const messages = openedMessages();
    const last = messages[messages.length - 1];
    return {
      conversationId,
      handoffTopics: [...handoffTopics],
      ended,
      complete: streamComplete || (last !== undefined && finished(last)),
      answered: messages.some((message) => roleOf(message) !== 'user'),
      // A refusal comes in place of the SSE stream, as its status (TabRuntime.pageEvent).
      refusal: null,
      resumed,
      warningCount: warnings.length,
      lacksQueries:
        searchEvidence({ serverMetadata, markers }, messages.map(metadataOf)) !== null &&
        !messages.some((message) => metadataOf(message).search_model_queries !== undefined),
    };
  }
}

/** Search results a message carries: a list of groups, not empty (an answer that did not search has `[]`). */
const carriesResults = (groups: unknown): boolean => Array.isArray(groups) && groups.length > 0;

/** The key path of what says an answer searched (site-interface 9.1), as reading health names it. */
export type SearchEvidence =
  | 'server_ste_metadata.is_search'
  | 'message_marker.search_start'
  | 'message.metadata.search_result_groups';

/**
 * What says an answer searched, the first that does: the stream's server metadata, its marker, or the
 * results a message of the answer carries (`metadata`, one per message); null when nothing says so.
 */
export function searchEvidence(
  stream: Pick<StreamedTurn, 'serverMetadata' | 'markers'> | null,
  metadata: readonly Readonly<Record<string, unknown>>[],
): SearchEvidence | null {
  if (stream?.serverMetadata.is_search === true) return 'server_ste_metadata.is_search';
  if (stream?.markers.includes('search_start') === true) return 'message_marker.search_start';
  if (metadata.some((members) => carriesResults(members.search_result_groups)))
    return 'message.metadata.search_result_groups';
  return null;
}

/** The start of a bare text delta, as the site writes it (Python-style) and as JSON.stringify would. */
const BARE_TEXT_STARTS = ['{"v": "', '{"v":"'];

/**
 * The text of a bare delta `{"v": "<text>"}`, read as its string alone; undefined for any other record. A
 * long answer is thousands of these, each repeating the previous path and operation (site-interface
 * 10.6), and reading the string alone spares the object around it.
 */
function bareText(data: string): string | undefined {
  const start = BARE_TEXT_STARTS.find((prefix) => data.startsWith(prefix));
  if (start === undefined || !data.trimEnd().endsWith('"}')) return undefined;
  try {
    const text: unknown = JSON.parse(data.slice(start.length - 1, data.trimEnd().length - 1));
    return typeof text === 'string' ? text : undefined;
  } catch {
    // Another member after the text (`{"v": "a", "c": 2}`): the whole record is read instead.
    return undefined;
  }
}

function messageId(message: OpenedMessage): string | null {
  const record = message.holder.document;
  return isRecord(record) && isRecord(record.message) ? readIdentifier(record.message.id) : null;
}

const metadataOf = (message: JsonRecord): JsonRecord => (isRecord(message.metadata) ? message.metadata : {});

const roleOf = (message: JsonRecord): string | null =>
  isRecord(message.author) ? readString(message.author.role) : null;

/** The answer's last message says it is done. */
const finished = (message: JsonRecord): boolean =>
  message.status === 'finished_successfully' && message.end_turn === true;

/** Reads a whole stream text at once. */
export function readStreamedTurn(text: string): StreamedTurn {
  const reader = createStreamedTurnReader({ copies: false });
  reader.feed(text);
  reader.end();
  return reader.turn();
}
