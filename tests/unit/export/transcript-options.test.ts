import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeExport } from '@/lens/export/format-writers';
import { exportMarkdown, type MarkdownExportOptions } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import {
  BRANCH_DETAILS,
  REASONING_DETAILS,
  TIMESTAMP_DETAILS,
  TOOL_CALL_DETAILS,
  type TranscriptOptions,
} from '@/lib/export/transcript-options';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { richContentConversation } from '@/tests/unit/fixtures/rich-content';
import { rawMessageList, token } from './raw-message-list';
import { EXPORTED_AT, richInspection } from './rich-inspection';

/** The transcript alone: the queries section heads each turn with its prompt again. */
const transcriptOf = (document: string): string => document.slice(0, document.indexOf('\n## Search queries'));

const webSearch = (options: Partial<MarkdownExportOptions> = {}): string =>
  exportMarkdown(richInspection(), { exportedAt: EXPORTED_AT, ...options });

/** The document with every blank-line-separated block the test names taken out. */
const without = (document: string, dropped: (block: string) => boolean): string =>
  document
    .split('\n\n')
    .filter((block) => !dropped(block))
    .join('\n\n');

const count = (text: string, needle: string): number => text.split(needle).length - 1;

describe('the reasoning option', () => {
  it('writes the reasoning whole by default, as the site shows it opened', () => {
    const markdown = webSearch();
    expect(markdown).toContain('> _Reasoning_\n>\n> Understanding the ask\n> Wide feet, lightweight');
    expect(markdown).toContain('> _Thinking preamble_');
    expect(markdown).toContain('_Thought for 14s_');
    expect(webSearch({ reasoning: 'full' })).toBe(markdown);
  });

  it('summary leaves out the reasoning itself and nothing else', () => {
    const expected = without(webSearch(), (block) => block.startsWith('> _Reasoning_'));
    const summary = webSearch({ reasoning: 'summary' });
    expect(summary).toBe(expected);
    expect(summary).toContain('_Thought for 14s_');
    expect(summary).toContain('> _Thinking preamble_');
  });

  it('none leaves out the reasoning, the preambles and the "Thought for" line, and nothing else', () => {
    const expected = without(
      webSearch(),
      (block) =>
        block.startsWith('> _Reasoning_') ||
        block.startsWith('> _Thinking preamble_') ||
        /^_Thought for \d+s_$/.test(block),
    );
    expect(webSearch({ reasoning: 'none' })).toBe(expected);
  });
});

describe('the tool calls option', () => {
  it('none leaves out the tools calls and outputs, and keeps the answers and their sources', () => {
    const shown = webSearch();
    const isToolLine = (block: string) =>
      /^_(Searched|Opened|Looked up products|browser|web\.run)[: ]/.test(block);
    expect(shown.split('\n\n').filter(isToolLine).length).toBeGreaterThan(3);
    const none = webSearch({ toolCalls: 'none' });
    expect(none).toBe(without(shown, isToolLine));
    expect(transcriptOf(none)).toContain('**Sources**');
  });

  it('none keeps the canvases, images, files and the research kickoff, which are content', () => {
    const options = { exportedAt: EXPORTED_AT };
    const inspection = inspect({ conversation: richContentConversation() });
    for (const whole of [false, true]) {
      const markdown = exportMarkdown(inspection, {
        ...options,
        includeHiddenAndTools: whole,
        toolCalls: 'none',
      });
      expect(markdown).toContain('```python\ndef total(costs):');
      expect(markdown).toContain('_Generated image 1: file_00000000a1b2c3d4, 1024×1024, 1.4 MB_');
      expect(markdown).toContain('_Uploaded file 1: itinerary.pdf, application/pdf, 240 KB_');
      expect(markdown).toContain('#### Deep research: the task');
      expect(transcriptOf(markdown)).not.toMatch(
        /_(Searched|Called|Image requested)[: _]|_[\w ]+[.\w]* output_/,
      );
    }
  });
});

