import { randomUUID } from 'node:crypto';
import {
  type AnswerTurn,
  answerPieces,
  appendPromptTurn,
  composeAnswer,
  events,
  finishAnswer,
  growAnswer,
  type PromptRequest,
  parsePromptRequest,
  promptCount,
  SSE_DONE,
  sseFrame,
} from '@/tests/replica/answer-stream';
import { adIds } from '@/tests/replica/fixtures/ad-ids';
import { streamedAdRecord } from '@/tests/replica/fixtures/ads-live';
import type { MessageSpec } from '@/tests/replica/fixtures/conversation-builder';
import type { StoredConversation } from '@/tests/replica/fixtures/formats';
import type { Scenario } from '@/tests/replica/fixtures/scenarios';
import { pause, readJsonBody, sendDetail, sendJson, startEventStream } from '@/tests/replica/http-helpers';
import { type LiveStep, liveAnswerSteps, liveHandoffBody, liveHead } from '@/tests/replica/live-answer';
import {
  liveEvents,
  resumeToken,
  resumeTokenEvent,
  streamItem,
  turnTopicId,
} from '@/tests/replica/live-wire';
import { ResumedAnswer } from '@/tests/replica/resumed-answer';
import { searchedAnswer } from '@/tests/replica/search-turn';
import type { HandlerContext } from './context';

/** Pause between streamed pieces: long enough for stream_status polls to see IS_STREAMING. */
const PIECE_PAUSE_MS = 60;
/** How often a held answer (ReplicaOverride.answerHeld) looks whether it was let go. */
const HELD_CHECK_MS = 50;
/** How long a handed-off answer waits for the page to subscribe to its topic before it streams anyway. */
const SUBSCRIBE_TIMEOUT_MS = 5000;

/** How a conversation's answers stream: its scenario's behaviour, or a signed-out chat's. */
type AnswerStyle = Partial<
  Pick<Scenario, 'wire' | 'transport' | 'searchesOnPrompt' | 'cutOffSse' | 'streamsAd'>
>;

interface Answering {
  context: HandlerContext;
  conversation: StoredConversation;
  prompt: PromptRequest;
  scenario: AnswerStyle | undefined;
  turn: AnswerTurn;
  /** The text that streams, and what the finished answer's metadata adds (a search's citations). */
  answer: { text: string; metadata: Record<string, unknown> };
  /** How long each piece waits: PIECE_PAUSE_MS, unless the conversation's override says otherwise. */
  pauseMs: number;
  /** Resolves once the conversation's override no longer holds the answer (ReplicaOverride.answerHeld). */
  untilLetGo: () => Promise<void>;
}

/**
 * site-interface 4.5 and site-interface 6: POST /backend-api/f/conversation. The answer streams in the
 * scenario's wire form (document or live) over its transport; the stored conversation grows with it, so the
 * next load shows it.
 */
export async function handleSubmitPrompt(context: HandlerContext): Promise<void> {
  const body = await readJsonBody(context.request);
  // site-interface 10.12: a temporary chat's first prompt names no conversation; the answer names it.
  if (isObject(body) && body.history_and_training_disabled === true)
    return answerStreamNamedChat(context, body, 'temporary');
  // site-interface 10.12: a new chat's first prompt names no conversation either; the answer names it.
  if (isObject(body) && body.conversation_id === undefined)
    return answerStreamNamedChat(context, body, 'new');
  const prompt = parsePromptRequest(body);
  if (!prompt) return sendDetail(context.response, 400, 'conversation_id and a prompt are required');
  const conversation = context.state.conversation(prompt.conversationId);
  if (!conversation) return sendDetail(context.response, 404, 'Conversation not found');
  await answerPrompt(context, conversation, prompt, context.state.scenario(prompt.conversationId));
}

/**
 * A temporary chat, or a new chat's first prompt, answers as a signed-out chat does, in the live form; the
 * chat is kept (a temporary one while it lasts).
 */
