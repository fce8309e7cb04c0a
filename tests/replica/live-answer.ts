import type { ChatMessage } from '@/tests/replica/fixtures/formats';
import { answerPieces, finishAnswer } from './answer-stream';
import { splitText } from './http-helpers';
import { liveEvents, type ResumeTokenCarrier } from './live-wire';
import { pythonJson } from './python-json';

/**
 * The live site's answer to one prompt as its stream sends it (site-interface 10.6): the messages of the
 * turn (a search's web.run calls and the tool's results, then the answer) opened and grown by "v1" deltas,
 * the typed records around them, and the wire's quirks: JSON written as Python writes it, a trailing space
 * after some data lines, `: ping` comments while the model or a tool works. The same text goes out as the
 * SSE body and as the `encoded_item`s of a WebSocket topic (site-interface 10.1).
 *
 * The stream is derived from what the replica stores for the turn (answer-stream.ts, search-turn.ts), so
 * the deltas assemble to exactly the messages a later GET of the conversation returns.
 */
export interface LiveTurn {
  conversationId: string;
  /** The conversation's title: every prompt's stream names it in title_generation (see liveAnswerSteps). */
  title: string;
  modelSlug: string;
  /** A search's tool messages as stored: finished, in the order they ran. */
  toolMessages: readonly ChatMessage[];
  /** The stored answer, in progress with empty text: the steps grow it and finish it. */
  answer: ChatMessage;
  /** The answer's whole text, cite markers included. */
  text: string;
  /** What the finished answer's metadata adds: a search's content_references, search_result_groups. */
  metadata: Record<string, unknown>;
  /** An `ads` record to serve after conversation_detail_metadata, or null. */
  ad: Record<string, unknown> | null;
  /** Epoch ms. */
  now: number;
}

/** One piece of the stream as it goes out: one write on the SSE response, one stream item on the socket. */
export interface LiveStep {
  /** SSE text: one or more whole events, each perhaps after a `: ping`. */
  text: string;
  /** The model or a tool works before this step: the sender pauses. */
  waits: boolean;
  /** What the stored turn becomes once the step is out. */
  apply?: () => void;
  /** The step appends the answer's piece of this index: where a cut-off stream may break. */
  answerPiece?: number;
}

const PING = ': ping\n\n';
const TEXT_PATH = '/message/content/parts/0';
const CODE_PATH = '/message/content/text';
const REFERENCES_PATH = '/message/metadata/content_references';

/** One `data:` event; `trailingSpace` writes its data line with a space after the JSON, as the site may. */
export function liveRecord(data: unknown, options: { event?: string; trailingSpace?: boolean } = {}): string {
  const event = options.event === undefined ? '' : `event: ${options.event}\n`;
  return `${event}data: ${pythonJson(data)}${options.trailingSpace ? ' ' : ''}\n\n`;
}

/**
 * What precedes the answer, each its own event: the encoding, the resume token (a planted secret, written
 * as live-wire.ts writes it) and the echoed prompt.
 */
export function liveHead(
  conversationId: string,
  userMessage: ChatMessage,
  carrier: ResumeTokenCarrier,
): string[] {
  return [
    liveEvents.deltaEncoding(),
    liveEvents.resumeToken(conversationId, carrier),
    liveRecord({ type: 'input_message', input_message: userMessage, conversation_id: conversationId }),
  ];
}

/**
 * The short SSE body that hands the answer on (site-interface 10.2): to a WebSocket topic, or to the resume
 * call (site-interface 10.15), as its one option says.
 */
export function liveHandoffBody(conversationId: string, option: Record<string, unknown>): string {
  return (
    liveEvents.deltaEncoding() +
    liveEvents.resumeToken(conversationId) +
    liveRecord({ type: 'stream_handoff', conversation_id: conversationId, options: [option] }) +
    liveEvents.done()
  );
}

interface Reference extends Record<string, unknown> {
  matched_text?: unknown;
  start_idx?: unknown;
  end_idx?: unknown;
  invalid?: unknown;
}

