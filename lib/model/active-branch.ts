import { isRecord, type JsonRecord, ownMember, readIdentifier, readTimeMs } from './json-read';

/** The nodes of the active branch of a tree, root first (site-interface 2.3). */
export interface ActiveBranch {
  nodeIds: string[];
  /** The node objects, in the order of nodeIds. */
  nodes: JsonRecord[];
  /** The walk reached a node without a parent: no cycle, no missing node on the way. */
  complete: boolean;
}

function nodeAt(mapping: JsonRecord, id: string): JsonRecord | null {
  const node = ownMember(mapping, id);
  return isRecord(node) ? node : null;
}

/** The leaf whose message is newest, for a tree without a usable current_node. */
function newestLeaf(mapping: JsonRecord): string | null {
  let best: string | null = null;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const id of Object.keys(mapping)) {
    const node = nodeAt(mapping, id);
    if (node === null) continue;
    const children = Array.isArray(node.children) ? node.children : [];
    const hasChildInTree = children.some(
      (child) => typeof child === 'string' && nodeAt(mapping, child) !== null,
    );
    if (hasChildInTree) continue;
    const message = isRecord(node.message) ? node.message : null;
    const time = (message !== null ? readTimeMs(message.create_time) : null) ?? Number.NEGATIVE_INFINITY;
    if (best === null || time >= bestTime) {
      best = id;
      bestTime = time;
    }
  }
  return best;
}

/** child id -> parent id as the `children` lists say, for repairing a parent link that points nowhere. */
function parentsFromChildren(mapping: JsonRecord): Map<string, string> {
  const parents = new Map<string, string>();
  for (const id of Object.keys(mapping)) {
    const children = nodeAt(mapping, id)?.children;
    if (!Array.isArray(children)) continue;
    for (const child of children) if (typeof child === 'string') parents.set(child, id);
  }
  return parents;
}

function startNode(mapping: JsonRecord, currentNode: string | null, warnings: string[]): string | null {
  if (currentNode !== null && nodeAt(mapping, currentNode) !== null) return currentNode;
  const leaf = newestLeaf(mapping);
  const why = currentNode === null ? 'has no current_node' : `has no node ${currentNode} (current_node)`;
  if (leaf !== null) warnings.push(`The tree ${why}; the newest leaf (${leaf}) is taken instead.`);
  return leaf;
}

/**
 * site-interface 2.3: current_node up through the parents. A cyclic or broken chain ends the walk with a
 * warning and keeps what was found (architecture "Tolerant reader"); a parent link that points to no node is
 * repaired from the `children` lists when they name the parent.
 */
export function findActiveBranch(
  mapping: JsonRecord,
  currentNode: string | null,
  warnings: string[],
): ActiveBranch {
  const nodeIds: string[] = [];
  const nodes: JsonRecord[] = [];
  const visited = new Set<string>();
  let complete = true;
  let repairs: Map<string, string> | null = null;
  let id = startNode(mapping, currentNode, warnings);
  // Each node is looked up once: the walk holds on to the parent node it checked.
  let node = id === null ? null : nodeAt(mapping, id);
  while (id !== null && node !== null) {
    if (visited.has(id)) {
      warnings.push(`The parent chain of the tree loops at node ${id}; the branch stops there.`);
      complete = false;
      break;
    }
    visited.add(id);
    nodeIds.push(id);
    nodes.push(node);
    let parent = readIdentifier(node.parent);
    let parentNode = parent === null ? null : nodeAt(mapping, parent);
    if (parent !== null && parentNode === null) {
      repairs ??= parentsFromChildren(mapping);
      const listed = repairs.get(id);
      if (listed === undefined) {
        warnings.push(`Node ${id} names parent ${parent}, which is not in the tree; the branch stops there.`);
        complete = false;
        break;
      }
      warnings.push(
        `Node ${id} names parent ${parent}, which is not in the tree; ${listed} lists it as child.`,
      );
      parent = listed;
      parentNode = nodeAt(mapping, listed);
    }
    id = parent;
    node = parentNode;
  }
  return { nodeIds: nodeIds.reverse(), nodes: nodes.reverse(), complete };
}
