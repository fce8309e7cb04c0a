import { describe, expect, it } from 'vitest';
import { normalizeDataExport } from '@/lib/model/data-export';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import {
  activePath,
  conversationsExport,
  messagesResponse,
  type StoredConversation,
  treeResponse,
} from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { storedConversation } from '../replica/fixtures/fixture-helpers';

/** Every page of the messages format, newest first, as a loader collects them (interface 4.1). */
function allPages(conversation: StoredConversation): unknown[] {
  const pages: unknown[] = [];
  let before: string | undefined;
  for (;;) {
    const page = messagesResponse(conversation, { numTurns: 100, before }) as {
      page_info: { start_cursor: string; has_previous_page: boolean };
    };
    pages.push(page);
    if (!page.page_info.has_previous_page) return pages;
    before = page.page_info.start_cursor;
  }
}

const isWebRun = (message: { recipient: string; author: { name: string | null } }): boolean =>
  message.recipient === 'web.run' || message.author.name === 'web.run';

describe.each(Object.entries(FIXTURE_IDS))('the replica conversation %s', (_name, id) => {
  it('normalizes from the messages format to its whole active branch, without warnings', () => {
    const conversation = storedConversation(id);
    const result = normalizeMessagesFormat(allPages(conversation));
    expect(result.ok && result.warnings).toEqual([]);
    expect(result.ok && result.value.messages.map((message) => message.id)).toEqual(
      activePath(conversation).map((message) => message.id),
    );
    expect(result.ok && result.value.formatLoads.messages.complete).toBe(true);
    expect(
      result.ok && result.value.messages.some((message) => /undefined|\[object Object\]/.test(message.text)),
    ).toBe(false);
  });

  it('normalizes from the tree to the same branch without the web.run messages', () => {
    const conversation = storedConversation(id);
    const result = normalizeTreeFormat(treeResponse(conversation));
    expect(result.ok && result.warnings).toEqual([]);
    expect(result.ok && result.value.messages.map((message) => message.id)).toEqual(
      activePath(conversation)
        .filter((message) => !isWebRun(message))
        .map((message) => message.id),
    );
  });
});

describe('replica specifics', () => {
  it('pages the long history over three pages or more', () => {
    expect(allPages(storedConversation(FIXTURE_IDS.longHistory)).length).toBeGreaterThanOrEqual(3);
  });

  it('reads the drifting metadata of the web-search conversation', () => {
    const result = normalizeMessagesFormat(allPages(storedConversation(FIXTURE_IDS.webSearch)));
    const messages = result.ok ? result.value.messages : [];
    expect(messages.some((message) => message.preamble)).toBe(true);
    expect(messages.some((message) => message.thinkingEffort !== null)).toBe(true);
    expect(
      messages
        .filter((message) => message.refId !== null)
        .every((message) => /^turn\d+\w+\d+$/.test(message.refId ?? '')),
    ).toBe(true);
  });

  it('gives the same conversations from a data-export file as from the tree endpoint', () => {
    const conversations = [storedConversation(FIXTURE_IDS.plain), storedConversation(FIXTURE_IDS.webSearch)];
    const exported = normalizeDataExport(conversationsExport(conversations));
    expect(exported.ok && exported.warnings).toEqual([]);
    const fromTree = conversations.map((conversation) => normalizeTreeFormat(treeResponse(conversation)));
    expect(exported.ok && exported.value).toEqual(fromTree.map((result) => result.ok && result.value));
  });
});
