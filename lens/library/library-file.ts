import { type BrandSettings, readBrandSettings } from '@/lib/library/brand-settings';
import { isRecord, ownMember } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';
import { fail, ok, type Result } from '@/lib/model/result';
import {
  type LibraryAccount,
  type LibraryConversation,
  readLibraryAccount,
  readLibraryConversation,
} from './library-record';

/** The library as one file (architecture "The library"): a backup, or a move to another browser. */
export const LIBRARY_FILE_SCHEMA = 'chat-lens/library@1';

export interface LibraryFile {
  records: LibraryConversation[];
  /** The brands the file was written with; null when it names none. */
  brands: BrandSettings | null;
  /** What data exports said of the account (library-account.ts); null when the file holds none. */
  account: LibraryAccount | null;
  /** Conversations left out: not an object, or without an id. */
  skipped: number;
}

/** The whole library as one JSON document, indented as the JSON export is. */
export function libraryFileText(
  records: readonly LibraryConversation[],
  exportedAt: Date,
  brands?: BrandSettings,
  account: LibraryAccount | null = null,
): string {
  const document = {
    schema: LIBRARY_FILE_SCHEMA,
    exportedAt: exportedAt.toISOString(),
    brands: brands ?? null,
    conversations: records,
    account,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const NOT_A_LIBRARY = `Not a Chat Lens library file: expected a JSON object of schema ${LIBRARY_FILE_SCHEMA}.`;

function schemaError(schema: unknown): string {
  if (typeof schema === 'string' && schema.startsWith('chat-lens/library@'))
    return `This library file is of a version this Chat Lens cannot read: it reads ${LIBRARY_FILE_SCHEMA}.`;
  return NOT_A_LIBRARY;
}

/**
 * A library file read back. Never throws: a file that is not JSON or not a library is a typed error;
 * in a library file, each conversation and the account's record are read tolerantly (library-record.ts),
 * a conversation that cannot be kept is counted in `skipped`, and a file written without the account's
 * record reads as holding none.
 */
export function readLibraryFile(text: string): Result<LibraryFile> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const document = json.value;
  if (!isRecord(document)) return fail('unexpected-shape', NOT_A_LIBRARY);
  const schema = ownMember(document, 'schema');
  if (schema !== LIBRARY_FILE_SCHEMA) return fail('unexpected-shape', schemaError(schema));
  const conversations = ownMember(document, 'conversations');
  if (!Array.isArray(conversations))
    return fail('unexpected-shape', 'The library file holds no list of conversations.');
  const exportedAt = ownMember(document, 'exportedAt');
  const written = typeof exportedAt === 'string' ? Date.parse(exportedAt) : Number.NaN;
  const fallbackSavedAt = Number.isNaN(written) ? 0 : written;
  const records = conversations.flatMap((stored) => readLibraryConversation(stored, fallbackSavedAt) ?? []);
  const skipped = conversations.length - records.length;
  const brands = ownMember(document, 'brands');
  const account = ownMember(document, 'account');
  return ok(
    {
      records,
      brands: isRecord(brands) ? readBrandSettings(brands) : null,
      account: isRecord(account) ? readLibraryAccount(account, fallbackSavedAt) : null,
      skipped,
    },
    skipped > 0 ? [`${skipped} of the file's conversations could not be read and were left out.`] : [],
  );
}

/**
 * The conversations of a file to write into the library: each one the library does not hold, or holds
 * as written earlier than the file's. A conversation the file holds twice counts once, at its latest.
 */
export function mergeForImport(
  kept: readonly LibraryConversation[],
  incoming: readonly LibraryConversation[],
): LibraryConversation[] {
  const keptSavedAt = new Map(kept.map((record) => [record.id, record.savedAt]));
  const written = new Map<string, LibraryConversation>();
  for (const record of incoming) {
    const newest = written.get(record.id)?.savedAt ?? keptSavedAt.get(record.id) ?? Number.NEGATIVE_INFINITY;
    if (record.savedAt > newest) written.set(record.id, record);
  }
  return [...written.values()];
}
