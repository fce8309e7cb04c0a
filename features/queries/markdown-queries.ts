import { groupBy } from '@/lib/export/group-by';
import { inlineText, link } from '@/lib/export/markdown-text';
import { QUESTION_PREVIEW_LENGTH, turnLabels, turnLabelText } from '@/lib/export/turn-labels';
import type { Conversation } from '@/lib/model/conversation';
import type { QueryReport, SearchQuery } from './queries';
import type { TurnFact } from './turn-facts';

/** The query as the model wrote it; an open by reference id as the page it names (SearchQuery.page). */
function queryCell(query: SearchQuery): string {
  return query.page === null
    ? inlineText(query.text)
    : link(query.page.title ?? query.page.url, query.page.url);
}

function queryTable(queries: readonly SearchQuery[]): string {
  const rows = queries.map((query) => `| ${query.kind} | ${queryCell(query)} | ${query.source} |`);
  return ['| Kind | Query | Found in |', '| --- | --- | --- |', ...rows].join('\n');
}

/** What the section reads. */
interface QueriesInspected {
  conversation: Conversation;
  queries: QueryReport;
  turnFacts: readonly TurnFact[];
}

/** Which answers were written with a web search and which without, where anything says (TurnFact). */
function searchLine(inspection: QueriesInspected): string | null {
  const known = inspection.turnFacts.filter((fact) => fact.searched !== null);
  const searched = known.filter((fact) => fact.searched).length;
  // With no search at all, "No search queries were found" says it.
  if (searched === 0) return null;
  const without = known.filter((fact) => fact.searched === false);
  // Named by number only: shortening thousands of questions nobody reads cost a twentieth of the page.
  const labels = turnLabels(inspection.conversation, new Set(without.map((fact) => fact.turnIndex)), null);
  const names = without.map((fact) => `Turn ${labels.get(fact.turnIndex)?.number ?? fact.turnIndex + 1}`);
  const answers = known.length === 1 ? 'answer' : 'answers';
  return `Searched the web for ${searched} of ${known.length} ${answers}.${names.length === 0 ? '' : ` Without a search: ${names.join(', ')}.`}`;
}

/**
 * `## Search queries`: per turn, a table of every query the model ran (site-interface 2.4 and
 * site-interface 4.1), headed by the user's question so a reader knows what prompted them.
 */
export function markdownQueries(inspection: QueriesInspected): string {
  const { queries, note } = inspection.queries;
  const blocks = ['## Search queries'];
  if (note !== null) blocks.push(`_${inlineText(note)}_`);
  const searches = searchLine(inspection);
  if (searches !== null) blocks.push(searches);
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
