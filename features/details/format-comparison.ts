import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';

/**
 * site-interface 2.4 and site-interface 4.2: what the two formats of one conversation say differently. They
 * say the messages format carries a web.run tool message and four metadata keys the tree lacks, without
 * naming the keys, and that the two responses are not guaranteed to be equivalent. So nothing here is
 * assumed: every message and every metadata key is compared, and the keys are discovered.
 */
export interface MessageSummary {
  id: string;
  role: string;
  authorName: string | null;
  recipient: string | null;
  contentType: string;
}

export interface KeyCount {
  key: string;
  /** On how many messages the key was counted; the member holding the list says which messages count. */
  messages: number;
}

export interface MessageKeyDifference {
  id: string;
  onlyInMessages: string[];
  onlyInTree: string[];
}

/** The fields of a message compared between the formats, besides metadata keys. */
export const COMPARED_FIELDS = [
  'role',
  'authorName',
  'recipient',
  'contentType',
  'text',
  'createTimeMs',
  'hidden',
  'preamble',
  'refId',
  'thinkingEffort',
] as const satisfies ReadonlyArray<keyof NormalizedMessage>;

export interface FieldDifference {
  id: string;
  field: (typeof COMPARED_FIELDS)[number];
  /** The two values as text, cut to EXCERPT_LENGTH characters. */
  messages: string;
  tree: string;
}

/** How many entries each cut list of the comparison had before it was cut. */
export interface ComparisonCounts {
  messagesOnly: number;
  treeOnly: number;
  streamOnly: number;
  metadataKeyDifferences: number;
  fieldDifferences: number;
}

export interface FormatComparison {
  /** Messages of the active branch only the messages format holds (the web.run tool message). */
  messagesOnly: MessageSummary[];
  /** Messages of the active branch only the tree holds. */
  treeOnly: MessageSummary[];
  /**
   * Messages only an answer stream carried (site-interface 10.6): neither fetched format holds them yet,
   * or the tree alone was loaded and lacks them (the web.run messages).
   */
  streamOnly: MessageSummary[];
  /**
   * Per shared message: keys present on a message in the messages format but not on its twin in the tree,
   * counted over the shared messages it is missing from, most frequent first.
   */
  metadataKeysOnlyInMessages: KeyCount[];
  metadataKeysOnlyInTree: KeyCount[];
  /**
   * Per response: keys on some message of the messages format and on no message of the tree, wherever they
   * sit, messages only that format holds included (the web.run tool message's search_model_queries,
   * site-interface 2.4), counted over the messages of the messages format that carry them, most frequent
   * first.
   */
  metadataKeysMissingFromTree: KeyCount[];
  /** Per response, the reverse: keys on some message of the tree and on no message of the messages format. */
  metadataKeysMissingFromMessages: KeyCount[];
  /** Per shared message whose metadata keys differ. */
  metadataKeyDifferences: MessageKeyDifference[];
  /** Shared messages whose other fields differ (different text, role, ...). */
  fieldDifferences: FieldDifference[];
  /** The shared messages come in a different order. */
  orderDiffers: boolean;
  /**
   * True only when nothing at all differs. A key missing from one response lies on a message only the other
   * format holds or on a shared message whose keys differ, so the per-response lists need no check of their own.
   */
  equivalent: boolean;
  /** What limits the comparison (a format loaded only in part). */
  notes: string[];
}

export const EXCERPT_LENGTH = 200;

export const messageSummary = (message: NormalizedMessage): MessageSummary => ({
  id: message.id,
  role: message.role,
  authorName: message.authorName,
  recipient: message.recipient,
  contentType: message.contentType,
});

const asText = (value: string | number | boolean | null): string => {
  const text = value === null ? 'null' : String(value);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
};

function keyCounts(counts: Map<string, number>): KeyCount[] {
  return [...counts]
    .map(([key, messages]) => ({ key, messages }))
    .sort((a, b) => b.messages - a.messages || a.key.localeCompare(b.key));
}

function count(counts: Map<string, number>, keys: readonly string[]): void {
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** How many messages carry each metadata key. */
function keyPresence(messages: readonly NormalizedMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) count(counts, message.metadataKeys);
  return counts;
}