/** Writes deltas as the site does: a text append repeating the previous path and operation is a bare `v`. */
class DeltaWriter {
  private last = '';
  private opened = 0;

  /** `add` at "" opens a message: the first with its path and operation, the next ones as a bare `v`. */
  open(conversationId: string, message: ChatMessage): string {
    const v = { message: structuredClone(message), conversation_id: conversationId, error: null };
    const c = this.opened;
    this.opened += 1;
    this.last = '';
    return liveRecord(c === 0 ? { p: '', o: 'add', v, c } : { v, c }, { event: 'delta' });
  }

  append(path: string, v: unknown): string {
    const bare = typeof v === 'string' && this.last === path;
    this.last = typeof v === 'string' ? path : '';
    return liveRecord(bare ? { v } : { p: path, o: 'append', v }, { event: 'delta' });
  }

  replace(path: string, v: unknown): string {
    this.last = '';
    return liveRecord({ p: path, o: 'replace', v }, { event: 'delta' });
  }

  remove(path: string): string {
    this.last = '';
    return liveRecord({ p: path, o: 'remove' }, { event: 'delta' });
  }

  patch(steps: ReadonlyArray<{ p: string; o: string; v?: unknown }>): string {
    this.last = '';
    return liveRecord({ p: '', o: 'patch', v: steps }, { event: 'delta' });
  }
}

const marker = (conversationId: string, messageId: string, name: string, event: 'first' | 'last'): string =>
  liveRecord(
    { type: 'message_marker', conversation_id: conversationId, message_id: messageId, marker: name, event },
    { trailingSpace: true },
  );

const finishSteps = (message: ChatMessage) => [
  { p: '/message/status', o: 'replace', v: message.status },
  { p: '/message/end_turn', o: 'replace', v: message.end_turn },
];

/**
 * Every step of the answer after its head (liveHead), in the order the site sends them. For a search:
 * each web.run call opened empty and its JSON text appended in pieces, a `search_start` marker after the
 * search call, each tool result opened whole; then the answer. Every prompt's stream carries a
 * title_generation naming the conversation's stored title: the replica's conversations exist before their
 * prompts, and a reader that takes the streamed title must agree with the next load.
 */
export function liveAnswerSteps(turn: LiveTurn): LiveStep[] {
  const writer = new DeltaWriter();
  const id = turn.conversationId;
  const steps: LiveStep[] = [];
  let firstMessage = true;
  const visibleToken = (message: ChatMessage): string => {
    const text = firstMessage ? marker(id, message.id, 'user_visible_token', 'first') : '';
    firstMessage = false;
    return text;
  };
  for (const message of turn.toolMessages) {
    if (message.content.content_type === 'code')
      steps.push(...callSteps(turn, writer, message, visibleToken));
    else steps.push({ text: PING + writer.open(id, message) + visibleToken(message), waits: true });
  }
  steps.push(...answerSteps(turn, writer, visibleToken));
  steps.push(...tailSteps(turn));
  return steps;
}

/** A web.run call: opened empty and in progress, its command appended in pieces, then finished. */
function callSteps(
  turn: LiveTurn,
  writer: DeltaWriter,
  message: ChatMessage,
  visibleToken: (message: ChatMessage) => string,
): LiveStep[] {
  const command = message.content.content_type === 'code' ? message.content.text : '';
  const opened = structuredClone(message);
  if (opened.content.content_type === 'code') opened.content = { ...opened.content, text: '' };
  opened.status = 'in_progress';
  opened.end_turn = null;
  const steps: LiveStep[] = [
    { text: writer.open(turn.conversationId, opened) + visibleToken(message), waits: false },
  ];
  for (const piece of splitText(command, 3))
    steps.push({ text: writer.append(CODE_PATH, piece), waits: true });
  const searches = command.includes('"search_query"');
  steps.push({
    text:
      writer.patch(finishSteps(message)) +
      (searches ? marker(turn.conversationId, message.id, 'search_start', 'first') : ''),
    waits: false,
  });
  return steps;
}

