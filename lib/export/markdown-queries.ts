import { groupBy } from '@/lib/export/group-by';
import { inlineText, shortened } from '@/lib/export/markdown-text';
import type { Inspection } from '@/lib/insights/inspection';
import type { SearchQuery } from '@/lib/insights/queries';
import type { Conversation } from '@/lib/model/conversation';

/**
 * `## Search queries`: per turn, a table of every query the model ran (interface 2.4, 4.1), headed by the
 * user's question so a reader knows what prompted them.
 */
const QUESTION_PREVIEW_LENGTH = 90;

/**
 * Turns are numbered as a reader counts them, from 1 at the first question; the messages before it (a
 * system prompt, custom instructions) are "Before the first question". The JSON and CSV exports give the
 * 0-based index into `turns` instead (docs/export-format.md). Only the turns that ran queries are named.
 */
function turnHeadings(conversation: Conversation, turnIndexes: ReadonlySet<number>): Map<number, string> {
  const headings = new Map<number, string>();
  const textById = new Map<string, string>();
  for (const message of conversation.messages) textById.set(message.id, message.text);
  let questionNumber = 0;
  conversation.turns.forEach((turn, index) => {
    if (turn.userMessageId !== null) questionNumber += 1;
    if (!turnIndexes.has(index)) return;
    if (turn.userMessageId === null) {
      headings.set(index, 'Before the first question');
      return;
    }
    const preview = shortened(textById.get(turn.userMessageId) ?? '', QUESTION_PREVIEW_LENGTH);
    headings.set(
      index,
      preview === '' ? `Turn ${questionNumber}` : `Turn ${questionNumber}: ${inlineText(preview)}`,
    );
  });
  return headings;
}

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
  const headings = turnHeadings(inspection.conversation, new Set(byTurn.keys()));
  for (const [turnIndex, turnQueries] of byTurn) {
    blocks.push(`### ${headings.get(turnIndex) ?? `Turn ${turnIndex + 1}`}`, queryTable(turnQueries));
  }
  return blocks.join('\n\n');
}
