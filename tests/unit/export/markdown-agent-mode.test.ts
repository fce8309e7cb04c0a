import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import type { Conversation } from '@/lib/model/conversation';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import {
  agentModeConversation,
  agentModePage,
  agentModeTreeConversation,
  RAIL_TITLE,
  RAIL_URL,
} from '@/tests/unit/fixtures/agent-mode';
import { EXPORTED_AT } from './rich-inspection';

const markdownOf = (conversation: Conversation = agentModeConversation(), options = {}) =>
  exportMarkdown(inspect({ conversation }), { exportedAt: EXPORTED_AT, ...options });

const transcriptOf = (markdown: string): string => markdown.split('## Search queries')[0] ?? '';

describe('the Markdown of an agent-mode run (export-format "Agent mode")', () => {
  it.each([
    ['the messages format', agentModeConversation],
    ['the tree format', agentModeTreeConversation],
  ])('says what the agent did, step by step, from %s', (_format, conversation) => {
    const markdown = markdownOf(conversation());
    const lines = [
      '_Agent: started its computer_',
      `_Agent: pressed CTRL+L · typed "${RAIL_URL}" · pressed ENTER_`,
      `_Agent: on [${RAIL_TITLE}](<${RAIL_URL}>)_`,
      '_Agent: clicked at (412, 230) · typed "Lisbon to Madrid"_',
      '_Agent: scrolled down_',
      '_Agent: ran `python3 fares.py > /home/oai/share/fares.csv`_',
      '_Agent: saved file fares.csv_',
      'The night train costs from €59',
    ];
    const places = lines.map((line) => markdown.indexOf(line));
    expect(
      places.every((place) => place >= 0),
      lines[places.indexOf(-1)],
    ).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    // Each page is named once, however many screenshots show it.
    expect(markdown.split(`_Agent: on [${RAIL_TITLE}]`)).toHaveLength(2);
    expect(markdown).toContain('_Screenshot 4: file_00000000agent004, 1024×768, 51 KB_');
  });

  it.each([
    ['the messages format', agentModeConversation],
    ['the tree format', agentModeTreeConversation],
  ])('names the files the answer saved, from %s, never by placeholder or id', (_format, conversation) => {
    const markdown = markdownOf(conversation());
    expect(markdown).toContain('the fares are in fares.csv, the timetable in a file.');
    expect(markdown).not.toContain('{{file:');
    expect(markdown).not.toContain('file-Fares6Rows');
    expect(markdown).not.toContain('file-Timetable2');
  });

  it('writes no JSON, no tool name and no obfuscated key, whatever is asked for', () => {
    for (const includeHiddenAndTools of [false, true]) {
      const transcript = transcriptOf(markdownOf(agentModeConversation(), { includeHiddenAndTools }));
      for (const raw of [
        '{"',
        'n7jupd',
        'computer.',
        'container.',
        'sediment://',
        'file-Fares',
        'browser_state',
      ])
        expect(transcript, raw).not.toContain(raw);
    }
  });

  it('shows the screenshots as images where the files are at hand', () => {
    const markdown = markdownOf(agentModeConversation(), {
      assetPath: (pointer: string) => `files/${pointer.replace('sediment://', '')}.png`,
    });
    expect(markdown).toContain('![Screenshot 2 (1024×768)](<files/file_00000000agent002.png>)');
  });

  it('leaves the run out with the tools calls, and quotes a command output only in full', () => {
    const none = transcriptOf(markdownOf(agentModeConversation(), { toolCalls: 'none' }));
    expect(none).not.toContain('_Agent:');
    expect(none).not.toContain('Screenshot');
    expect(none).toContain('The night train costs from €59');
    expect(markdownOf()).not.toContain('wrote 6 rows');
    expect(markdownOf(agentModeConversation(), { includeHiddenAndTools: true })).toContain(
      '> _Agent output_\n>\n> wrote 6 rows',
    );
  });

  it('reads the whole run, and the widget-state report, with nothing unread', () => {
    expect(inspect({ conversation: agentModeConversation() }).unread).toEqual([]);
  });

  it('counts an action no reader knows, and still says it', () => {
    const conversation = agentModeConversation();
    const call = conversation.messages.find((message) => message.id === 'g-10');
    if (call === undefined) throw new Error('no scroll call');
    call.text = '{"actions": [{"action": "pinch", "x": 1, "y": 2}]}';
    expect(inspect({ conversation }).unread).toEqual([
      { kind: 'tool', name: 'computer.do:pinch', count: 1, at: ['message.recipient'] },
    ]);
    expect(markdownOf(conversation)).toContain('_Agent: pinch_');
  });
});

describe('a deep research whose report is only in its widget state (site-interface 10.9)', () => {
  it.each([
    ['the messages format', agentModeConversation],
    ['the tree format', agentModeTreeConversation],
  ])('is the answer, with its cited page, from %s', (_format, conversation) => {
    const markdown = markdownOf(conversation());
    expect(markdown).toContain('#### Night trains from Lisbon');
    expect(markdown).toContain(
      'The Sud Express ran until 2020 ([rail-history.example](<https://www.rail-history.example/sud-express>))',
    );
    expect(markdown).toContain(
      '- [The end of the Sud Express](<https://www.rail-history.example/sud-express>)',
    );
    expect(markdown).not.toContain('widget_state');
  });

  it("takes the report's references when the answer lists an empty content_references of its own", () => {
    const page = agentModePage() as { messages: Array<{ id: string; metadata: Record<string, unknown> }> };
    const answer = page.messages.find((message) => message.id === 'g-22');
    if (answer === undefined) throw new Error('no report answer');
    answer.metadata.content_references = [];
    const result = normalizeMessagesFormat([page]);
    if (!result.ok) throw new Error(result.error.message);
    expect(markdownOf(result.value)).toContain(
      '([rail-history.example](<https://www.rail-history.example/sud-express>))',
    );
    expect(inspect({ conversation: result.value }).unread).toEqual([]);
  });
});
