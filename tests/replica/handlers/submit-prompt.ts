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
import type { StoredConversation } from '@/tests/replica/fixtures/formats';
import type { Scenario } from '@/tests/replica/fixtures/scenarios';
import { pause, readJsonBody, sendDetail, sendJson, startEventStream } from '@/tests/replica/http-helpers';
import { liveEvents, resumeTokenEvent, streamItem, turnTopicId } from '@/tests/replica/live-wire';
import { searchedAnswer } from '@/tests/replica/search-turn';
import type { HandlerContext } from './context';

/** Pause between streamed pieces: long enough for stream_status polls to see IS_STREAMING. */
const PIECE_PAUSE_MS = 60;
/** How long a handed-off answer waits for the page to subscribe to its topic before it streams anyway. */
const SUBSCRIBE_TIMEOUT_MS = 5000;

interface Answering {
  context: HandlerContext;
  conversation: StoredConversation;
  prompt: PromptRequest;
  scenario: Scenario | undefined;
  turn: AnswerTurn;
  /** The text that streams, and what the finished answer's metadata adds (a search's citations). */
  answer: { text: string; metadata: Record<string, unknown> };
}

/**
 * site-interface 4.5 and site-interface 6: POST /backend-api/f/conversation. The answer streams in the
 * scenario's wire form (document or live) over its transport; the stored conversation grows with it, so the
 * next load shows it.
 */
export async function handleSubmitPrompt(context: HandlerContext): Promise<void> {
  const { response, state, now } = context;
  const prompt = parsePromptRequest(await readJsonBody(context.request));
  if (!prompt) return sendDetail(response, 400, 'conversation_id and a prompt are required');
  const conversation = state.conversation(prompt.conversationId);
  if (!conversation) return sendDetail(response, 404, 'Conversation not found');
  const scenario = state.scenario(prompt.conversationId);
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
    turn: appendPromptTurn(conversation, prompt, now(), search?.toolMessages),
    answer: search ?? { text, metadata: {} },
  };
  state.setStreaming(conversation.id, true);
  try {
    if (scenario?.wire !== 'live') await answerInDocumentForm(answering);
    else if (scenario.transport === 'sse') await answerInLiveSse(answering);
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
    await pause(PIECE_PAUSE_MS);
    send(events.delta(id, growAnswer(turn.assistantMessage, piece, now())));
    if (cutOff && index + 1 >= pieces.length / 2) {
      finishAnswer(turn.assistantMessage, false);
      response.destroy();
      return;
    }
  }
  send(events.delta(id, finishAnswer(turn.assistantMessage, true, answer.metadata)));
  send(events.complete(id));
  if (overSse) response.end(SSE_DONE);
}

/** The live site's answer as SSE text, event by event, in the "v1" delta encoding. */
async function streamLiveAnswer(
  { context, conversation, answer, turn }: Answering,
  send: (event: string) => void,
): Promise<void> {
  const id = conversation.id;
  send(liveEvents.addMessage(id, structuredClone(turn.assistantMessage)));
  for (const [index, piece] of answerPieces(answer.text).entries()) {
    await pause(PIECE_PAUSE_MS);
    growAnswer(turn.assistantMessage, piece, context.now());
    send(liveEvents.append(piece, index === 0));
  }
  finishAnswer(turn.assistantMessage, true, answer.metadata);
  send(liveEvents.finish());
  send(liveEvents.complete(id));
}

/** The live site's inline SSE answer: its resume token first, then the answer on this response. */
async function answerInLiveSse(answering: Answering): Promise<void> {
  const { response } = answering.context;
  const id = answering.conversation.id;
  startEventStream(response);
  response.write(
    liveEvents.deltaEncoding() +
      liveEvents.resumeToken(id) +
      liveEvents.input(id, answering.turn.userMessage),
  );
  await streamLiveAnswer(answering, (event) => response.write(event));
  response.end(liveEvents.done());
}

/**
 * The live site's handoff: a short SSE body (resume token, stream_handoff to the turn's topic, [DONE]),
 * then the answer as stream items on that topic of the socket on ws.chatgpt.com. A resume token rides in
 * the first frames too. The first items go out before the page can subscribe; it gets them as catch-ups.
 */
async function answerByLiveHandoff(answering: Answering): Promise<void> {
  const { response, hub } = answering.context;
  const id = answering.conversation.id;
  const turnId = randomUUID();
  const topicId = turnTopicId(turnId);
  startEventStream(response);
  response.end(
    liveEvents.deltaEncoding() +
      liveEvents.resumeToken(id) +
      liveEvents.handoff(id, topicId) +
      liveEvents.done(),
  );
  let sent = 0;
  const publish = (event: string): void => {
    sent += 1;
    hub.publish(topicId, streamItem(`${turnId}-${sent}`, event));
  };
  publish(liveEvents.deltaEncoding());
  publish(liveEvents.resumeToken(id, 'websocket'));
  publish(liveEvents.input(id, answering.turn.userMessage));
  await hub.subscribed(topicId, SUBSCRIBE_TIMEOUT_MS);
  await streamLiveAnswer(answering, publish);
  hub.publish(topicId, { type: 'done' });
}

/** The cited pages a searched answer marks safe to link (its safe_urls), for the conversation's own list. */
const readSafeUrls = (metadata: Record<string, unknown>): string[] =>
  Array.isArray(metadata.safe_urls)
    ? metadata.safe_urls.filter((url): url is string => typeof url === 'string')
    : [];
