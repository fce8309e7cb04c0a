import { defineFeature } from '@/features/feature';
import { NOTHING_OBSERVED } from '@/lib/model/transport';
import type { ComparisonCounts, FormatComparison } from './format-comparison';
import { markdownDetails } from './markdown-details';
import { readingHealth } from './reading-health';
import { detectTransport } from './transport';

/** Longer lists of the format comparison are cut in the snapshot; its counts say how many there were. */
export const MAX_LISTED_DIFFERENCES = 100;

function cutComparison(comparison: FormatComparison): FormatComparison {
  const cut = <T>(list: T[]): T[] => list.slice(0, MAX_LISTED_DIFFERENCES);
  return {
    ...comparison,
    messagesOnly: cut(comparison.messagesOnly),
    treeOnly: cut(comparison.treeOnly),
    streamOnly: cut(comparison.streamOnly),
    metadataKeyDifferences: cut(comparison.metadataKeyDifferences),
    fieldDifferences: cut(comparison.fieldDifferences),
  };
}

function countsOf(comparison: FormatComparison): ComparisonCounts {
  return {
    messagesOnly: comparison.messagesOnly.length,
    treeOnly: comparison.treeOnly.length,
    streamOnly: comparison.streamOnly.length,
    metadataKeyDifferences: comparison.metadataKeyDifferences.length,
    fieldDifferences: comparison.fieldDifferences.length,
  };
}

/**
 * How the conversation was loaded and streamed, and the answers the user rated (site-interface 10.8): the transport (site-interface 6), which formats were
 * held and how they differ (site-interface 2.4, site-interface 4.2), and what of it no reader could read.
 */
export const detailsFeature = defineFeature({
  id: 'details',
  read: (input) => ({
    transport: detectTransport(input.transportObservation ?? NOTHING_OBSERVED),
    formats: input.formats ?? null,
    unread: readingHealth(input),
    ratings: [...(input.ratings ?? [])],
  }),
  markdown: markdownDetails,
  json: ({ transport, formats, unread, ratings }) => ({
    transport,
    formats,
    unread: unread.map(({ kind, name, count }) => ({ kind, name, count })),
    ratings,
  }),
  snapshot: (inspection) => {
    const comparison = inspection?.formats ?? null;
    return {
      transport: inspection?.transport ?? 'unknown',
      formatComparison: comparison === null ? null : cutComparison(comparison),
      formatComparisonCounts: comparison === null ? null : countsOf(comparison),
      formatLoads: inspection?.conversation.formatLoads ?? null,
      unread: inspection?.unread ?? [],
    };
  },
});
