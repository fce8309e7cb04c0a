import { fixture } from '@/tests/replica/fixtures/fixture-helpers';
import { conversationsExport, type StoredConversation, treeResponse } from '@/tests/replica/fixtures/formats';
import type { FixtureName } from '@/tests/replica/fixtures/ids';

export const storedConversations = (names: readonly FixtureName[]): StoredConversation[] =>
  names.map(fixture);

/**
 * The document's form of a data export (site-interface 2.3): a list of tree objects, printed with indents.
 */
export const documentExportText = (conversations: readonly StoredConversation[]): string =>
  JSON.stringify(conversationsExport(conversations), null, 2);

/**
 * One conversation as the live site's data export holds it, as public readers of conversations.json
 * show it: the stored tree whole, the web-search tool's messages and the citation metadata
 * (content_references, search_result_groups) included, with `id` beside `conversation_id`.
 */
export const liveExportItem = (conversation: StoredConversation): Record<string, unknown> => ({
  ...(treeResponse(conversation) as Record<string, unknown>),
  // A copy: a test that plants values in an item leaves the shared fixture as it was.
  mapping: structuredClone(conversation.mapping),
  id: conversation.id,
});

/** The live site's data export as users download it: one line of JSON. */
export const liveExportText = (conversations: readonly StoredConversation[]): string =>
  JSON.stringify(conversations.map(liveExportItem));
