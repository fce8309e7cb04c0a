import { readArray } from '@/lib/model/ad-and-product-fields';
import { isRecord, type JsonRecord, readString } from '@/lib/model/json-read';

/**
 * Memory citations (site-interface 10.5): an answer that leans on what ChatGPT remembers of the user lists
 * those memories in `metadata.conversation_context_citation_metadata`, each `{citation_uuid, citation:
 * {conversation_context_type: "user_memory", memory_id, attribution: "Memory", …}}`, and marks the words
 * with a `memcite` marker or a reference naming the entry's `citation_uuid`. A memory is no web page: it
 * shows as the note "Memory" and never counts as a source or a domain.
 */

/** `\ue200memcite…\ue201`, or the same marker with its private-use characters lost. */
const MEMORY_MARKER = /^\ue200?memcite(?![A-Za-z])/;

/** The entry's members, whether the site nests them in `citation` or not. */
function memberOf(entry: JsonRecord, name: string): unknown {
  return isRecord(entry.citation) && entry.citation[name] !== undefined ? entry.citation[name] : entry[name];
}

function isMemoryEntry(entry: JsonRecord): boolean {
  return (
    memberOf(entry, 'conversation_context_type') === 'user_memory' ||
    readString(memberOf(entry, 'memory_id')) !== null
  );
}

/** Most messages cite no memory: they share one empty set instead of making their own. */
const NO_IDS: ReadonlySet<string> = new Set();

/** Whether the message lists a memory it cites: its `memcite` markers are then resolved (citation-markers.ts). */
export const citesMemory = (metadata: Record<string, unknown>): boolean =>
  memoryCitationIds(metadata).size > 0;

/** The `citation_uuid`s of the message's memory citations; empty when it cites none. */
export function memoryCitationIds(metadata: Record<string, unknown>): ReadonlySet<string> {
  if (metadata.conversation_context_citation_metadata === undefined) return NO_IDS;
  const ids = new Set<string>();
  for (const entry of readArray(metadata.conversation_context_citation_metadata)) {
    if (!isRecord(entry) || !isMemoryEntry(entry)) continue;
    // An entry without an id still makes the message one that cites a memory.
    ids.add(readString(entry.citation_uuid) ?? readString(memberOf(entry, 'memory_id')) ?? '');
  }
  return ids;
}

/** Whether a reference stands for a memory: by its marker, or by the memory entry its uuid names. */
export function isMemoryReference(reference: JsonRecord, memoryIds: ReadonlySet<string>): boolean {
  const marker = readString(reference.matched_text);
  if (marker !== null && MEMORY_MARKER.test(marker)) return true;
  const uuid = readString(reference.citation_uuid);
  return uuid !== null && uuid !== '' && memoryIds.has(uuid);
}
