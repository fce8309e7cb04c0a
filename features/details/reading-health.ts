import type { InspectionInput } from '@/features/feature';
import { queriesIn } from '@/features/queries/queries';
import { streamedTurnOf } from '@/features/queries/turn-facts';
import type { SearchResults } from '@/features/sources/citation-markers';
import { MAY_HOLD_MARKER } from '@/features/sources/citation-sweep';
import { KNOWN_REFERENCE_TYPES, referenceTypes } from '@/features/sources/content-references';
import { turnSearchResults, unresolvedMarkers } from '@/features/sources/sources';
import { agentUnknowns, isAgentStep } from '@/lib/insights/agent-mode';
import { isImageStep } from '@/lib/insights/image-tool';
import { researchStep } from '@/lib/insights/research-kickoff';
import { toolOf } from '@/lib/insights/tool-command';
import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import { readIdentifier, readString } from '@/lib/model/json-read';
import { searchEvidence } from '@/lib/model/streamed-turn';
import { uiProgramGaps } from '@/lib/model/ui-program';
import { type Unread, UnreadTally } from '@/lib/model/unread';

/**
 * The content types a reader renders on purpose (lib/model/message-content.ts) or reads for an insight; a
 * type outside the list is counted, whatever it shows.
 */
const KNOWN_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'multimodal_text',
  'code',
  'execution_output',
  'citable_code_output',
  'tether_browsing_display',
  'tether_quote',
  'system_error',
  'reasoning_recap',
  'thoughts',
  'user_editable_context',
  'model_editable_context',
  'computer_output',
]);

/**
 * The tools whose calls and outputs a reader understands (site-interface 10.7 to 10.9): the searches, the
 * canvases, deep research, code, by name or by the prefix of their commands; and the image tool, under any
 * name (lib/insights/image-tool.ts). An agent's computer and container are read apart (agentUnknowns).
 */
const KNOWN_TOOL =
  /^(?:web|web\.run|browser|python|bio|file_search|myfiles_browser|canmore\.|research_kickoff_tool\.)/;

const isKnownTool = (message: NormalizedMessage, tool: string): boolean =>
  KNOWN_TOOL.test(tool) || isImageStep(message);

const UNRESOLVED_MARKER = 'citation marker with no reference to resolve it';

/** An answer to the user: only its markers are the site's citations (a tool's text quotes others). */
const isAnswer = (message: NormalizedMessage): boolean =>
  message.role === 'assistant' && (message.recipient === null || message.recipient === 'all');

function readMessage(
  conversation: Conversation,
  message: NormalizedMessage,
  tally: UnreadTally,
  searchResults: SearchResults,
): void {
  if (!KNOWN_CONTENT_TYPES.has(message.contentType))
    tally.add('content-type', message.contentType, 'message.content.content_type');
  const tool = toolOf(message);
  const toolAt = message.role === 'tool' ? 'message.author.name' : 'message.recipient';
  if (isAgentStep(message)) for (const name of agentUnknowns(message)) tally.add('tool', name, toolAt);
  else if (tool !== null && !isKnownTool(message, tool)) tally.add('tool', tool, toolAt);
  // The tree format carries no references (site-interface 4.2): only a message that has them can lack one.
  if (message.metadata.content_references === undefined) return;
  for (const type of referenceTypes(message.metadata))
    if (!KNOWN_REFERENCE_TYPES.has(type))
      tally.add('reference-type', type || '(none)', 'message.metadata.content_references[].type');
  if (!isAnswer(message) || !MAY_HOLD_MARKER.test(message.text)) return;
  const unresolved = unresolvedMarkers(conversation, message, searchResults);
  tally.add('contradiction', UNRESOLVED_MARKER, 'message.content.parts[]', unresolved);
}

const SEARCH_WITHOUT_QUERY = 'search started, no query read';

/**
 * A deep research's message (site-interface 10.9): the researcher searches on its own and names no query,
 * so its search results without one are no contradiction.
 */
const isResearch = (message: NormalizedMessage): boolean =>
  researchStep(message) !== null ||
  'deep_research_version' in message.metadata ||
  /deep-research/.test(readString(message.metadata.model_slug) ?? '');

/**
 * Each answer that says a search ran (searchEvidence) and names no query, where the messages format holds
 * its turn: the one format that carries the queries (site-interface 9.1). A stream or the tree alone may
 * lack them, and says nothing until the messages format holds the turn.
 */
function searchesWithoutQuery(
  { conversation, streamedTurns = [] }: InspectionInput,
  turnMessages: readonly NormalizedMessage[][],
  tally: UnreadTally,
): void {
  if (!conversation.formatLoads.messages.loaded) return;
  for (const [place, turn] of conversation.turns.entries()) {
    const messages = turnMessages[place] ?? [];
    if (turn.userMessageId === null) continue;
    if (!messages.some((message) => message.format === 'messages') || messages.some(isResearch)) continue;
    const stream =
      streamedTurns.length === 0 ? null : streamedTurnOf(new Set(turn.messageIds), streamedTurns);
    const evidence = searchEvidence(
      stream ?? null,
      messages.map((message) => message.metadata),
    );
    if (evidence !== null && !messages.some((message) => queriesIn(message).length > 0))
      tally.add('contradiction', SEARCH_WITHOUT_QUERY, evidence);
  }
}

/**
 * The messages an answer stream is still making: a UI program's readable form may come last
 * (site-interface 10.14), so what it lacks is counted once its stream ended.
 */
const beingMade = (streamedTurns: InspectionInput['streamedTurns']): Set<string> =>
  new Set(
    (streamedTurns ?? [])
      .filter((turn) => !turn.ended && !turn.complete)
      .flatMap((turn) => turn.messages.flatMap((message) => readIdentifier(message.id) ?? [])),
  );

/** What the conversation, its ads response and its answer streams held that no reader could read. */
export function readingHealth(input: InspectionInput): Unread[] {
  const { conversation, adsReport, streamedTurns } = input;
  const tally = new UnreadTally();
  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  const turnMessages = conversation.turns.map((turn) => turn.messageIds.flatMap((id) => byId.get(id) ?? []));
  const making = beingMade(streamedTurns);
  for (const messages of turnMessages) {
    const searchResults = turnSearchResults(messages);
    for (const message of messages) {
      readMessage(conversation, message, tally, searchResults);
      if (!making.has(message.id))
        for (const { name, at } of uiProgramGaps(message.metadata)) tally.add('ui-program', name, at);
    }
  }
  searchesWithoutQuery(input, turnMessages, tally);
  if (adsReport?.shownAny === true && adsReport.entries.length === 0)
    tally.add('contradiction', 'ads response named ads, none read', 'ads_response');
  const turns = streamedTurns ?? [];
  for (const [index, turn] of turns.entries()) {
    tally.addAll(turn.unread);
    // No answer is missing from a stream that said the prompt was refused (site-interface 10.16), nor
    // from a handoff to the resume call, whose event goes whole with its token in the page hook: the
    // resumed stream that follows is its answer (site-interface 10.15).
    const handedToResume = turns[index + 1]?.resumed === true;
    if (
      turn.ended &&
      !turn.answered &&
      turn.handoffTopics.length === 0 &&
      turn.refusal === null &&
      !handedToResume
    )
      tally.add('contradiction', 'answer stream ended without a message', 'answer stream');
  }
  return tally.list();
}
