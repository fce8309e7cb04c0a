import { describe, expect, it } from 'vitest';
import { normalizeDataExport } from '@/lib/model/data-export';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { messagesResponses, storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { activePath, conversationsExport, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';

const isWebRun = (message: { recipient: string; author: { name: string | null } }): boolean =>
  message.recipient === 'web.run' || message.author.name === 'web.run';

describe.each(Object.entries(FIXTURE_IDS))('the replica conversation %s', (_name, id) => {
  it('normalizes from the messages format to its whole active branch, without warnings', () => {
    const conversation = storedConversation(id);
    const result = normalizeMessagesFormat(messagesResponses(conversation, 100));
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
    const pages = messagesResponses(storedConversation(FIXTURE_IDS.longHistory), 100);
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('reads the drifting metadata of the web-search conversation', () => {
    const result = normalizeMessagesFormat(messagesResponses(storedConversation(FIXTURE_IDS.webSearch), 100));
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
