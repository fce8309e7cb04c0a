import { codeSpan, inlineText } from '@/lib/export/markdown-text';
import { CONVERSATION_FLAG_KEYS, type Conversation, type FormatLoadStatus } from '@/lib/model/conversation';
import type { AnswerRating } from '@/lib/model/message-feedback';
import type { Transport } from '@/lib/model/transport';
import type { Unread } from '@/lib/model/unread';
import type { FormatComparison } from './format-comparison';
import { markdownFormatComparison } from './markdown-format-comparison';
import { unreadEntryText } from './unread';

/**
 * `## Details`: how the conversation was loaded and streamed: transport (site-interface 6), which formats
 * were loaded and how they differ (site-interface 1, site-interface 2.4 and site-interface 4.2), top-level
 * keys that site-interface 2.1 does not list (site-interface 9.3), and the conversation's flags
 * (site-interface 2.1).
 */
const TRANSPORT_TEXT: Record<Transport, string> = {
  websocket: 'WebSocket (stream-item frames carried the answers)',
  sse: 'server-sent events (the answers came as SSE responses)',
  html: 'an HTML stream (a signed-out chat on the mobile web surface)',
  unknown: 'unknown (no answer was seen streaming)',
};

/**
 * Pages for the messages format, answers for the streams; nothing for the tree, which always comes in one
 * response.
 */
function formatLoadText(name: string, status: FormatLoadStatus, unit: 'page' | 'answer' | null): string {
  const parts = [status.loaded ? 'loaded' : 'not loaded'];
  if (status.loaded) parts.push(status.complete ? 'complete' : 'incomplete');
  if (status.loaded && unit !== null)
    parts.push(status.pages === 1 ? `1 ${unit}` : `${status.pages} ${unit}s`);
  return `- ${name}: ${parts.join(', ')}${status.note === null ? '' : `. ${inlineText(status.note)}`}`;
}

function listOrNone(items: readonly string[]): string {
  return items.length === 0 ? 'none' : items.map(codeSpan).join(', ');
}

/** `3 (2 up, 1 down)`: how many answers were rated, and how. */
export function ratingsText(ratings: readonly AnswerRating[]): string {
  const byRating = new Map<string, number>();
  for (const { rating } of ratings) byRating.set(rating, (byRating.get(rating) ?? 0) + 1);
  return `${ratings.length} (${[...byRating].map(([rating, count]) => `${count} ${rating}`).join(', ')})`;
}

export function markdownDetails(inspection: {
  conversation: Conversation;
  transport: Transport;
  formats: FormatComparison | null;
  unread: readonly Unread[];
  ratings: readonly AnswerRating[];
}): string {
  const { conversation } = inspection;
  const hidden = conversation.messages.filter((message) => message.hidden).length;
  const flagsSet = CONVERSATION_FLAG_KEYS.filter((key) => conversation.flags[key] === true);
  const lines = [
    `- Transport: ${TRANSPORT_TEXT[inspection.transport]}`,
    formatLoadText('Messages format', conversation.formatLoads.messages, 'page'),
    formatLoadText('Tree format', conversation.formatLoads.tree, null),
    formatLoadText('Answer streams', conversation.formatLoads.stream, 'answer'),
    `- Format comparison: ${markdownFormatComparison(inspection.formats)}`,
    `- Messages on the active branch: ${conversation.messages.length} (${hidden} hidden, left out above)`,
    `- Active branch ends at: ${conversation.currentNode === null ? 'unknown' : codeSpan(conversation.currentNode)}`,
    `- Flags set: ${listOrNone(flagsSet)}`,
    `- Extra top-level keys: ${listOrNone(conversation.extraKeys)}`,
    `- Not read: ${inspection.unread.length === 0 ? 'nothing, every shape was understood' : inspection.unread.map((entry) => unreadEntryText(entry, (name) => codeSpan(name))).join('; ')}`,
  ];
  // Only a data export says which answers were rated; elsewhere the line would say nothing.
  if (inspection.ratings.length > 0) lines.push(`- Rated answers: ${ratingsText(inspection.ratings)}`);
  return `## Details\n\n${lines.join('\n')}`;
}
