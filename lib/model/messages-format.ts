import { assembleConversation } from './assemble-conversation';
import { type Conversation, type FormatLoadStatus, type NormalizedMessage, notLoaded } from './conversation';
import { MESSAGES_FORMAT_KEYS, readConversationHeader } from './conversation-header';
import { normalizeMessageObject } from './message-object';
import { type MessagesPage, readMessagesPage } from './messages-page';
import { fail, ok, type Result } from './result';

/**
 * The messages of all pages, oldest first, one per id. Pages come newest first, so the walk starts at
 * the last page; where two pages hold the same id (an incremental refresh, a page captured twice), the
 * newer page's object replaces the older one in its place.
 */
function collectMessages(pages: MessagesPage[], warnings: string[]): NormalizedMessage[] {
  const positionById = new Map<string, number>();
  const messages: NormalizedMessage[] = [];
  let unreadable = 0;
  for (let pageIndex = pages.length - 1; pageIndex >= 0; pageIndex -= 1) {
    const rawMessages = pages[pageIndex]?.messages ?? [];
    for (let messageIndex = 0; messageIndex < rawMessages.length; messageIndex += 1) {
      const message = normalizeMessageObject(rawMessages[messageIndex], {
        format: 'messages',
        fallbackId: `missing-id:page-${pageIndex + 1}:${messageIndex}`,
      });
      if (message === null) {
        unreadable += 1;
        continue;
      }
      const position = positionById.get(message.id);
      if (position === undefined) {
        positionById.set(message.id, messages.length);
        messages.push(message);
      } else {
        messages[position] = message;
      }
    }
  }
  if (unreadable > 0) warnings.push(`${unreadable} entries of messages[] are not message objects; left out.`);
  return messages;
}

/** The flat list's order is kept; parent links, where present, only check it. */
function checkOrder(messages: NormalizedMessage[], currentNode: string | null, warnings: string[]): void {
  let outOfOrder = 0;
  let firstOutOfOrder: string | null = null;
  for (let index = 1; index < messages.length; index += 1) {
    const message = messages[index];
    const previous = messages[index - 1];
    if (message === undefined || previous === undefined || message.parentId === null) continue;
    if (message.parentId !== previous.id) {
      outOfOrder += 1;
      firstOutOfOrder ??= message.id;
    }
  }
  if (outOfOrder > 0) {
    warnings.push(
      `${outOfOrder} messages do not follow their parent in the list (first: ${firstOutOfOrder}); the list order is kept.`,
    );
  }
  const last = messages[messages.length - 1];
  if (currentNode !== null && last !== undefined && last.id !== currentNode) {
    warnings.push(`current_node ${currentNode} is not the last message of the list (${last.id}).`);
  }
}

function messagesStatus(pages: MessagesPage[], unreadablePages: number): FormatLoadStatus {
  const oldest = pages[pages.length - 1];
  const reachedStart = oldest?.pageInfo?.hasPreviousPage === false;
  const complete = reachedStart && unreadablePages === 0;
  let note: string | null = null;
  if (unreadablePages > 0) note = `${unreadablePages} pages could not be read.`;
  else if (oldest?.pageInfo === null) note = 'The oldest page has no page_info, so older messages may exist.';
  else if (!reachedStart) note = 'Older messages exist that were not loaded.';
  return { loaded: true, complete, pages: pages.length, note };
}

/**
 * site-interface 2.1, site-interface 2.2 and site-interface 4.1: the messages format as one conversation.
 * `pages` are the responses in the order they were loaded: the newest page first (the request
 * without `before`), then each older page. Unreadable pages are skipped with a warning.
 */
export function normalizeMessagesFormat(pages: unknown[]): Result<Conversation> {
  const list: unknown[] = Array.isArray(pages) ? pages : [pages];
  const warnings: string[] = [];
  const readable: MessagesPage[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const page = readMessagesPage(list[index]);
    if (page.ok) readable.push(page.value);
    else warnings.push(`Page ${index + 1} (newest first): ${page.error.message}`);
  }
  const newest = readable[0];
  if (newest === undefined) {
    return fail(
      'unexpected-shape',
      list.length === 0 ? 'No messages-format page was given.' : 'No messages-format page could be read.',
    );
  }
  const header = readConversationHeader(newest.record, MESSAGES_FORMAT_KEYS);
  const messages = collectMessages(readable, warnings);
  if (messages.length === 0) warnings.push('The conversation has no messages.');
  checkOrder(messages, header.currentNode, warnings);
  const currentNode = header.currentNode ?? messages[messages.length - 1]?.id ?? null;
  if (header.currentNode === null && currentNode !== null) {
    warnings.push(
      `The response has no current_node; the last message (${currentNode}) is taken as the leaf.`,
    );
  }
  const formatLoads = {
    messages: messagesStatus(readable, list.length - readable.length),
    tree: notLoaded(),
    stream: notLoaded(),
  };
  return ok(assembleConversation(header, currentNode, messages, formatLoads), warnings);
}