/**
 * The answer's references as its text streams (site-interface 10.5 and site-interface 10.6): each cite
 * marker's reference goes out as a hidden placeholder once the marker's text has, and is replaced by the
 * real reference with the next piece, every other batch inside a patch beside that piece's text. One
 * reference streams `invalid` and loses that member a step later. References no marker stands for (a
 * sources footnote) go out whole after the text.
 */
class ReferenceStream {
  private listed = 0;
  private placeheld: number[] = [];
  private removals: number[] = [];
  private batches = 0;
  /** The last marker's reference that is valid once finished: it streams `invalid` first. */
  private readonly flickering: number;

  constructor(
    private readonly writer: DeltaWriter,
    private readonly references: readonly Reference[],
    private readonly text: string,
  ) {
    this.flickering = references.findLastIndex(
      (reference) => this.isMarker(reference) && !('invalid' in reference),
    );
  }

  /** The deltas of one piece of text: what settles the references held so far, the text, new placeholders. */
  piece(piece: string, sentBefore: number): string {
    let text = this.takeRemovals();
    if (this.placeheld.length > 0 && this.batches++ % 2 === 0)
      text += this.writer.patch([{ p: TEXT_PATH, o: 'append', v: piece }, ...this.replacements()]);
    else {
      text += this.replacements()
        .map((step) => this.writer.replace(step.p, step.v))
        .join('');
      text += this.writer.append(TEXT_PATH, piece);
    }
    const ready: number[] = [];
    const sent = sentBefore + piece.length;
    for (let next = this.references[this.listed]; next !== undefined; next = this.references[this.listed]) {
      if (!this.isMarker(next) || Number(next.end_idx) > sent) break;
      ready.push(this.listed);
      this.listed += 1;
    }
    if (ready.length > 0)
      text += this.writer.append(
        REFERENCES_PATH,
        ready.map((at) => placeholder(this.references[at])),
      );
    this.placeheld = ready;
    return text;
  }

  /** The deltas after the text: the last replacements and removals, the references without a marker. */
  close(): string {
    let text = this.placeheld.length > 0 ? this.writer.patch(this.replacements()) : '';
    text += this.takeRemovals();
    if (this.listed < this.references.length)
      text += this.writer.append(REFERENCES_PATH, this.references.slice(this.listed));
    return text;
  }

  /** Replaces the placeholders held: the real references; the flickering one still `invalid`. */
  private replacements(): Array<{ p: string; o: string; v: unknown }> {
    const steps = this.placeheld.map((at) => {
      const real = this.references[at] as Reference;
      return {
        p: `${REFERENCES_PATH}/${at}`,
        o: 'replace',
        v: at === this.flickering ? { ...real, invalid: true } : real,
      };
    });
    this.removals.push(...this.placeheld.filter((at) => at === this.flickering));
    this.placeheld = [];
    return steps;
  }

  /** Where each marker's text ends: the model sends a marker as one token, so a piece ends there. */
  markerEnds(): number[] {
    return this.references.filter((reference) => this.isMarker(reference)).map((ref) => Number(ref.end_idx));
  }

  private takeRemovals(): string {
    const text = this.removals.map((at) => this.writer.remove(`${REFERENCES_PATH}/${at}/invalid`)).join('');
    this.removals = [];
    return text;
  }

  private isMarker(reference: Reference): boolean {
    const { matched_text: matched, start_idx: start, end_idx: end } = reference;
    return (
      typeof matched === 'string' &&
      matched.trim() !== '' &&
      this.text.slice(Number(start), Number(end)) === matched
    );
  }
}

/**
 * The answer: opened empty, its text appended piece by piece with its references (ReferenceStream), then
 * the search's result groups merged into the metadata, and a patch that finishes it.
 */
