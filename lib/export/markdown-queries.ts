import type { Inspection } from '@/lib/insights/inspection';
import type { SearchQuery } from '@/lib/insights/queries';
import { groupBy } from './group-by';
import { inlineText } from './markdown-text';
import { turnLabels, turnLabelText } from './turn-labels';

/**
 * `## Search queries`: per turn, a table of every query the model ran (site-interface 2.4 and
 * site-interface 4.1), headed by the user's question so a reader knows what prompted them.
 */
const QUESTION_PREVIEW_LENGTH = 90;

function queryTable(queries: readonly SearchQuery[]): string {
  const rows = queries.map((query) => `| ${query.kind} | ${inlineText(query.text)} | ${query.source} |`);
  return ['| Kind | Query | Found in |', '| --- | --- | --- |', ...rows].join('\n');
}

export function markdownQueries(inspection: Inspection): string {
  const { queries, note } = inspection.queries;
  const blocks = ['## Search queries'];
  if (note !== null) blocks.push(`_${inlineText(note)}_`);
  if (queries.length === 0) {
    blocks.push('No search queries were found.');
    return blocks.join('\n\n');
  }
  const byTurn = groupBy(queries, (query) => query.turnIndex);
  const labels = turnLabels(inspection.conversation, new Set(byTurn.keys()), QUESTION_PREVIEW_LENGTH);
  for (const [turnIndex, turnQueries] of byTurn) {
    const label = labels.get(turnIndex);
    const heading = label === undefined ? `Turn ${turnIndex + 1}` : turnLabelText(label, inlineText);
    blocks.push(`### ${heading}`, queryTable(turnQueries));
  }
  return blocks.join('\n\n');
}
