import { assembleConversation } from './assemble-conversation';
import type { Conversation, NormalizedMessage } from './conversation';
import { isRecord, type JsonRecord, ownMember, readIdentifier } from './json-read';
import { normalizeMessageObject } from './message-object';

/** Where one of several versions begins: a prompt edited or an answer regenerated (site-interface 2.3). */
export interface BranchMark {
  /** 1 for the first child of the fork, in the order the tree lists them. */
  number: number;
  of: number;
  /** The role of the version's first message: `user` for an edited prompt, `assistant` for a new answer. */
  role: string;
  /** This version is on the active branch, the one the site shows. */
  active: boolean;
}

export interface EveryBranch {
  /** Every message of the tree once, in tree order: each node, then its children's subtrees in turn. */
  conversation: Conversation;
  /** The first message of each version of a fork, by id. */
  marks: ReadonlyMap<string, BranchMark>;
}

interface Frame {
  id: string;
  parentId: string | null;
  mark: Omit<BranchMark, 'role' | 'active'> | null;
}

const nodeAt = (mapping: Readonly<Record<string, unknown>>, id: string): JsonRecord | null => {
  const node = ownMember(mapping, id);
  return isRecord(node) ? node : null;
};

const childrenOf = (node: JsonRecord): string[] =>
  Array.isArray(node.children) ? node.children.filter((child) => typeof child === 'string') : [];

/** The tree's nodes depth first: from each root (a node whose parent is not in the tree), children in order. */
function treeOrder(mapping: Readonly<Record<string, unknown>>): Array<Frame & { node: JsonRecord }> {
  const order: Array<Frame & { node: JsonRecord }> = [];
  const visited = new Set<string>();
  const keys = Object.keys(mapping);
  const isRoot = (id: string): boolean => {
    const parent = readIdentifier(nodeAt(mapping, id)?.parent);
    return parent === null || nodeAt(mapping, parent) === null;
  };
  // Roots first; then whatever a cyclic parent chain left unreached, so no node is lost (architecture
  // "Tolerant reader").
  for (const start of [...keys.filter(isRoot), ...keys]) {
    if (visited.has(start) || nodeAt(mapping, start) === null) continue;
    // An explicit stack: a long conversation is a chain thousands of nodes deep.
    const stack: Frame[] = [{ id: start, parentId: null, mark: null }];
    while (stack.length > 0) {
      const frame = stack.pop() as Frame;
      const node = nodeAt(mapping, frame.id);
      if (node === null || visited.has(frame.id)) continue;
      visited.add(frame.id);
      order.push({ ...frame, node });
      const children = childrenOf(node).filter(
        (child) => !visited.has(child) && nodeAt(mapping, child) !== null,
      );
      for (let index = children.length - 1; index >= 0; index -= 1) {
        const mark = children.length > 1 ? { number: index + 1, of: children.length } : null;
        stack.push({ id: children[index] as string, parentId: frame.id, mark });
      }
    }
  }
  return order;
}

/**
 * Every branch of the tree (export-format "Options"), or null without a tree: the messages format holds the
 * active branch alone (site-interface 2.2). The active branch's messages are the conversation's own (the
 * messages format wins where both hold one, site-interface 9.1), and those only it holds (the web.run tool
 * messages the tree lacks) stay after the message they followed there.
 */
export function everyBranch(conversation: Conversation): EveryBranch | null {
  const { mapping } = conversation;
  if (mapping === undefined) return null;
  const activeById = new Map(conversation.messages.map((message) => [message.id, message]));
  const treeMessages: Array<{ message: NormalizedMessage; mark: Frame['mark'] }> = [];
  let pending: Frame['mark'] = null;
  for (const { id, parentId, mark, node } of treeOrder(mapping)) {
    if (mark !== null) pending = mark;
    const message = normalizeMessageObject(node.message, { format: 'tree', fallbackId: id, parentId });
    if (message === null) continue;
    treeMessages.push({ message, mark: pending });
    pending = null;
  }
  const inTree = new Set(treeMessages.map(({ message }) => message.id));
  const following = new Map<string | null, NormalizedMessage[]>();
  let anchor: string | null = null;
  for (const message of conversation.messages) {
    if (inTree.has(message.id)) anchor = message.id;
    else following.set(anchor, [...(following.get(anchor) ?? []), message]);
  }
  const messages: NormalizedMessage[] = [...(following.get(null) ?? [])];
  const marks = new Map<string, BranchMark>();
  for (const { message, mark } of treeMessages) {
    const chosen = activeById.get(message.id) ?? message;
    if (mark !== null)
      marks.set(chosen.id, { ...mark, role: chosen.role, active: activeById.has(chosen.id) });
    messages.push(chosen, ...(following.get(message.id) ?? []));
  }
  return {
    conversation: assembleConversation(
      conversation,
      conversation.currentNode,
      messages,
      conversation.formatLoads,
    ),
    marks,
  };
}
