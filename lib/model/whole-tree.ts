import { findActiveBranch } from './active-branch';
import { isRecord, ownMember, readIdentifier } from './json-read';
import { fail, ok, type Result } from './result';

/**
 * A whole tree, as the batch read (site-interface 10.13) and a data export hold it, as the one messages page
 * (site-interface 2.1, 2.2) that holds its whole active branch. The message objects are those of the
 * messages format (site-interface 1), and a whole tree keeps the search and tool messages the singular path's
 * tree lacks (site-interface 2.4), so read as its messages format the conversation gives the same queries,
 * pages, ads and offers as when it is read page by page.
 */
export function messagesPageOfWholeTree(tree: unknown): Result<Record<string, unknown>> {
  if (!isRecord(tree)) return fail('unexpected-shape', 'The tree is not a JSON object.');
  const mapping = ownMember(tree, 'mapping');
  if (!isRecord(mapping)) return fail('unexpected-shape', 'The tree has no mapping object.');
  const warnings: string[] = [];
  const branch = findActiveBranch(mapping, readIdentifier(tree.current_node), warnings);
  const messages = branch.nodes.flatMap((node) => (isRecord(node.message) ? [node.message] : []));
  // A whole tree names its conversation by `id` too, as a data export's does: the messages format by
  // `conversation_id` alone.
  const { mapping: _tree, id, ...header } = tree;
  return ok(
    {
      ...header,
      conversation_id: header.conversation_id ?? id,
      messages,
      // One page from the root on, unless a broken parent chain cut the branch short.
      page_info: {
        start_cursor: null,
        end_cursor: null,
        has_previous_page: !branch.complete,
        has_next_page: false,
      },
    },
    warnings,
  );
}
