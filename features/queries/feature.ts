import { defineFeature } from '@/features/feature';
import type { StreamTransport } from '@/lib/model/streamed-turn';
import { FANOUT_TABLE } from './fanout-table';
import { markdownQueries } from './markdown-queries';
import { extractQueries, type QueryKind, type QueryOrigin } from './queries';
import { QUERIES_GRIDS } from './queries-grid';
import { turnFacts } from './turn-facts';

/** A turn of the JSON export: its messages, and what its TurnFact says of its answer. */
export interface ExportTurn {
  index: number;
  messageIds: string[];
  /** Whether the model searched the web for this turn's answer; null when nothing says (TurnFact). */
  searched: boolean | null;
  searchEvidence: 'stream' | 'tool-messages' | null;
  model: string | null;
  /** The answer streamed while Chat Lens watched. */
  streamed: boolean;
  transport: StreamTransport | null;
}

export interface ExportQuery {
  text: string;
  kind: QueryKind;
  source: QueryOrigin;
  messageId: string;
  turnIndex: number;
  /** The page an open names by reference id, when the conversation names it (SearchQuery.page). */
  page: { url: string; title: string | null } | null;
}

/** The web-search queries the model ran, and per turn whether it searched at all. */
export const queriesFeature = defineFeature({
  id: 'queries',
  read: ({ conversation, streamedTurns }) => {
    const queries = extractQueries(conversation);
    return { queries, turnFacts: turnFacts(conversation, queries, streamedTurns ?? []) };
  },
  markdown: markdownQueries,
  json: (inspection) => ({
    turns: inspection.conversation.turns.map((turn, index): ExportTurn => {
      const fact = inspection.turnFacts.find((found) => found.turnIndex === index);
      return {
        index,
        messageIds: [...turn.messageIds],
        searched: fact?.searched ?? null,
        searchEvidence: fact?.searchEvidence ?? null,
        model: fact?.model ?? null,
        streamed: fact?.streamed ?? false,
        transport: fact?.transport ?? null,
      };
    }),
    queries: inspection.queries.queries.map(
      ({ text, kind, source, messageId, turnIndex, page }): ExportQuery => ({
        text,
        kind,
        source,
        messageId,
        turnIndex,
        page: page === null ? null : { url: page.url, title: page.title },
      }),
    ),
  }),
  snapshot: (inspection) => ({
    queries: inspection?.queries ?? null,
    turnFacts: inspection?.turnFacts ?? [],
  }),
  // Its kept members are the joined table's rows, which lens/library/record-of-inspection.ts fills.
  library: { tables: [FANOUT_TABLE], grids: QUERIES_GRIDS },
});
