import { fixture } from '@/tests/replica/fixtures/fixture-helpers';
import { conversationsExport, type StoredConversation, wholeTree } from '@/tests/replica/fixtures/formats';
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
 * show it: the stored tree whole (wholeTree).
 */
export const liveExportItem = wholeTree;

/** The live site's data export as users download it: one line of JSON. */
export const liveExportText = (conversations: readonly StoredConversation[]): string =>
  JSON.stringify(conversations.map(liveExportItem));
