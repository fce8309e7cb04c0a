import { randomBytes, randomUUID } from 'node:crypto';
import type { MessageSpec } from '@/tests/replica/fixtures/conversation-builder';
import { ALL_ENTRIES } from '@/tests/replica/fixtures/corpus';
import type { ChatMessage, StoredConversation } from '@/tests/replica/fixtures/formats';
import { seededRandom, seedFromText } from '@/tests/replica/fixtures/random';

/**
 * site-interface 4.5 and site-interface 6: a prompt becomes a new user message and a streamed assistant
 * answer, appended to the stored conversation so the next load shows it.
 */
export interface PromptRequest {
  prompt: string;
  conversationId: string;
  parentMessageId: string | null;
  userMessageId: string | null;
}

export function parsePromptRequest(body: unknown): PromptRequest | null {
  if (typeof body !== 'object' || body === null) return null;
  const request = body as Record<string, unknown>;
  const message = Array.isArray(request.messages)
    ? (request.messages[0] as Record<string, unknown>)
    : undefined;
  const parts = (message?.content as { parts?: unknown } | undefined)?.parts;
  const prompt = Array.isArray(parts) ? parts.filter((part) => typeof part === 'string').join('\n') : '';
  if (typeof request.conversation_id !== 'string' || prompt.trim() === '') return null;
  return {
    prompt,
    conversationId: request.conversation_id,
    parentMessageId: typeof request.parent_message_id === 'string' ? request.parent_message_id : null,
    userMessageId: typeof message?.id === 'string' ? message.id : null,
  };
}

/** Words too common to tell topics apart ("which of these ..." must not pick a shell question). */
const COMMON_WORDS = new Set([
  'about',
  'does',
  'from',
  'have',
  'into',
  'should',
  'that',
  'these',
  'this',
  'those',
  'what',
  'when',
  'where',
  'which',
  'will',
  'with',
  'would',
  'your',
  'best',
  'good',
  'some',
  'there',
  'their',
]);

const topicWords = (text: string): string[] =>
  (text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((word) => !COMMON_WORDS.has(word));

/**
 * The same prompt always gets the same answer: the corpus entry closest to the prompt, then to the
 * conversation's topic (its title), so a follow-up about headphones in a shopping conversation gets a
 * shopping answer; a random entry when nothing relates. Introduced by the prompt.
 */
export function composeAnswer(prompt: string, topic = ''): string {
  const random = seededRandom(seedFromText(prompt));
  const promptWords = new Set(topicWords(prompt));
  const titleWords = new Set(topicWords(topic));
  const entries = ALL_ENTRIES.map((entry) => entry(random));
  // A word of the prompt weighs more than one of the title; the title breaks ties and fills silences.
  const score = (question: string): number =>
    topicWords(question).reduce(
      (sum, word) => sum + (promptWords.has(word) ? 3 : 0) + (titleWords.has(word) ? 1 : 0),
      0,
    );
  const best = entries.reduce((chosen, entry) =>
    score(entry.question) > score(chosen.question) ? entry : chosen,
  );
  const related = score(best.question) > 0 ? best : random.pick(entries);
  return `About “${prompt.trim()}”: here is what I would do.\n\n${related.answer}`;
}

/** Pieces of an answer as the model would stream them: a few words at a time. */
export function answerPieces(answer: string, count = 8): string[] {
  const words = answer.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / count));
  return Array.from({ length: Math.ceil(words.length / size) }, (_, index) =>
    words.slice(index * size, (index + 1) * size).join(''),
  );
}

export interface AnswerTurn {
  userMessage: ChatMessage;
  /** The stored tool messages between the prompt and the answer (a search's calls and results), in order. */
  toolMessages: ChatMessage[];
  assistantMessage: ChatMessage;
}

/** The turn's visible prompts so far: a new search's marker ids ("turn3search0") must not name an older one's. */
export const promptCount = (conversation: StoredConversation): number =>
  Object.values(conversation.mapping).filter(
    ({ message }) =>
      message?.author.role === 'user' && message.metadata.is_visually_hidden_from_conversation !== true,
  ).length;

/** A tool call or result of the turn (search-turn.ts), stored with the turn's ids, finished as it ran. */
function storedToolMessage(
  spec: MessageSpec,
  parentId: string,
  turnMetadata: Record<string, unknown>,
  seconds: number,
): ChatMessage {
  return {
    id: randomUUID(),
    author: { role: spec.role, name: spec.name ?? null, metadata: {} },
    create_time: seconds,
    update_time: seconds,
    content: spec.content,
    status: 'finished_successfully',
    end_turn: spec.endTurn ?? null,
    weight: 1,
    metadata: { ...turnMetadata, parent_id: parentId, message_type: 'next', ...spec.metadata },
    recipient: spec.recipient ?? 'all',
    channel: spec.channel ?? null,
  };
}

