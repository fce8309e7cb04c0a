import { assembleConversation } from './assemble-conversation';
import {
  CONVERSATION_FLAG_KEYS,
  type Conversation,
  type ConversationFlags,
  type ConversationHeader,
  type FormatLoads,
  type NormalizedMessage,
  notLoaded,
} from './conversation';
import { fail, ok, type Result } from './result';

export interface FormatsToMerge {
  messages?: Conversation | null;
  tree?: Conversation | null;
  /** What the answer streams carried (lib/model/streamed-format.ts). */
  stream?: Conversation | null;
  /** Why a format is missing (for example "the tree answered 404"), kept in formatLoads.*.note. */
  missingNotes?: { messages?: string; tree?: string };
}

/** Where a message only the secondary list holds goes when no earlier message of it is in the primary. */
type Unanchored = 'front' | 'end';

/**
 * The primary list in its order, its objects winning where both hold an id, with each message only the
 * secondary holds placed after the nearest earlier secondary message the primary holds. With none: at the
 * front for a tree (it reached back further), at the end for a stream (what streams is the newest).
 */
function mergeMessages(
  primary: NormalizedMessage[],
  secondary: NormalizedMessage[],
  unanchored: Unanchored,
): NormalizedMessage[] {
  const primaryIds = new Set(primary.map((message) => message.id));
  const insertsAfter = new Map<string | null, NormalizedMessage[]>();
  let anchor: string | null = null;
  for (const message of secondary) {
    if (primaryIds.has(message.id)) {
      anchor = message.id;
      continue;
    }
    const list = insertsAfter.get(anchor);
    if (list === undefined) insertsAfter.set(anchor, [message]);
    else list.push(message);
  }
  if (insertsAfter.size === 0) return primary;
  const loose = insertsAfter.get(null) ?? [];
  const merged = unanchored === 'front' ? [...loose] : [];
  for (const message of primary) {
    merged.push(message);
    const following = insertsAfter.get(message.id);
    if (following !== undefined) merged.push(...following);
  }
  if (unanchored === 'end') merged.push(...loose);
  return merged;
}

function mergeFlags(primary: ConversationFlags, secondary: ConversationFlags): ConversationFlags {
  const flags = { ...primary };
  for (const key of CONVERSATION_FLAG_KEYS) flags[key] = primary[key] ?? secondary[key];
  return flags;
}

function mergeHeaders(primary: Conversation, secondary: Conversation): ConversationHeader {
  return {
    id: primary.id ?? secondary.id,
    title: primary.title ?? secondary.title,
    createTimeMs: primary.createTimeMs ?? secondary.createTimeMs,
    updateTimeMs: primary.updateTimeMs ?? secondary.updateTimeMs,
    modelSlug: primary.modelSlug ?? secondary.modelSlug,
    currentNode: primary.currentNode ?? secondary.currentNode,
    flags: mergeFlags(primary.flags, secondary.flags),
    extraKeys: [...new Set([...primary.extraKeys, ...secondary.extraKeys])].sort(),
    // Each format read says so only while the answer is made: one read after it is done ends it.
    answering: primary.answering && secondary.answering,
  };
}

/**
 * The fetched messages, each tree message a stream also carried given the metadata keys the tree never
 * holds (content_references, search_result_groups: site-interface 2.4 and site-interface 4.2) from the
 * stream's. Without them, an answer the page's next tree poll brought would lose what the stream said of
 * its pages until the messages format was fetched again. The fetched object still wins on every key it has.
 */
function withStreamedMetadata(
  fetched: NormalizedMessage[],
  streamed: NormalizedMessage[],
): NormalizedMessage[] {
  if (streamed.length === 0 || !fetched.some((message) => message.format === 'tree')) return fetched;
  const streamedById = new Map(streamed.map((message) => [message.id, message]));
  return fetched.map((message) => {
    const stream = message.format === 'tree' ? streamedById.get(message.id) : undefined;
    if (stream === undefined) return message;
    const missing = stream.metadataKeys.filter((key) => !Object.hasOwn(message.metadata, key));
    if (missing.length === 0) return message;
    const metadata = { ...message.metadata };
    for (const key of missing) metadata[key] = stream.metadata[key];
    return { ...message, metadata, metadataKeys: [...message.metadataKeys, ...missing] };
  });
}

