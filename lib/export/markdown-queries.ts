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
 * 0-based index into `turns` instead (docs/export-format.md).
 */
function turnHeadings(conversation: Conversation): string[] {
  const byId = new Map(conversation.messages.map((message) => [message.id, message]));
  let questionNumber = 0;
  return conversation.turns.map((turn) => {
    if (turn.userMessageId === null) return 'Before the first question';
    questionNumber += 1;
    const preview = shortened(byId.get(turn.userMessageId)?.text ?? '', QUESTION_PREVIEW_LENGTH);
    return preview === '' ? `Turn ${questionNumber}` : `Turn ${questionNumber}: ${inlineText(preview)}`;
  });
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
  const headings = turnHeadings(inspection.conversation);
  for (const [turnIndex, turnQueries] of groupBy(queries, (query) => query.turnIndex)) {
    blocks.push(`### ${headings[turnIndex] ?? `Turn ${turnIndex + 1}`}`, queryTable(turnQueries));
  }
  return blocks.join('\n\n');
}
