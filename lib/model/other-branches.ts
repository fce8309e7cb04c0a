import { assembleConversation } from './assemble-conversation';
import type { Conversation, NormalizedMessage } from './conversation';
import { isRecord, type JsonRecord, ownMember, readIdentifier } from './json-read';
import { normalizeMessageObject } from './message-object';

/**
 * A branch of the tree the site does not show, from where it leaves the active one: a prompt edited (its
 * first message is the edited prompt) or an answer regenerated (its first message is the prompt the two
 * answers share). Its first turn is a version of the active turn `versionOf` names (by its prompt's id).
 */
export interface OtherBranch {
  conversation: Conversation;
  /** The active branch's prompt that the branch's first turn answers again; null when none is shown. */
  versionOf: string | null;
}

const nodeAt = (mapping: Readonly<Record<string, unknown>>, id: string): JsonRecord | null => {
  const node = ownMember(mapping, id);
  return isRecord(node) ? node : null;
};

const parentOf = (mapping: Readonly<Record<string, unknown>>, id: string): string | null =>
  readIdentifier(nodeAt(mapping, id)?.parent);

const hasChildren = (node: JsonRecord): boolean =>
  Array.isArray(node.children) && node.children.some((child) => typeof child === 'string');

/** The ids from the root to `leaf`; a cyclic parent chain stops where it would repeat. */
function pathTo(mapping: Readonly<Record<string, unknown>>, leaf: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let id: string | null = leaf; id !== null && !seen.has(id) && nodeAt(mapping, id) !== null; ) {
    seen.add(id);
    path.push(id);
    id = parentOf(mapping, id);
  }
  return path.reverse();
}

const messageAt = (
  mapping: Readonly<Record<string, unknown>>,
  id: string,
  parentId: string | null,
): NormalizedMessage | null =>
  normalizeMessageObject(nodeAt(mapping, id)?.message, { format: 'tree', fallbackId: id, parentId });

const isPrompt = (message: NormalizedMessage | null): message is NormalizedMessage =>
  message?.role === 'user' && !message.hidden;

/** Whether the tree forks at all (a prompt edited or an answer regenerated): a look at its nodes only. */
export function hasOtherBranches(conversation: Conversation): boolean {
  const { mapping } = conversation;
  if (mapping === undefined) return false;
  return Object.values(mapping).some(
    (node) => isRecord(node) && Array.isArray(node.children) && node.children.length > 1,
  );
}

/**
 * Every branch of the tree (site-interface 2.3) that ends elsewhere than the active one, each from the
 * prompt its first turn answers, so each of its turns is a version the site no longer shows; empty without
 * a tree. A branch that forks again is read once per end: the turns they share are the caller's to tell
 * apart (by their messages' ids).
 */
export function otherBranches(conversation: Conversation): OtherBranch[] {
  const { mapping } = conversation;
  if (mapping === undefined) return [];
  const active = new Set(conversation.messages.map((message) => message.id));
  const branches: OtherBranch[] = [];
  for (const [leaf, node] of Object.entries(mapping)) {
    if (!isRecord(node) || hasChildren(node) || active.has(leaf)) continue;
    const path = pathTo(mapping, leaf);
    const messages = path.map((id, place) => messageAt(mapping, id, path[place - 1] ?? null));
    // Where the branch leaves the active one: its first message the active branch lacks (a root holds none).
    const fork = messages.findIndex((message) => message !== null && !active.has(message.id));
    if (fork < 0) continue;
    // The prompt the branch answers: its own first message when a prompt was edited, else the last before.
    let start = fork;
    while (start > 0 && !isPrompt(messages[start] ?? null)) start -= 1;
    const prompt = messages[start] ?? null;
    if (!isPrompt(prompt)) continue;
    const shownPrompt = start < fork ? prompt.id : activeSibling(conversation, mapping, prompt);
    const kept = messages.slice(start).filter((message): message is NormalizedMessage => message !== null);
    branches.push({
      conversation: assembleConversation(conversation, leaf, kept, conversation.formatLoads),
      versionOf: shownPrompt,
    });
  }
  return branches;
}

/** The active branch's prompt beside an edited one: the shown child of the same parent, when a prompt. */
function activeSibling(
  conversation: Conversation,
  mapping: Readonly<Record<string, unknown>>,
  edited: NormalizedMessage,
): string | null {
  const parent = parentOf(mapping, edited.id);
  const sibling = conversation.messages.find(
    (message) => message.id !== edited.id && parentOf(mapping, message.id) === parent && parent !== null,
  );
  return sibling !== undefined && isPrompt(sibling) ? sibling.id : null;
}
