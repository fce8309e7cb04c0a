import { isRecord, type JsonRecord, readFlag, readIdentifier } from './json-read';
import { fail, ok, type Result } from './result';

/** site-interface 2.2. The types of the four fields are not shown, so cursors are read as strings. */
export interface PageInfo {
  /** Passed back unchanged as `before` to fetch the older page (site-interface 4.1). */
  startCursor: string | null;
  endCursor: string | null;
  hasPreviousPage: boolean | null;
  hasNextPage: boolean | null;
}

/** One response of GET /backend-api/conversations/{id} (site-interface 4.1). */
export interface MessagesPage {
  record: JsonRecord;
  /** The raw message objects, in the order of the response. */
  messages: unknown[];
  /** null when the response has no page_info object. */
  pageInfo: PageInfo | null;
}

function readPageInfo(value: unknown): PageInfo | null {
  if (!isRecord(value)) return null;
  return {
    startCursor: readIdentifier(value.start_cursor),
    endCursor: readIdentifier(value.end_cursor),
    hasPreviousPage: readFlag(value.has_previous_page),
    hasNextPage: readFlag(value.has_next_page),
  };
}

export function readMessagesPage(raw: unknown): Result<MessagesPage> {
  if (!isRecord(raw)) return fail('unexpected-shape', 'A messages-format page is not a JSON object.');
  if (!Array.isArray(raw.messages)) {
    return fail('unexpected-shape', 'A messages-format page has no messages list.');
  }
  return ok({ record: raw, messages: raw.messages, pageInfo: readPageInfo(raw.page_info) });
}

/** The id of a raw message object, or null when it has none. */
export function rawMessageId(message: unknown): string | null {
  return isRecord(message) ? readIdentifier(message.id) : null;
}

/**
 * Incremental refresh: the freshly loaded newest page is merged into the newest held page by message id, so
 * the held pages do not grow by one page per refresh. The fresh page wins for every message it carries; held
 * messages older than the first message both share are kept (they fell out of the newest window); held
 * messages after it that the fresh page lacks are left out, because the fresh page says they are off the
 * active branch. The merged page keeps the held page's start_cursor and has_previous_page, which describe how
 * far back it now reaches.
 */
export function mergeNewerPage(fresh: MessagesPage, held: MessagesPage): JsonRecord {
  const freshIds = new Set(fresh.messages.map(rawMessageId).filter((id) => id !== null));
  const firstShared = held.messages.findIndex((message) => {
    const id = rawMessageId(message);
    return id !== null && freshIds.has(id);
  });
  const olderOnly = firstShared === -1 ? held.messages : held.messages.slice(0, firstShared);
  const freshInfo = fresh.record.page_info;
  const heldInfo = held.record.page_info;
  const pageInfo = !isRecord(heldInfo)
    ? freshInfo
    : isRecord(freshInfo)
      ? { ...freshInfo, start_cursor: heldInfo.start_cursor, has_previous_page: heldInfo.has_previous_page }
      : heldInfo;
  return { ...fresh.record, messages: [...olderOnly, ...fresh.messages], page_info: pageInfo };
}