async function answerStreamNamedChat(
  context: HandlerContext,
  body: Record<string, unknown>,
  kind: 'temporary' | 'new',
): Promise<void> {
  const named = typeof body.conversation_id === 'string' ? body.conversation_id : null;
  const prompt = parsePromptRequest({ ...body, conversation_id: named ?? randomUUID() });
  if (!prompt) return sendDetail(context.response, 400, 'a prompt is required');
  const conversation = context.state.streamNamedConversation(prompt.conversationId, context.now(), kind);
  await answerPrompt(context, conversation, prompt, SIGNED_OUT_ANSWERS);
}

/** How the site answers a chat used signed out: the live form over SSE, searching the web. */
const SIGNED_OUT_ANSWERS: AnswerStyle = { wire: 'live', transport: 'sse', searchesOnPrompt: true };
/** What the live site answers a submit it distrusts, in place of a stream (site-interface 10.10). */
const UNUSUAL_ACTIVITY = 'Unusual activity has been detected from your device. Try again later.';
/** A signed-out prompt starting with this is refused, as the live site refuses a submit it distrusts. */
export const REFUSED_PROMPT_MARK = '[refuse]';

/**
 * site-interface 10.10: POST /backend-anon/f/conversation, a chat used signed out. No token is asked for.
 * The first prompt starts a conversation that the page's address never names; the stream names it, and the
 * next prompts send its id. A hidden system message of the guest plan streams before the answer.
 */
