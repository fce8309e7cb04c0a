import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import type { Conversation } from '@/lib/model/conversation';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { MESSAGES_PAGE_DONE } from '@/tests/unit/fixtures/several-assistant-messages';

const read = normalizeMessagesFormat([MESSAGES_PAGE_DONE]);
if (!read.ok) throw new Error('did not read');
const done = read.value;

describe('a temporary chat (site-interface 10.12)', () => {
  it('is named so in its Markdown, and no other chat is', () => {
    const markdown = (conversation: Conversation) =>
      exportMarkdown(inspect({ conversation }), { exportedAt: new Date(0) });
    const temporary = { ...done, flags: { ...done.flags, is_temporary_chat: true } };
    expect(markdown(temporary)).toContain("_A temporary chat: it is not in ChatGPT's history._");
    expect(markdown(done)).not.toContain('temporary chat');
  });
});
