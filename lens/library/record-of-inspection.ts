import { featureKept, featureKeptTurns } from '@/features/index';
import type { SearchQuery } from '@/features/queries/queries';
import { keptQueryOf } from '@/features/queries/query-record';
import { citationCounts, keptPageOf, shownAnswerText } from '@/features/sources/page-record';
import type { WebSource } from '@/features/sources/sources';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import { groupBy } from '@/lib/export/group-by';
import { otherBranches } from '@/lib/model/other-branches';
import { isAnswerMessage } from '@/lib/model/turn-answer';
import {
  LIBRARY_READER,
  type LibraryConversation,
  type LibraryTurn,
  type LibraryVersion,
} from './library-record';

export interface RecordOptions {
  /** Keep the answers' text (the library's "keep answer text"; brand mentions read it). */
  keepAnswerText: boolean;
  savedAt: number;
}

/**
 * The queries of the search call that returned a page: the search queries read from the last message, at
 * or before the one where the page appeared, that names any (the call and its results come in that order).
 */
function callQueriesOf(
  source: WebSource,
  searches: readonly SearchQuery[],
  placeOf: ReadonlyMap<string, number>,
): string[] {
  const at = placeOf.get(source.messageId);
  if (!source.retrieved || at === undefined) return [];
  let callPlace = -1;
  for (const query of searches) {
    const place = placeOf.get(query.messageId) ?? -1;
    if (place <= at && place > callPlace) callPlace = place;
  }
  return searches
    .filter((query) => (placeOf.get(query.messageId) ?? -1) === callPlace)
    .map((query) => query.text);
}

function libraryTurns(inspection: Inspection, keepAnswerText: boolean): LibraryTurn[] {
  const { conversation } = inspection;
  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  const piecesOf = new Map(inspection.citedMessages.map((cited) => [cited.messageId, cited.pieces]));
  // Grouped once: a 10,000-message conversation has thousands of turns and tens of thousands of pages.
  const queriesOf = groupBy(inspection.queries.queries, (query) => query.turnIndex);
  const sourcesOf = groupBy(inspection.sources, (source) => source.turnIndex);
  const featureMembersOf = featureKeptTurns(inspection);
  return inspection.turnFacts.map((fact) => {
    const turn = conversation.turns[fact.turnIndex];
    const messageIds = turn?.messageIds ?? [];
    const placeOf = new Map(messageIds.map((id, place) => [id, place]));
    const messages = messageIds.flatMap((id) => byId.get(id) ?? []);
    const queries = queriesOf.get(fact.turnIndex) ?? [];
    const searches = queries.filter((query) => query.kind === 'search');
    const counts = citationCounts(messages.flatMap((message) => piecesOf.get(message.id) ?? []));
    const prompt = turn?.userMessageId == null ? undefined : byId.get(turn.userMessageId);
    const answers = messages.filter(isAnswerMessage);
    return {
      index: fact.turnIndex,
      prompt: prompt?.text ?? null,
      answer: keepAnswerText
        ? answers.map((message) => shownAnswerText(message, piecesOf.get(message.id))).join('\n\n')
        : null,
      at: prompt?.createTimeMs ?? null,
      model: fact.model,
      searched: fact.searched,
      transport: fact.transport,
      queries: queries.map(keptQueryOf),
      pages: (sourcesOf.get(fact.turnIndex) ?? []).map((source) =>
        keptPageOf(source, counts, callQueriesOf(source, searches, placeOf)),
      ),
      ...featureMembersOf(fact.turnIndex),
    };
  });
}

/**
 * The turns of the branches the site does not show (architecture "Versions of a prompt"), each inspected
 * on its own as the active branch is, each turn once however many branches share it.
 */
function libraryVersions(inspection: Inspection, keepAnswerText: boolean): LibraryVersion[] {
  const { conversation } = inspection;
  const shownTurnOf = new Map(
    conversation.turns.flatMap((turn, index) =>
      turn.userMessageId === null ? [] : [[turn.userMessageId, index]],
    ),
  );
  const shown = new Set(conversation.messages.map((message) => message.id));
  const seen = new Set<string>();
  const versions: LibraryVersion[] = [];
  for (const branch of otherBranches(conversation)) {
    const branchInspection = inspect({ conversation: branch.conversation });
    const turns = libraryTurns(branchInspection, keepAnswerText);
    branch.conversation.turns.forEach((turn, place) => {
      const key = turn.messageIds.join(' ');
      const libraryTurn = turns.find((candidate) => candidate.index === place);
      if (seen.has(key) || libraryTurn === undefined || turn.messageIds.every((id) => shown.has(id))) return;
      seen.add(key);
      const versionOf =
        place === 0 && branch.versionOf !== null ? shownTurnOf.get(branch.versionOf) : undefined;
      versions.push({ ...libraryTurn, versionOf: versionOf ?? null });
    });
  }
  return versions;
}

/** The models that answered, in order, else the conversation's default model. */
function modelsOf(turns: readonly LibraryTurn[], defaultModel: string | null): string[] {
  const models = [...new Set(turns.flatMap((turn) => (turn.model === null ? [] : [turn.model])))];
  return models.length > 0 || defaultModel === null ? models : [defaultModel];
}

/**
 * What the library keeps of an inspected conversation (library-record.ts); null for a conversation that
 * names no id, which no later write could replace.
 */
export function recordOfInspection(
  inspection: Inspection,
  options: RecordOptions,
): LibraryConversation | null {
  const { conversation } = inspection;
  if (conversation.id === null) return null;
  const turns = libraryTurns(inspection, options.keepAnswerText);
  return {
    id: conversation.id,
    title: conversation.title,
    models: modelsOf(turns, conversation.modelSlug),
    createdAt: conversation.createTimeMs,
    updatedAt: conversation.updateTimeMs,
    savedAt: options.savedAt,
    transport: inspection.transport,
    answerTextKept: options.keepAnswerText,
    turns,
    versions: libraryVersions(inspection, options.keepAnswerText),
    ...featureKept(inspection),
    unread: inspection.unread.map(({ kind, name, count }) => ({ kind, name, count })),
    reader: LIBRARY_READER,
  };
}
