import { assembleConversation } from './assemble-conversation';
import {
  CONVERSATION_FLAG_KEYS,
  type Conversation,
  type ConversationFlags,
  type ConversationHeader,
  type NormalizedMessage,
  notLoaded,
} from './conversation';
import { fail, ok, type Result } from './result';

export interface FormatsToMerge {
  messages?: Conversation | null;
  tree?: Conversation | null;
  /** Why a format is missing (for example "the tree answered 404"), kept in formatLoads.*.note. */
  missingNotes?: { messages?: string; tree?: string };
}

/**
 * Both branches as one list: the messages-format list in its order (site-interface 9.1: it carries what
 * the tree lacks, and its objects win where both hold an id), with each tree-only message placed after
 * the nearest earlier tree message the list holds (or at the front). That keeps older messages when only
 * the tree reached back to the start, and newer ones when the tree was polled later.
 */
function mergeMessages(primary: NormalizedMessage[], secondary: NormalizedMessage[]): NormalizedMessage[] {
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
  const merged = [...(insertsAfter.get(null) ?? [])];
  for (const message of primary) {
    merged.push(message);
    const following = insertsAfter.get(message.id);
    if (following !== undefined) merged.push(...following);
  }
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
  };
}

/**
 * One conversation out of the formats that were loaded (site-interface 1: the client loads both), with
 * `formatLoads` saying which were loaded and whether each is complete. With the tree absent the messages
 * format alone serves (site-interface 9.2), and the other way round.
 */
export function mergeConversationFormats(input: FormatsToMerge): Result<Conversation> {
  const { messages = null, tree = null, missingNotes = {} } = input;
  const formatLoads = {
    messages: messages?.formatLoads.messages ?? notLoaded(missingNotes.messages ?? null),
    tree: tree?.formatLoads.tree ?? notLoaded(missingNotes.tree ?? null),
  };
  if (messages === null) {
    if (tree !== null) return ok({ ...tree, formatLoads });
    const why = [missingNotes.messages, missingNotes.tree].filter(Boolean).join(' ');
    return fail('unexpected-shape', `Neither format of the conversation was loaded. ${why}`.trim());
  }
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
  const merged = mergeMessages(messages.messages, tree.messages);
  const added = merged.length - messages.messages.length;
  if (added > 0) warnings.push(`${added} messages only the tree holds were added to the messages format.`);
  const header = mergeHeaders(messages, tree);
  return ok(assembleConversation(header, header.currentNode, merged, formatLoads), warnings);
}
