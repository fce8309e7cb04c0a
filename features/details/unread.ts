import type { Unread, UnreadKind } from '@/lib/model/unread';

const KIND_NAMES: Record<UnreadKind, string> = {
  'content-type': 'content type',
  'reference-type': 'reference type',
  tool: 'tool',
  'stream-record': 'stream record',
  'delta-op': 'delta operation',
  'ui-program': 'UI program part',
  contradiction: 'contradiction',
};

/** One entry as words: "content type `computer_output` ×3"; `name` shapes the name (a code span, or as is). */
export function unreadEntryText(entry: Unread, name: (text: string) => string = (text) => text): string {
  return `${KIND_NAMES[entry.kind]} ${name(entry.name)}${entry.count > 1 ? ` ×${entry.count}` : ''}`;
}

/** "2 shapes not read": the header's quiet badge, and a conversation's line in the library. */
export const shapesNotReadText = (count: number): string =>
  `${count} ${count === 1 ? 'shape' : 'shapes'} not read`;

/**
 * What a bug report needs to teach Chat Lens a shape (docs/privacy.md "What a shape report holds"): the
 * kinds, names, counts and key paths of what was not read, and which Chat Lens met them; never a value of
 * the conversation, its title or its id.
 */
export function shapeReport(unread: readonly Unread[], version: string): string {
  const lines = [`Chat Lens ${version}: shapes not read`, ''];
  for (const entry of unread)
    lines.push(`- ${KIND_NAMES[entry.kind]}: ${entry.name} ×${entry.count} at ${entry.at.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
