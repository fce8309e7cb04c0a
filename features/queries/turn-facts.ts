import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import { readIdentifier, readString } from '@/lib/model/json-read';
import type { StreamedTurn, StreamTransport } from '@/lib/model/streamed-turn';
import type { QueryReport } from './queries';

/** What is known of one turn's answer beyond its messages. */
export interface TurnFact {
  /** The turn's place in Conversation.turns. */
  turnIndex: number;
  /**
   * Whether the model searched the web for the answer; null when nothing says (only the tree was loaded,
   * and it leaves the search tool's messages out: site-interface 4.2).
   */
  searched: boolean | null;
  /** What told it: the stream's own word, or the web.run messages of the turn. */
  searchEvidence: 'stream' | 'tool-messages' | null;
  /** The model that answered: the stream's server metadata, else the answer's own metadata. */
  model: string | null;
  /** The answer streamed while Chat Lens watched (site-interface 10.6). */
  streamed: boolean;
  /** How it streamed, where that is known; null for an answer only loaded. */
  transport: StreamTransport | null;
}

const promptIdOf = (turn: StreamedTurn): string | null =>
  turn.inputMessage === null ? null : readIdentifier(turn.inputMessage.id);

/** The streamed turn that holds one of these messages, if any. */
export function streamedTurnOf(
  ids: ReadonlySet<string>,
  turns: readonly StreamedTurn[],
): StreamedTurn | undefined {
  return turns.findLast(
    (turn) =>
      (promptIdOf(turn) !== null && ids.has(promptIdOf(turn) ?? '')) ||
      turn.messages.some((message) => ids.has(readIdentifier(message.id) ?? '')),
  );
}

/** What the stream says of a search: `is_search` in its server metadata, or a `search_start` marker. */
function searchedByStream(turn: StreamedTurn): boolean | null {
  const flag = turn.serverMetadata.is_search;
  if (typeof flag === 'boolean') return flag;
  if (turn.markers.includes('search_start')) return true;
  return turn.complete ? false : null;
}

/** The model slug of the turn's last answer that names one. */
function modelOf(messages: readonly NormalizedMessage[]): string | null {
  for (const message of [...messages].reverse()) {
    const slug = message.role === 'assistant' ? readString(message.metadata.model_slug) : null;
    if (slug !== null) return slug;
  }
  return null;
}

/**
 * Per turn of the conversation (the turns of a prompt; what comes before the first prompt is no answer):
 * whether a search ran, what says so, and the model. Analysts ask which answers were written without
 * any search, so a turn says false only where the search tool's messages would show (the messages format
 * or a stream holds the turn), and null where nothing can tell.
 */
export function turnFacts(
  conversation: Conversation,
  queries: QueryReport,
  streamedTurns: readonly StreamedTurn[],
): TurnFact[] {
  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  const searchedTurns = new Set(
    queries.queries.filter((query) => query.kind === 'search').map((query) => query.turnIndex),
  );
  return conversation.turns.flatMap((turn, turnIndex) => {
    if (turn.userMessageId === null) return [];
    const messages = turn.messageIds.flatMap((id) => byId.get(id) ?? []);
    const streamed = streamedTurnOf(new Set(turn.messageIds), streamedTurns);
    const fromStream = streamed === undefined ? null : searchedByStream(streamed);
    const toolsShow = messages.some(
      (message) =>
        message.format === 'stream' ||
        (message.format === 'messages' && conversation.formatLoads.messages.loaded),
    );
    const searched = fromStream ?? (searchedTurns.has(turnIndex) ? true : toolsShow ? false : null);
    const model = streamed === undefined ? null : readString(streamed.serverMetadata.model_slug);
    return [
      {
        turnIndex,
        searched,
        searchEvidence: fromStream !== null ? 'stream' : searched === null ? null : 'tool-messages',
        model: model ?? modelOf(messages),
        streamed: streamed !== undefined,
        transport: streamed?.transport ?? null,
      },
    ];
  });
}
