import type { BackendClient } from '@/lib/api/backend-client';
import { loadConversationPages } from '@/lib/api/conversation-pages';
import { conversationFiles } from '@/lib/export/conversation-files';
import type { WriteOptions } from '@/lib/export/format-writers';
import type { TextExportFormat } from '@/lib/export/formats';
import { uniqueNames } from '@/lib/export/unique-names';
import { inspect } from '@/lib/insights/inspection';
import type { AccountRunItem } from '@/lib/library/account-run-item';
import type { AccountRunFile } from '@/lib/library/account-run-store';
import type { LibraryConversation } from '@/lib/library/library-record';
import { recordOfInspection } from '@/lib/library/record-of-inspection';
import { joinedBytes } from '@/lib/model/joined-bytes';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import type { LensError } from '@/lib/model/result';

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
 * One conversation of the account, fetched as the run fetches it (architecture "Adding the whole account"):
 * its messages format page by page (site-interface 4.1) and not its tree, which would double the requests
 * and lacks the search queries (site-interface 9.1). A conversation read only in part counts as failed, so it
 * is asked for again; what the library keeps is made from the inspection, which holds no secret.
 */
export async function fetchAccountConversation(
  client: BackendClient,
  item: AccountRunItem,
  settings: FetchSettings,
): Promise<FetchOutcome> {
  const loaded = await loadConversationPages(client, item.id);
  if (loaded.error !== null) return { kind: 'failed', error: loaded.error };
  const normalized = normalizeMessagesFormat(loaded.pages);
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