function answerSteps(
  turn: LiveTurn,
  writer: DeltaWriter,
  visibleToken: (message: ChatMessage) => string,
): LiveStep[] {
  const id = turn.conversationId;
  const stored = turn.answer;
  const finished = finishAnswer(structuredClone(stored), true, turn.metadata);
  const { content_references: references, ...merged } = turn.metadata;
  const referenceStream = new ReferenceStream(
    writer,
    (Array.isArray(references) ? references : []) as Reference[],
    turn.text,
  );
  const opening =
    writer.open(id, stored) + visibleToken(stored) + marker(id, stored.id, 'final_channel_token', 'first');
  const steps: LiveStep[] = [{ text: PING + opening, waits: true }];
  let sent = 0;
  for (const [index, piece] of splitAt(answerPieces(turn.text), referenceStream.markerEnds()).entries()) {
    const text = referenceStream.piece(piece, sent);
    sent += piece.length;
    const grown = turn.text.slice(0, sent);
    steps.push({ text, waits: true, answerPiece: index, apply: () => setAnswerText(stored, grown) });
  }
  let closing = referenceStream.close();
  if (Object.keys(merged).length > 0) closing += writer.append('/message/metadata', merged);
  closing += writer.patch([
    ...finishSteps(finished),
    {
      p: '/message/metadata',
      o: 'append',
      v: { finish_details: finished.metadata.finish_details, is_complete: finished.metadata.is_complete },
    },
  ]);
  steps.push({ text: closing, waits: false, apply: () => finishAnswer(stored, true, turn.metadata) });
  return steps;
}

/** A reference before the answer settles it: hidden and invalid, holding only where its marker sits. */
const placeholder = (reference: Reference | undefined) => ({
  matched_text: reference?.matched_text,
  start_idx: reference?.start_idx,
  end_idx: reference?.end_idx,
  type: 'hidden',
  invalid: true,
  alt: null,
});

/** The pieces, each cut again at every offset of `cuts` that falls inside it. */
function splitAt(pieces: readonly string[], cuts: readonly number[]): string[] {
  const result: string[] = [];
  const ordered = [...cuts].sort((a, b) => a - b);
  let offset = 0;
  for (const piece of pieces) {
    let from = 0;
    for (const cut of ordered) {
      if (cut - offset > from && cut - offset < piece.length) {
        result.push(piece.slice(from, cut - offset));
        from = cut - offset;
      }
    }
    result.push(piece.slice(from));
    offset += piece.length;
  }
  return result;
}

function setAnswerText(message: ChatMessage, text: string): void {
  message.content = { content_type: 'text', parts: [text] };
}

/** The typed records after the answer: last marker, what the server ran, completion, limits, ad, title. */
function tailSteps(turn: LiveTurn): LiveStep[] {
  const id = turn.conversationId;
  const calls = turn.toolMessages.filter((message) => message.recipient === 'web.run').length;
  const resetAfter = new Date(turn.now + 7 * 86_400_000).toISOString().replace(/\.\d+Z$/, '+00:00');
  const steps: LiveStep[] = [
    {
      text:
        marker(id, turn.answer.id, 'last_token', 'last') +
        liveRecord({
          type: 'server_ste_metadata',
          metadata: {
            model_slug: turn.modelSlug,
            tool_invoked: calls > 0,
            is_search: calls > 0,
            search_tool_call_count: calls,
            turn_use_case: 'text',
            did_auto_switch_to_reasoning: false,
            plan_type: 'plus',
          },
          conversation_id: id,
        }),
      waits: false,
    },
    {
      text: liveRecord({ type: 'message_stream_complete', conversation_id: id }, { trailingSpace: true }),
      waits: false,
    },
    {
      text: liveRecord({
        type: 'conversation_detail_metadata',
        banner_info: null,
        blocked_features: [],
        model_limits: [],
        limits_progress: [{ feature_name: 'deep_research', remaining: 25, reset_after: resetAfter }],
        default_model_slug: turn.modelSlug,
        conversation_id: id,
      }),
      waits: false,
    },
  ];
  if (turn.ad !== null) steps.push({ text: PING + liveRecord(turn.ad), waits: false });
  steps.push({
    text: liveRecord({ type: 'title_generation', title: turn.title, conversation_id: id }),
    waits: false,
  });
  return steps;
}
