import { defineFeature } from '@/features/feature';
import { SOURCES_GRIDS } from './pages-grid';
import { extractSources, type WebSource } from './sources';

/**
 * A page a turn's search returned or its answer cited, one per page and turn: the members of the page the
 * JSON export holds, named one by one so that a member the reader adds does not reach the contract unasked.
 */
export type ExportSource = Pick<
  WebSource,
  'url' | 'title' | 'domain' | 'attribution' | 'turnIndex' | 'messageId' | 'cited' | 'retrieved' | 'rank'
>;

function exportSource(source: WebSource): ExportSource {
  return {
    url: source.url,
    title: source.title,
    domain: source.domain,
    attribution: source.attribution,
    turnIndex: source.turnIndex,
    messageId: source.messageId,
    cited: source.cited,
    retrieved: source.retrieved,
    rank: source.rank,
  };
}

/**
 * The pages each turn's search returned and its answer cited. The Markdown shows them in the transcript,
 * each answer followed by the pages it cited, its markers resolved (`citedMessages`).
 */
export const sourcesFeature = defineFeature({
  id: 'sources',
  read: ({ conversation }) => extractSources(conversation),
  markdown: 'transcript',
  json: (inspection) => ({ sources: inspection.sources.map(exportSource) }),
  snapshot: (inspection) => ({ sources: inspection?.sources ?? [] }),
  // Its kept members are the joined table's rows, which lens/library/record-of-inspection.ts fills.
  library: { grids: SOURCES_GRIDS },
});