/** The keys of `carrier` that `other` lacks on every message, with their counts in `carrier`. */
function keysMissingFrom(carrier: Map<string, number>, other: Map<string, number>): KeyCount[] {
  return keyCounts(new Map([...carrier].filter(([key]) => !other.has(key))));
}

function limits(messagesConv: Conversation, treeConv: Conversation): string[] {
  const notes: string[] = [];
  if (!messagesConv.formatLoads.messages.complete) {
    notes.push('The messages format was not loaded back to its start; older messages may show as tree-only.');
  }
  if (!treeConv.formatLoads.tree.complete)
    notes.push('The tree branch is cut short; messages may show as messages-only.');
  if (messagesConv.currentNode !== treeConv.currentNode) {
    notes.push('The formats end at different messages; one of them may be newer than the other.');
  }
  return notes;
}

export function compareFormats(messagesConv: Conversation, treeConv: Conversation): FormatComparison {
  const treeById = new Map(treeConv.messages.map((message) => [message.id, message]));
  const messagesIds = new Set(messagesConv.messages.map((message) => message.id));
  const onlyInMessagesCounts = new Map<string, number>();
  const onlyInTreeCounts = new Map<string, number>();
  const metadataKeyDifferences: MessageKeyDifference[] = [];
  const fieldDifferences: FieldDifference[] = [];
  const messagesOnly: MessageSummary[] = [];
  const sharedInMessagesOrder: string[] = [];

  for (const message of messagesConv.messages) {
    const twin = treeById.get(message.id);
    if (twin === undefined) {
      messagesOnly.push(messageSummary(message));
      continue;
    }
    sharedInMessagesOrder.push(message.id);
    const treeKeys = new Set(twin.metadataKeys);
    const messagesKeys = new Set(message.metadataKeys);
    const onlyInMessages = message.metadataKeys.filter((key) => !treeKeys.has(key));
    const onlyInTree = twin.metadataKeys.filter((key) => !messagesKeys.has(key));
    count(onlyInMessagesCounts, onlyInMessages);
    count(onlyInTreeCounts, onlyInTree);
    if (onlyInMessages.length > 0 || onlyInTree.length > 0) {
      metadataKeyDifferences.push({ id: message.id, onlyInMessages, onlyInTree });
    }
    for (const field of COMPARED_FIELDS) {
      if (message[field] !== twin[field]) {
        fieldDifferences.push({
          id: message.id,
          field,
          messages: asText(message[field]),
          tree: asText(twin[field]),
        });
      }
    }
  }
  const treeOnly = treeConv.messages.filter((message) => !messagesIds.has(message.id)).map(messageSummary);
  const sharedInTreeOrder = treeConv.messages
    .filter((message) => messagesIds.has(message.id))
    .map((m) => m.id);
  const orderDiffers = sharedInTreeOrder.some((id, index) => sharedInMessagesOrder[index] !== id);
  const keysInMessages = keyPresence(messagesConv.messages);
  const keysInTree = keyPresence(treeConv.messages);
  return {
    messagesOnly,
    treeOnly,
    streamOnly: [],
    metadataKeysOnlyInMessages: keyCounts(onlyInMessagesCounts),
    metadataKeysOnlyInTree: keyCounts(onlyInTreeCounts),
    metadataKeysMissingFromTree: keysMissingFrom(keysInMessages, keysInTree),
    metadataKeysMissingFromMessages: keysMissingFrom(keysInTree, keysInMessages),
    metadataKeyDifferences,
    fieldDifferences,
    orderDiffers,
    equivalent:
      messagesOnly.length === 0 &&
      treeOnly.length === 0 &&
      metadataKeyDifferences.length === 0 &&
      fieldDifferences.length === 0 &&
      !orderDiffers,
    notes: limits(messagesConv, treeConv),
  };
}

/**
 * The comparison with the answer streams as a third source: the messages of the conversation that only a
 * stream carried (their format is 'stream' once the formats are merged).
 */
export function withStreamOnly(comparison: FormatComparison, merged: Conversation): FormatComparison {
  const streamOnly = merged.messages.filter((message) => message.format === 'stream').map(messageSummary);
  return streamOnly.length === 0 ? comparison : { ...comparison, streamOnly };
}
