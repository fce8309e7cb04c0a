import { conversationFiles } from '@/lens/export/conversation-files';
import type { WriteOptions } from '@/lens/export/format-writers';
import type { TextExportFormat } from '@/lens/export/formats';
import { inspect } from '@/lens/insights/inspection';
import type { AccountRunFile } from '@/lens/library/account-run-store';
import type { LibraryConversation } from '@/lens/library/library-record';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import type { BackendClient } from '@/lib/api/backend-client';
import { loadConversationPages } from '@/lib/api/conversation-pages';
import { uniqueNames } from '@/lib/export/unique-names';
import type { AccountRunItem } from '@/lib/library/account-run-item';
import type { Conversation } from '@/lib/model/conversation';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import type { LensError, Result } from '@/lib/model/result';
import { messagesPageOfWholeTree } from '@/lib/model/whole-tree';

/** How a conversation's fetch went: read whole, with what the library keeps and the files for the ZIP. */
export type FetchOutcome =
  | { kind: 'fetched'; record: LibraryConversation; files: AccountRunFile[]; document: string | null }
  | { kind: 'failed'; error: LensError };

export interface FetchSettings {
  keepAnswerText: boolean;
  zipFormat: TextExportFormat | null;
  write: WriteOptions;
  /** The paths other conversations' files hold: this one's are made unique among them. */
  takenPaths: Iterable<string>;
  now: number;
}

const encoder = new TextEncoder();

/** A file's pieces as one array of bytes, as IndexedDB keeps it. */
const bytesOf = (pieces: Iterable<string | Uint8Array>): Uint8Array =>
  joinedBytes([...pieces].map((piece) => (typeof piece === 'string' ? encoder.encode(piece) : piece)));

/**
 * One conversation of the account read alone (architecture "Adding the whole account"): its messages format
 * page by page (site-interface 4.1), not its singular tree, which would double the requests and lacks the
 * search queries (site-interface 9.1). A conversation read only in part counts as failed, so it is asked for
 * again.
 */
export async function fetchAccountConversation(
  client: BackendClient,
  item: AccountRunItem,
  settings: FetchSettings,
): Promise<FetchOutcome> {
  const loaded = await loadConversationPages(client, item.id);
  if (loaded.error !== null) return { kind: 'failed', error: loaded.error };
  return keptOf(normalizeMessagesFormat(loaded.pages), item, settings);
}

/**
 * One conversation of a batch read's answer (site-interface 10.13): its whole tree, the search and tool
 * messages included, read as the messages page of its active branch, so it is kept as a read alone keeps it.
 */
export function keptOfTree(tree: unknown, item: AccountRunItem, settings: FetchSettings): FetchOutcome {
  const page = messagesPageOfWholeTree(tree);
  return keptOf(page.ok ? normalizeMessagesFormat([page.value]) : page, item, settings);
}

/** What the library keeps of a conversation, made from its inspection, which holds no secret, and its files. */
function keptOf(
  normalized: Result<Conversation>,
  item: AccountRunItem,
  settings: FetchSettings,
): FetchOutcome {
  if (!normalized.ok) return { kind: 'failed', error: normalized.error };
  const inspection = inspect({ conversation: normalized.value });
  const record = recordOfInspection(inspection, {
    keepAnswerText: settings.keepAnswerText,
    savedAt: settings.now,
  });
  if (record === null)
    return { kind: 'failed', error: { code: 'unexpected-shape', message: 'The conversation names no id.' } };
  if (settings.zipFormat === null) return { kind: 'fetched', record, files: [], document: null };
  const written = conversationFiles(
    inspection,
    settings.zipFormat,
    uniqueNames(settings.takenPaths),
    settings.write,
  );
  const files = [...written.files].map((file) => ({
    path: file.path,
    conversationId: item.id,
    content: bytesOf(file.content),
    compress: file.compress,
  }));
  return { kind: 'fetched', record, files, document: written.document };
}
