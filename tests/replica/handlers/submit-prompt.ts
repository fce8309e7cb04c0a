import { randomUUID } from 'node:crypto';
import {
  answerPieces,
  appendPromptTurn,
  composeAnswer,
  events,
  finishAnswer,
  growAnswer,
  parsePromptRequest,
  SSE_DONE,
  sseFrame,
} from '../answer-stream';
import { pause, readJsonBody, sendDetail, sendJson, startEventStream } from '../http-helpers';
import type { HandlerContext } from './context';

/** Pause between streamed pieces: long enough for stream_status polls to see IS_STREAMING. */
const PIECE_PAUSE_MS = 60;

/**
 * interface 4.5 and 6: POST /backend-api/f/conversation. The answer streams as SSE on this response, or as
 * stream-item frames on the WebSocket (this response is then a small JSON ack), or both, by scenario. The
 * cut-off scenario destroys the socket half-way, without [DONE].
 */
export async function handleSubmitPrompt(context: HandlerContext): Promise<void> {
  const { response, state, hub, now } = context;
  const prompt = parsePromptRequest(await readJsonBody(context.request));
  if (!prompt) return sendDetail(response, 400, 'conversation_id and a prompt are required');
  const conversation = state.conversation(prompt.conversationId);
  if (!conversation) return sendDetail(response, 404, 'Conversation not found');
  const scenario = state.scenario(prompt.conversationId);
  const transport = scenario?.transport ?? 'sse';
  const overSse = transport !== 'websocket';
  const overSocket = transport !== 'sse';
  const cutOff = overSse && (scenario?.cutOffSse ?? false);
  const id = conversation.id;
  const send = (data: unknown): void => {
    if (overSse && !response.destroyed) response.write(sseFrame(data));
    if (overSocket) hub.sendStreamItem(id, data);
  };

  const turn = appendPromptTurn(conversation, prompt, now());
  state.setStreaming(id, true);
  if (overSse) startEventStream(response);
  else
    sendJson(response, 200, { conversation_id: id, websocket_request_id: randomUUID(), status: 'streaming' });
  try {
    send(events.input(id, turn.userMessage));
    const pieces = answerPieces(composeAnswer(prompt.prompt));
    for (const [index, piece] of pieces.entries()) {
      await pause(PIECE_PAUSE_MS);
      send(events.delta(id, growAnswer(turn.assistantMessage, piece, now())));
      if (cutOff && index + 1 >= pieces.length / 2) {
        finishAnswer(turn.assistantMessage, false);
        response.destroy();
        return;
      }
    }
    send(events.delta(id, finishAnswer(turn.assistantMessage, true)));
    send(events.complete(id));
    if (overSse) response.end(SSE_DONE);
  } finally {
    state.setStreaming(id, false);
  }
}