/** The fetched messages, each one the stream also carried in the stream's copy. */
function newerFromStream(fetched: NormalizedMessage[], streamed: NormalizedMessage[]): NormalizedMessage[] {
  const streamedById = new Map(streamed.map((message) => [message.id, message]));
  return fetched.map((message) => streamedById.get(message.id) ?? message);
}

/** The secondary conversation's messages joined to the primary's (see mergeMessages); headers likewise. */
function joined(
  primary: Conversation,
  secondary: Conversation,
  unanchored: Unanchored,
  formatLoads: FormatLoads,
): Conversation {
  const header = mergeHeaders(primary, secondary);
  const fetched =
    unanchored === 'end' ? withStreamedMetadata(primary.messages, secondary.messages) : primary.messages;
  // A format read while the answer was made holds it as far as it had come then (site-interface 10.11);
  // the stream holds it as far as it came since: its copy of a message both hold is the newer.
  const newest =
    unanchored === 'end' && primary.answering ? newerFromStream(fetched, secondary.messages) : fetched;
  const messages = mergeMessages(newest, secondary.messages, unanchored);
  // The stream's newest message is the leaf once it goes past what the fetched formats hold.
  const leaf = unanchored === 'end' ? (messages.at(-1)?.id ?? header.currentNode) : header.currentNode;
  return assembleConversation(header, leaf, messages, formatLoads, primary.mapping ?? secondary.mapping);
}

/** The messages format and the tree as one (site-interface 9.1: the messages format wins where both hold). */
function mergeFetched(
  messages: Conversation | null,
  tree: Conversation | null,
  formatLoads: FormatLoads,
): Result<Conversation | null> {
  if (messages === null) return ok(tree === null ? null : { ...tree, formatLoads });
  if (tree === null) return ok({ ...messages, formatLoads });
  if (messages.id !== null && tree.id !== null && messages.id !== tree.id) {
    const note = `The tree belongs to another conversation (${tree.id}), so it was not merged.`;
    return ok({ ...messages, formatLoads: { ...formatLoads, tree: notLoaded(note) } }, [note]);
  }
  const warnings: string[] = [];
  if (messages.currentNode !== tree.currentNode) {
    warnings.push(
      `The formats end at different messages (messages: ${messages.currentNode}, tree: ${tree.currentNode}).`,
    );
  }
  const merged = joined(messages, tree, 'front', formatLoads);
  const added = merged.messages.length - messages.messages.length;
  if (added > 0) warnings.push(`${added} messages only the tree holds were added to the messages format.`);
  return ok(merged, warnings);
}

/**
 * One conversation out of the formats that were loaded (site-interface 1: the client loads both), with
 * `formatLoads` saying which were loaded and whether each is complete. With the tree absent the messages
 * format alone serves (site-interface 9.2), and the other way round. The answer streams come last: a
 * fetched format wins where both hold a message (site-interface 9.1), and what only a stream carried (an
 * answer the formats do not hold yet, the web.run messages the tree lacks) joins in its place.
 */
export function mergeConversationFormats(input: FormatsToMerge): Result<Conversation> {
  const { messages = null, tree = null, stream = null, missingNotes = {} } = input;
  const formatLoads: FormatLoads = {
    messages: messages?.formatLoads.messages ?? notLoaded(missingNotes.messages ?? null),
    tree: tree?.formatLoads.tree ?? notLoaded(missingNotes.tree ?? null),
    stream: stream?.formatLoads.stream ?? notLoaded(),
  };
  const fetched = mergeFetched(messages, tree, formatLoads);
  if (!fetched.ok) return fetched;
  if (fetched.value === null) {
    if (stream !== null) return ok({ ...stream, formatLoads });
    const why = [missingNotes.messages, missingNotes.tree].filter(Boolean).join(' ');
    return fail('unexpected-shape', `Neither format of the conversation was loaded. ${why}`.trim());
  }
  if (stream === null || (stream.id !== null && fetched.value.id !== null && stream.id !== fetched.value.id))
    return fetched as Result<Conversation>;
  return ok(joined(fetched.value, stream, 'end', formatLoads), fetched.warnings);
}
