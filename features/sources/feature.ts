import { defineFeature } from '@/features/feature';
import { extractSources, type WebSource } from './sources';

/** A page a turn's search returned or its answer cited, one per page and turn. */
export interface ExportSource {
  url: string;
  title: string | null;
  domain: string | null;
  attribution: string | null;
  turnIndex: number;
  messageId: string;
  cited: boolean;
  retrieved: boolean;
  rank: number | null;
}

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
});
