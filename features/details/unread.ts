/**
 * What Chat Lens met and could not read, by kind and name (export-format "`unread`"): so a change of the
 * site's shapes shows as a count, never as an export with less in it. Nothing here is a value of the
 * conversation: only the names of types, tools and records, and how often each came.
 */
export type UnreadKind =
  /** A message content type no reader knows: its text parts still show, its other members as JSON. */
  | 'content-type'
  /** A citation reference type no reader knows: its marker shows the site's own `alt`, or nothing. */
  | 'reference-type'
  /** A tool the model called or that answered, which no reader knows: its messages show as they are. */
  | 'tool'
  /** Two things that should come together and did not, named by what is missing. */
  | 'contradiction';

export interface Unread {
  kind: UnreadKind;
  name: string;
  count: number;
}

const KIND_NAMES: Record<UnreadKind, string> = {
  'content-type': 'content type',
  'reference-type': 'reference type',
  tool: 'tool',
  contradiction: 'contradiction',
};

/** One entry as words: "content type `computer_output` ×3"; `name` shapes the name (a code span, or as is). */
export function unreadEntryText(entry: Unread, name: (text: string) => string = (text) => text): string {
  return `${KIND_NAMES[entry.kind]} ${name(entry.name)}${entry.count > 1 ? ` ×${entry.count}` : ''}`;
}