export async function handleSignedOutSubmit(context: HandlerContext): Promise<void> {
  const body = await readJsonBody(context.request);
  const named = isObject(body) && typeof body.conversation_id === 'string' ? body.conversation_id : null;
  const prompt = parsePromptRequest({
    ...(isObject(body) ? body : {}),
    conversation_id: named ?? randomUUID(),
  });
  if (!prompt) return sendDetail(context.response, 400, 'a prompt is required');
  if (prompt.prompt.startsWith(REFUSED_PROMPT_MARK))
    return sendDetail(context.response, 403, UNUSUAL_ACTIVITY);
  const conversation = context.state.streamNamedConversation(
    prompt.conversationId,
    context.now(),
    'signed-out',
  );
  await answerPrompt(context, conversation, prompt, SIGNED_OUT_ANSWERS, [GUEST_SYSTEM_MESSAGE]);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The guest plan's hidden system message, which a signed-out answer streams first. */
const GUEST_SYSTEM_MESSAGE: MessageSpec = {
  role: 'system',
  content: { content_type: 'text', parts: [''] },
  metadata: { is_visually_hidden_from_conversation: true, rebase_developer_message: true },
};

/**
 * The answer to one prompt, in the conversation's style; the stored conversation grows with it, so the next
 * load shows it. `before`: messages that stream ahead of the turn's own (a guest plan's system message).
 */
async function answerPrompt(
  context: HandlerContext,
  conversation: StoredConversation,
  prompt: PromptRequest,
  scenario: AnswerStyle | undefined,
  before: readonly MessageSpec[] = [],
): Promise<void> {
  const { state, now } = context;
  const text = composeAnswer(prompt.prompt, conversation.title ?? '');
  // A web-search conversation searches, as the site does: the queries and pages reach the stored turn.
  const search = scenario?.searchesOnPrompt
    ? searchedAnswer(prompt.prompt, text, promptCount(conversation))
    : null;
  if (search !== null) conversation.safeUrls.push(...readSafeUrls(search.metadata));
  const answering: Answering = {
    context,
    conversation,
    prompt,
    scenario,
    turn: appendPromptTurn(conversation, prompt, now(), [...before, ...(search?.toolMessages ?? [])]),
    answer: search ?? { text, metadata: {} },
    pauseMs: state.override(conversation.id).answerPauseMs ?? PIECE_PAUSE_MS,
    untilLetGo: async () => {
      while (state.override(conversation.id).answerHeld === true) await pause(HELD_CHECK_MS);
    },
  };
  state.setStreaming(conversation.id, true);
  try {
    if (scenario?.wire !== 'live') await answerInDocumentForm(answering);
    else if (scenario.transport === 'sse') await answerInLiveSse(answering);
    else if (state.override(conversation.id).handoff === 'resume-sse') await answerByResumeHandoff(answering);
    else await answerByLiveHandoff(answering);
  } finally {
    state.setStreaming(conversation.id, false);
  }
}

/**
 * The plain forms: SSE on this response, or stream-item frames on the WebSocket (this response is then a
 * small JSON ack), or both, by scenario. The cut-off scenario destroys the socket half-way, without [DONE].
 */
async function answerInDocumentForm({
  context,
  conversation,
  answer,
  scenario,
  turn,
  pauseMs,
  untilLetGo,
}: Answering): Promise<void> {
  const { response, hub, now } = context;
  const transport = scenario?.transport ?? 'sse';
  const overSse = transport !== 'websocket';
  const overSocket = transport !== 'sse';
  const cutOff = overSse && (scenario?.cutOffSse ?? false);
  const id = conversation.id;
  const send = (data: unknown): void => {
    if (overSse && !response.destroyed) response.write(sseFrame(data));
    if (overSocket) hub.sendStreamItem(id, data);
  };

  if (overSse) startEventStream(response);
  else
    sendJson(response, 200, { conversation_id: id, websocket_request_id: randomUUID(), status: 'streaming' });
  // Each way the answer streams first hands the page a resume token (a secret), as the live site does.
  if (overSse) response.write(sseFrame(resumeTokenEvent(id, 'sse')));
  if (overSocket) hub.sendStreamItem(id, resumeTokenEvent(id, 'websocket'));
  send(events.input(id, turn.userMessage));
  const pieces = answerPieces(answer.text);
  for (const [index, piece] of pieces.entries()) {
    await pause(pauseMs);
    await untilLetGo();
    send(events.delta(id, growAnswer(turn.assistantMessage, piece, now())));
    if (cutOff && index + 1 >= pieces.length / 2) {
      // Let the last piece reach the reader before the connection breaks, as the live wire's cut does: a
      // break that comes with the data drops what a reader has not taken yet, and a cloned body (the page
      // hook's copy) holds what arrived in a queue of the page's own, which the break empties.
      await pause(pauseMs);
      finishAnswer(turn.assistantMessage, false);
      response.destroy();
      return;
    }
  }
  send(events.delta(id, finishAnswer(turn.assistantMessage, true, answer.metadata)));
  send(events.complete(id));
  if (overSse) response.end(SSE_DONE);
}

/** The steps of the live answer to this prompt (live-answer.ts), from what the replica stored. */
function liveSteps({ context, conversation, answer, scenario, turn }: Answering): LiveStep[] {
  const adKind = scenario?.streamsAd ?? null;
  return liveAnswerSteps({
    conversationId: conversation.id,
    title: conversation.title,
    modelSlug: conversation.defaultModelSlug,
    toolMessages: turn.toolMessages,
    answer: turn.assistantMessage,
    text: answer.text,
    metadata: answer.metadata,
    // Seeded by the prompt's message: each answer's tracking values are its own.
    ad:
      adKind === null
        ? null
        : streamedAdRecord(adIds(`${conversation.id}:${turn.userMessage.id}`), adKind, conversation.id),
    now: context.now(),
  });
}

/**
 * Sends the steps, pausing where the model or a tool works, and before a piece of the answer's text while
 * it is held; each step's stored change first.
 */
async function sendSteps(
  steps: readonly LiveStep[],
  { pauseMs, untilLetGo }: Answering,
  send: (text: string) => void,
): Promise<void> {
  for (const step of steps) {
    if (step.waits) await pause(pauseMs);
    if (step.answerPiece !== undefined) await untilLetGo();
    step.apply?.();
    send(step.text);
  }
}

/**
 * The live site's inline SSE answer: the head (encoding, resume token, prompt), the answer's steps, [DONE].
 * The cut-off scenario breaks off half-way through the answer's text, in the middle of a data line
 * (site-interface 10.6: a body may be cut off anywhere).
 */
async function answerInLiveSse(answering: Answering): Promise<void> {
  const { response } = answering.context;
  const { conversation, turn, scenario } = answering;
  startEventStream(response);
  response.write(liveHead(conversation.id, turn.userMessage, 'sse').join(''));
  const steps = liveSteps(answering);
  const pieces = steps.filter((step) => step.answerPiece !== undefined).length;
  const cutAt = scenario?.cutOffSse
    ? steps.findIndex((step) => step.answerPiece === Math.floor(pieces / 2))
    : -1;
  await sendSteps(cutAt < 0 ? steps : steps.slice(0, cutAt), answering, (text) => response.write(text));
  const cutStep = steps[cutAt];
  if (cutStep === undefined) {
    response.end(liveEvents.done());
    return;
  }
  await pause(PIECE_PAUSE_MS);
  response.write(halfwayThroughData(cutStep.text));
  // Let the half line reach the reader before the connection breaks.
  await pause(PIECE_PAUSE_MS);
  finishAnswer(turn.assistantMessage, false);
  response.destroy();
}

/** The SSE text up to the middle of its first data line's JSON (never inside a surrogate pair). */
function halfwayThroughData(text: string): string {
  const start = text.indexOf('data: ') + 'data: '.length;
  const end = text.indexOf('\n', start);
  let cut = start + Math.floor(((end < 0 ? text.length : end) - start) / 2);
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut += 1;
  return text.slice(0, cut);
}

/**
 * The live site's handoff: a short SSE body (resume token, stream_handoff to the turn's topic, [DONE]),
 * then the answer as stream items on that topic of the socket on ws.chatgpt.com, one step to an item. A
 * resume token rides in the first items too. They go out before the page can subscribe; it gets them as
 * catch-ups.
 */
async function answerByLiveHandoff(answering: Answering): Promise<void> {
  const { response, hub } = answering.context;
  const { conversation, turn } = answering;
  const turnId = randomUUID();
  const topicId = turnTopicId(turnId);
  startEventStream(response);
  response.end(liveHandoffBody(conversation.id, { type: 'subscribe_ws_topic', topic_id: topicId }));
  let sent = 0;
  const publish = (text: string): void => {
    sent += 1;
    hub.publish(topicId, streamItem(`${turnId}-${sent}`, text));
  };
  for (const event of liveHead(conversation.id, turn.userMessage, 'websocket')) publish(event);
  await hub.subscribed(topicId, SUBSCRIBE_TIMEOUT_MS);
  await sendSteps(liveSteps(answering), answering, publish);
  hub.publish(topicId, { type: 'done' });
}

/** Where a handed-off answer goes on over SSE (site-interface 10.15). */
export const RESUME_PATH = '/backend-api/f/conversation/resume';

/**
 * The live site's handoff to `resume_sse_endpoint`: the short SSE body, then the answer (its encoding and
 * prompt, then its steps) for the resume call to read (handlers/resume-stream.ts) once the page comes for
 * it. Once the answer is whole it is stored, and a later resume is told so (410).
 */
async function answerByResumeHandoff(answering: Answering): Promise<void> {
  const { response, state } = answering.context;
  const { conversation, turn } = answering;
  const resumed = new ResumedAnswer();
  state.resumedAnswers.set(conversation.id, resumed);
  startEventStream(response);
  // The option carries a resume token (a secret) that the page sends back with its resume call.
  const option = { type: 'resume_sse_endpoint', endpoint: RESUME_PATH, resume_token: resumeToken('sse') };
  response.end(liveHandoffBody(conversation.id, option));
  try {
    const [encoding = '', , prompt = ''] = liveHead(conversation.id, turn.userMessage, 'sse');
    resumed.write(encoding + prompt);
    await resumed.readerArrives(SUBSCRIBE_TIMEOUT_MS);
    await sendSteps(liveSteps(answering), answering, (text) => resumed.write(text));
  } finally {
    resumed.end();
    state.resumedAnswers.delete(conversation.id);
  }
}

/** The cited pages a searched answer marks safe to link (its safe_urls), for the conversation's own list. */
const readSafeUrls = (metadata: Record<string, unknown>): string[] =>
  Array.isArray(metadata.safe_urls)
    ? metadata.safe_urls.filter((url): url is string => typeof url === 'string')
    : [];