describe('the timestamps option', () => {
  it('writes each prompt time under its heading, in UTC, and nothing else', () => {
    const off = webSearch();
    const on = webSearch({ timestamps: 'on' });
    expect(webSearch({ timestamps: 'off' })).toBe(off);
    const times = on.split('\n\n').filter((block) => /^_\d{4}-\d\d-\d\d \d\d:\d\d UTC_$/.test(block));
    expect(times.length).toBe(count(transcriptOf(off), '### User'));
    expect(without(on, (block) => times.includes(block))).toBe(off);
    expect(on).toMatch(/### User\n\n_\d{4}-\d\d-\d\d \d\d:\d\d UTC_\n\n/);
  });
});

describe('the HTML page, written from the Markdown', () => {
  it('takes the same transcript options', () => {
    const page = (options: Partial<MarkdownExportOptions>) =>
      writeExport(richInspection(), 'html', { exportedAt: EXPORTED_AT, ...options });
    const plain = page({});
    expect(plain).toContain('Searched: ');
    expect(plain).not.toMatch(/\d\d:\d\d UTC/);
    const chosen = page({ toolCalls: 'none', timestamps: 'on' });
    expect(chosen).not.toContain('Searched: ');
    expect(chosen).toMatch(/<em>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/em>/);
  });
});

describe('the JSON export, the complete data contract', () => {
  it('is the same whatever the transcript options say', () => {
    const inspection = richInspection();
    const plain = writeExport(inspection, 'json', { exportedAt: EXPORTED_AT });
    expect(
      writeExport(inspection, 'json', {
        exportedAt: EXPORTED_AT,
        reasoning: 'none',
        toolCalls: 'none',
        timestamps: 'on',
        branches: 'all',
      }),
    ).toBe(plain);
  });
});

/** One step of a generated conversation; each holds a token of its own, to be found in the Markdown. */
type StepKind = 'user' | 'answer' | 'thoughts' | 'recap' | 'preamble' | 'search' | 'python' | 'image';
const STEP_KINDS: readonly StepKind[] = [
  'user',
  'answer',
  'thoughts',
  'recap',
  'preamble',
  'search',
  'python',
  'image',
];

function rawMessages(steps: readonly { kind: StepKind; timed: boolean }[]): Record<string, unknown>[] {
  const { raw, add, text } = rawMessageList();
  steps.forEach(({ kind, timed }, index) => {
    const words = token(kind, index);
    if (kind === 'user') add('user', text(words), timed ? { create_time: 1_790_000_000 + index * 60 } : {});
    if (kind === 'answer') add('assistant', text(words));
    if (kind === 'thoughts')
      add('assistant', { content_type: 'thoughts', thoughts: [{ summary: 'Thinking', content: words }] });
    if (kind === 'recap')
      add('assistant', { content_type: 'reasoning_recap', content: `Thought for ${words}` });
    if (kind === 'preamble')
      add('assistant', text(words), { metadata: { is_thinking_preamble_message: true } });
    if (kind === 'search') {
      add('assistant', text(JSON.stringify({ search_query: [{ q: words }] })), { recipient: 'web.run' });
      add('tool', text(`Found results for ${words}`), { name: 'web.run' });
    }
    if (kind === 'python') {
      add(
        'assistant',
        { content_type: 'code', language: 'python', text: `print(1) # ${words}` },
        { recipient: 'python' },
      );
      add('tool', { content_type: 'execution_output', text: `out ${words}` }, { name: 'python' });
    }
    if (kind === 'image') {
      const part = {
        content_type: 'image_asset_pointer',
        asset_pointer: `sediment://file_${words}`,
        width: 8,
        height: 8,
      };
      add('tool', { content_type: 'multimodal_text', parts: [part] }, { name: 'dalle.text2im' });
    }
  });
  return raw;
}

const optionsArbitrary: fc.Arbitrary<TranscriptOptions> = fc.record({
  reasoning: fc.constantFrom(...REASONING_DETAILS),
  toolCalls: fc.constantFrom(...TOOL_CALL_DETAILS),
  timestamps: fc.constantFrom(...TIMESTAMP_DETAILS),
  branches: fc.constantFrom(...BRANCH_DETAILS),
});

describe('the transcript options, for any mix of messages', () => {
  it('write every prompt and answer once, and each reasoning, tool and time exactly as chosen', () => {
    const step = fc.record({ kind: fc.constantFrom(...STEP_KINDS), timed: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 14 }),
        optionsArbitrary,
        fc.boolean(),
        (steps, options, whole) => {
          const parsed = normalizeMessagesFormat([{ conversation_id: 'c-o', messages: rawMessages(steps) }]);
          if (!parsed.ok) throw new Error(parsed.error.message);
          const document = exportMarkdown(inspect({ conversation: parsed.value }), {
            exportedAt: EXPORTED_AT,
            includeHiddenAndTools: whole,
            ...options,
          });
          const markdown = transcriptOf(document);
          const expected: Record<StepKind, number> = {
            user: 1,
            answer: 1,
            image: 1,
            thoughts: options.reasoning === 'full' ? 1 : 0,
            recap: options.reasoning === 'none' ? 0 : 1,
            preamble: options.reasoning === 'none' ? 0 : 1,
            // A search's call line and its output's line each name its query.
            search: options.toolCalls === 'none' ? 0 : 2,
            // Its output names it, in a line or asked for whole in a quote.
            python: options.toolCalls === 'none' ? 0 : 1,
          };
          steps.forEach(({ kind }, index) => {
            const words = token(kind, index);
            expect(count(markdown, words), words).toBe(expected[kind]);
          });
          const timed = steps.filter(({ kind, timed }) => kind === 'user' && timed).length;
          expect(count(markdown, ' UTC_')).toBe(options.timestamps === 'on' ? timed : 0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