/**
 * Appends the user message, the turn's tool messages (a web search's call and result) and an empty,
 * in-progress answer; the answer becomes the current node.
 */
export function appendPromptTurn(
  conversation: StoredConversation,
  request: PromptRequest,
  now: number,
  toolMessages: readonly MessageSpec[] = [],
): AnswerTurn {
  const seconds = now / 1000;
  const parent =
    request.parentMessageId !== null && conversation.mapping[request.parentMessageId]
      ? request.parentMessageId
      : conversation.currentNode;
  const turnMetadata = {
    turn_exchange_id: randomUUID(),
    request_id: `${randomBytes(8).toString('hex')}-IAD`,
    timestamp_: 'absolute',
  };
  const userMessage: ChatMessage = {
    id: request.userMessageId ?? randomUUID(),
    author: { role: 'user', name: null, metadata: {} },
    create_time: seconds,
    update_time: null,
    content: { content_type: 'text', parts: [request.prompt] },
    status: 'finished_successfully',
    end_turn: null,
    weight: 1,
    metadata: { ...turnMetadata, message_locale: 'en-US', message_source: null },
    recipient: 'all',
    channel: null,
  };
  const tools: ChatMessage[] = [];
  for (const [index, spec] of toolMessages.entries())
    tools.push(
      storedToolMessage(spec, tools.at(-1)?.id ?? userMessage.id, turnMetadata, seconds + 0.1 * (index + 1)),
    );
  const answerParent = tools.at(-1)?.id ?? userMessage.id;
  const assistantMessage: ChatMessage = {
    id: randomUUID(),
    author: { role: 'assistant', name: null, metadata: {} },
    create_time: seconds + 0.5,
    update_time: seconds + 0.5,
    content: { content_type: 'text', parts: [''] },
    status: 'in_progress',
    end_turn: null,
    weight: 1,
    metadata: {
      ...turnMetadata,
      model_slug: conversation.defaultModelSlug,
      default_model_slug: conversation.defaultModelSlug,
      parent_id: answerParent,
      message_type: 'next',
      citations: [],
      content_references: [],
    },
    recipient: 'all',
    channel: 'final',
  };
  // One chain: the prompt, each tool message, the answer.
  const chain = [userMessage, ...tools, assistantMessage];
  chain.forEach((message, index) => {
    conversation.mapping[message.id] = {
      id: message.id,
      parent: chain[index - 1]?.id ?? parent,
      children: chain[index + 1] ? [(chain[index + 1] as ChatMessage).id] : [],
      message,
    };
  });
  conversation.mapping[parent]?.children.push(userMessage.id);
  conversation.currentNode = assistantMessage.id;
  conversation.updateTime = seconds;
  return { userMessage, toolMessages: tools, assistantMessage };
}

/** Grows the stored answer by one piece; returns a snapshot to send. */
export function growAnswer(message: ChatMessage, piece: string, now: number): ChatMessage {
  const text = message.content.content_type === 'text' ? (message.content.parts[0] ?? '') : '';
  message.content = { content_type: 'text', parts: [text + piece] };
  message.update_time = now / 1000;
  return structuredClone(message);
}

/** `citations`: a searched answer's content_references and search_result_groups, which the finished answer carries. */
export function finishAnswer(
  message: ChatMessage,
  complete: boolean,
  citations: Record<string, unknown> = {},
): ChatMessage {
  message.status = complete ? 'finished_successfully' : 'finished_partial_completion';
  message.end_turn = complete ? true : null;
  if (complete)
    message.metadata = {
      ...message.metadata,
      ...citations,
      finish_details: { type: 'stop', stop_tokens: [200002] },
      is_complete: true,
    };
  return structuredClone(message);
}

/** The event payloads of an answer, in the order the site sends them (SSE data or stream-item data). */
export const events = {
  input(conversationId: string, message: ChatMessage): unknown {
    return { type: 'input_message', input_message: message, conversation_id: conversationId };
  },
  delta(conversationId: string, message: ChatMessage): unknown {
    return { message, conversation_id: conversationId, error: null };
  },
  complete(conversationId: string): unknown {
    return { type: 'message_stream_complete', conversation_id: conversationId };
  },
};

export const sseFrame = (data: unknown): string => `data: ${JSON.stringify(data)}\n\n`;
export const SSE_DONE = 'data: [DONE]\n\n';
