import { groupBy } from '@/lib/export/group-by';
import { codeSpan, inlineText } from '@/lib/export/markdown-text';
import type { FormatComparison, KeyCount, MessageSummary } from './format-comparison';

/**
 * The format comparison (site-interface 2.4 and site-interface 4.2) in a few lines of the Details section:
 * which messages and metadata keys only one format holds (per shared message, and per response wherever the
 * key sits), and how many other fields differ. The JSON export has every difference; the Markdown names the
 * first few.
 */
const LISTED_FIELD_DIFFERENCES = 5;

/** "tool web.run" or "assistant → web.run": who wrote it and to whom, as the site's own fields say. */
function describe(message: MessageSummary): string {
  const author = message.authorName === null ? message.role : `${message.role} ${message.authorName}`;
  return message.recipient === null || message.recipient === 'all'
    ? author
    : `${author} → ${message.recipient}`;
}

function messageList(messages: readonly MessageSummary[]): string {
  if (messages.length === 0) return 'none';
  const kinds = [...groupBy(messages, describe)].map(
    ([kind, group]) => `${inlineText(kind)} ×${group.length}`,
  );
  return `${messages.length} message${messages.length === 1 ? '' : 's'} (${kinds.join(', ')})`;
}

function keyList(keys: readonly KeyCount[]): string {
  if (keys.length === 0) return 'none';
  return keys
    .map(({ key, messages }) => `${codeSpan(key)} (${messages} message${messages === 1 ? '' : 's'})`)
    .join(', ');
}

function fieldDifferences(comparison: FormatComparison): string {
  const { fieldDifferences: differences } = comparison;
  if (differences.length === 0) return 'none';
  const listed = differences
    .slice(0, LISTED_FIELD_DIFFERENCES)
    .map((difference) => `${codeSpan(difference.field)} of ${codeSpan(difference.id)}`);
  const more = differences.length - listed.length;
  return `${listed.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}

/** The value of the "Format comparison" item: one sentence, or a nested list when the formats differ. */
export function markdownFormatComparison(comparison: FormatComparison | null): string {
  if (comparison === null) return 'not made (both formats are needed)';
  const streamed =
    comparison.streamOnly.length === 0
      ? ''
      : `\n  - Only in the answer streams: ${messageList(comparison.streamOnly)}`;
  const notes = streamed + comparison.notes.map((note) => `\n  - Note: ${inlineText(note)}`).join('');
  if (comparison.equivalent)
    return `the two formats hold the same messages, fields and metadata keys${notes}`;
  return (
    [
      'the formats differ',
      `  - Only in the messages format: ${messageList(comparison.messagesOnly)}`,
      `  - Only in the tree: ${messageList(comparison.treeOnly)}`,
      `  - Metadata keys only in the messages format: ${keyList(comparison.metadataKeysOnlyInMessages)}`,
      `  - Metadata keys only in the tree: ${keyList(comparison.metadataKeysOnlyInTree)}`,
      `  - Metadata keys on no message of the tree: ${keyList(comparison.metadataKeysMissingFromTree)}`,
      `  - Metadata keys on no message of the messages format: ${keyList(comparison.metadataKeysMissingFromMessages)}`,
      `  - Other fields that differ: ${fieldDifferences(comparison)}`,
      `  - Order of the shared messages: ${comparison.orderDiffers ? 'differs' : 'the same'}`,
    ].join('\n') + notes
  );
}
