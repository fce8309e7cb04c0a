import type { Conversation } from '@/lib/model/conversation';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import type { LensError } from '@/lib/model/result';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import type { BackendClient } from './backend-client';
import { type LoadedPages, type LoadPagesOptions, loadConversationPages } from './conversation-pages';
import { loadConversationTree, type TreeOutcome } from './conversation-tree';

export interface LoadedConversation {
  /** Both formats as one conversation; null only when neither gave anything. */
  conversation: Conversation | null;
  /** Each format on its own, for the format comparison (site-interface 2.4, site-interface 4.2). */
  messagesConversation: Conversation | null;
  treeConversation: Conversation | null;
  /** The raw pages; hold them and pass them back as heldPages for an incremental refresh. */
  pages: LoadedPages;
  tree: TreeOutcome;
  /** The first error that stopped a request (rate limit, signed out, ...); what was loaded stays. */
  error: LensError | null;
  warnings: string[];
}

function treeNote(tree: TreeOutcome): string | undefined {
  if (tree.status === 'absent') return tree.reason;
  if (tree.status === 'failed') return tree.error.message;
  return undefined;
}

/**
 * site-interface 1: the client loads both formats of a conversation, here side by side through the same
 * client and so the same rate governor. The messages format is the one to read (site-interface 9.1); the
 * tree is merged in when present and is never required (site-interface 9.2).
 */
export async function loadConversation(
  client: BackendClient,
  id: string,
  options: LoadPagesOptions = {},
): Promise<LoadedConversation> {
  const [pages, tree] = await Promise.all([
    loadConversationPages(client, id, options),
    loadConversationTree(client, id),
  ]);
  const warnings = [...pages.warnings];
  const fromPages = pages.pages.length > 0 ? normalizeMessagesFormat(pages.pages) : null;
  const fromTree = tree.status === 'loaded' ? normalizeTreeFormat(tree.tree) : null;
  if (fromPages !== null) warnings.push(...(fromPages.ok ? fromPages.warnings : [fromPages.error.message]));
  if (fromTree !== null) warnings.push(...(fromTree.ok ? fromTree.warnings : [fromTree.error.message]));
  const messagesConversation = fromPages?.ok === true ? fromPages.value : null;
  const treeConversation = fromTree?.ok === true ? fromTree.value : null;
  const merged = mergeConversationFormats({
    messages: messagesConversation,
    tree: treeConversation,
    missingNotes: { messages: pages.error?.message, tree: treeNote(tree) },
  });
  if (merged.ok) warnings.push(...merged.warnings);
  return {
    conversation: merged.ok ? merged.value : null,
    messagesConversation,
    treeConversation,
    pages,
    tree,
    error: pages.error ?? (tree.status === 'failed' ? tree.error : null),
    warnings,
  };
}
