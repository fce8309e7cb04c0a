import { findActiveBranch } from './active-branch';
import { assembleConversation } from './assemble-conversation';
import { type Conversation, type NormalizedMessage, notLoaded } from './conversation';
import { readConversationHeader, TREE_FORMAT_KEYS } from './conversation-header';
import { isRecord, ownMember, readIdentifier } from './json-read';
import { normalizeMessageObject } from './message-object';
import { fail, ok, type Result } from './result';

/**
 * The 2026 data export's slim shards (site-interface 10.8) drop every message's `recipient`, so a call to a
 * tool would read as an answer: an assistant's message that names no recipient and is followed by a tool's
 * message calls that tool. Where a recipient is named, `all` included, it stands.
 */
function namesSlimCalls(messages: NormalizedMessage[]): void {
  for (let index = 0; index + 1 < messages.length; index += 1) {
    const message = messages[index];
    const next = messages[index + 1];
    if (message?.role !== 'assistant' || message.recipient !== null) continue;
    if (next?.role === 'tool' && next.authorName !== null) message.recipient = next.authorName;
  }
}

/**
 * site-interface 2.3 and site-interface 4.2: the tree format (also one conversation of a data-export file,
 * site-interface 10.8) as one conversation holding the messages of its active branch. A response without a
 * mapping object is an 'unexpected-shape' error, which a loader treats as "tree absent" (site-interface 9.2).
 */
export function normalizeTreeFormat(tree: unknown): Result<Conversation> {
  if (!isRecord(tree)) return fail('unexpected-shape', 'The tree response is not a JSON object.');
  const mapping = ownMember(tree, 'mapping');
  if (!isRecord(mapping)) return fail('unexpected-shape', 'The tree response has no mapping object.');
  const warnings: string[] = [];
  const header = readConversationHeader(tree, TREE_FORMAT_KEYS);
  const branch = findActiveBranch(mapping, header.currentNode, warnings);
  const messages: NormalizedMessage[] = [];
  const usedIds = new Set<string>();
  let unreadable = 0;
  let renamed = 0;
  for (let index = 0; index < branch.nodes.length; index += 1) {
    const node = branch.nodes[index];
    const id = branch.nodeIds[index];
    if (node === undefined || id === undefined || node.message === null || node.message === undefined)
      continue;
    // The walk may have repaired a parent link, so the parent is the previous node of the walk.
    const parentId = index > 0 ? (branch.nodeIds[index - 1] ?? null) : readIdentifier(node.parent);
    const message = normalizeMessageObject(node.message, { format: 'tree', fallbackId: id, parentId });
    if (message === null) {
      unreadable += 1;
      continue;
    }
    if (usedIds.has(message.id)) {
      // Ids key the merge and the comparison, so a repeated message id falls back to the node key.
      renamed += 1;
      let unique = id;
      for (let suffix = index; usedIds.has(unique); suffix += 1) unique = `${id}:${suffix}`;
      message.id = unique;
    }
    usedIds.add(message.id);
    messages.push(message);
  }
  namesSlimCalls(messages);
  if (unreadable > 0) warnings.push(`${unreadable} nodes of the active branch hold no message object.`);
  if (renamed > 0)
    warnings.push(`${renamed} messages repeat an id of the branch; they go by their node key.`);
  if (messages.length === 0) warnings.push('The tree holds no messages on its active branch.');
  const leaf = branch.nodeIds[branch.nodeIds.length - 1] ?? null;
  const formatLoads = {
    messages: notLoaded(),
    tree: {
      loaded: true,
      complete: branch.complete,
      pages: 1,
      note: branch.complete ? null : 'The active branch is cut short by a broken or cyclic parent chain.',
    },
    stream: notLoaded(),
  };
  return ok(assembleConversation(header, leaf, messages, formatLoads, mapping), warnings);
}
