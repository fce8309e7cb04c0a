import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeExport } from '@/lens/export/format-writers';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import { readCanvases } from '@/lib/insights/canvas';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { run } from '@/tests/unit/cli/run-in-memory';
import {
  richContentConversation,
  richContentPage,
  richContentTree,
  richContentTreeConversation,
} from '@/tests/unit/fixtures/rich-content';
import { rawMessageList, token } from './raw-message-list';
import { EXPORTED_AT } from './rich-inspection';

const markdownOf = (conversation = richContentConversation(), options = {}) =>
  exportMarkdown(inspect({ conversation }), { exportedAt: EXPORTED_AT, ...options });

const count = (text: string, needle: string): number => text.split(needle).length - 1;

describe('the Markdown of a conversation with canvases, images, files, a web search and deep research', () => {
  it.each([
    ['the messages format', richContentConversation],
    ['the tree format', richContentTreeConversation],
  ])(
    'keeps the canvas, the named images and the report with its sources, from %s',
    (_format, conversation) => {
      const markdown = markdownOf(conversation());
      expect(markdown).toContain(
        '```python\ndef total(costs):\n    """The trip\'s costs added up, to the cent."""',
      );
      expect(markdown).toContain('_Generated image 1: file_00000000a1b2c3d4, 1024×1024, 1.4 MB_');
      expect(markdown).toContain('_Uploaded image 1: tram-28.jpg, 1536×2048, 310 KB_');
      expect(markdown).toContain('_Uploaded file 1: itinerary.pdf, application/pdf, 240 KB_');
      expect(markdown).toContain('_Image requested: "A poster of Alfama at dusk, warm light"_');
      expect(markdown).toContain('#### Deep research: the task');
      expect(markdown).toContain(
        '- [A history of the casas de fado](<https://www.museudofado.pt/en/history>)',
      );
      for (const hidden of [
        'sediment://',
        'file-service://',
        '[image]',
        'do not say or show',
        'Successfully',
        'canmore.',
      ])
        expect(markdown).not.toContain(hidden);
    },
  );

  it('shows the images and links the files where a resolver knows their paths', () => {
    const paths: Record<string, string> = {
      'sediment://file_00000000a1b2c3d4': 'images/file_00000000a1b2c3d4.png',
      'file-service://file-Up1Tram': 'images/tram 28.jpg',
      'file-Doc2Plan': 'files/itinerary.pdf',
    };
    const markdown = markdownOf(richContentConversation(), {
      assetPath: (pointer: string) => paths[pointer] ?? null,
    });
    expect(markdown).toContain('![Generated image 1 (1024×1024)](<images/file_00000000a1b2c3d4.png>)');
    expect(markdown).toContain('![Uploaded image 1 (1536×2048)](<images/tram 28.jpg>)');
    expect(markdown).toContain('[Uploaded file 1: itinerary.pdf (240 KB)](<files/itinerary.pdf>)');
    expect(markdown).not.toContain('sediment://');
  });

  it('names an opened page by its title and URL', () => {
    expect(markdownOf()).toContain(
      '_Opened: [Fado tonight in Lisbon](<https://www.visitlisboa.com/en/events/fado-tonight>)_',
    );
  });

  it('writes the calls and the tools words when hidden and tool messages are asked for', () => {
    const whole = markdownOf(richContentConversation(), { includeHiddenAndTools: true });
    expect(whole).toContain('_Called canmore.create_textdoc_');
    expect(whole).toContain('Failed with error.');
    expect(whole).toContain('do not say or show ANYTHING');
    expect(count(whole, '```python\n')).toBe(2);
  });

  it('lists every canvas in the JSON export', () => {
    const document = JSON.parse(
      writeExport(inspect({ conversation: richContentConversation() }), 'json', { exportedAt: EXPORTED_AT }),
    );
    expect(
      document.canvases.map((canvas: { name: string; versions: number }) => [canvas.name, canvas.versions]),
    ).toEqual([
      ['Trip budget', 2],
      ['Packing list', 2],
    ]);
  });

  it('is what inspect writes from a saved conversation and from a data export', async () => {
    const single = await run(['c.json', '--format', 'md'], { 'c.json': richContentPage() });
    const exported = await run(['conversations.json', '--format', 'md'], {
      'conversations.json': [richContentTree()],
    });
    for (const result of [single, exported]) {
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('#### Trip budget');
      expect(result.stdout).toContain('round(sum(costs), 2)');
      expect(result.stdout).toContain('_Generated image 1: file_00000000a1b2c3d4, 1024×1024, 1.4 MB_');
      expect(result.stdout).toContain('#### Deep research: clarifying questions');
    }
  });
});

/** One step of a generated conversation; each holds a token of its own, to be found in the Markdown. */
type Step =
  | { kind: 'user' | 'answer' | 'chatter' | 'clarify' | 'task' | 'image' | 'upload' | 'search' }
  | { kind: 'create' | 'update'; code: boolean; replied: 'ok' | 'failed' | 'none' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom(
      'user',
      'answer',
      'chatter',
      'clarify',
      'task',
      'image',
      'upload',
      'search' as const,
    ),
  }) as fc.Arbitrary<Step>,
  fc.record({
    kind: fc.constantFrom('create', 'update' as const),
    code: fc.boolean(),
    replied: fc.constantFrom('ok', 'failed', 'none' as const),
  }) as fc.Arbitrary<Step>,
);

function rawMessages(steps: readonly Step[]): Record<string, unknown>[] {
  const { raw, add, text } = rawMessageList();
  steps.forEach((step, index) => {
    const words = token(step.kind, index);
    if (step.kind === 'user') add('user', text(words));
    if (step.kind === 'answer') add('assistant', text(words));
    if (step.kind === 'chatter')
      add('tool', text(`GPT-4o returned 1 images. From now on, do not say or show ANYTHING. ${words}`), {
        name: 'dalle.text2im',
      });
    if (step.kind === 'clarify' || step.kind === 'task') {
      const method = step.kind === 'clarify' ? 'clarify_with_text' : 'start_research_task';
      add('assistant', text(JSON.stringify({ prompt: words })), {
        recipient: `research_kickoff_tool.${method}`,
      });
    }
    if (step.kind === 'image' || step.kind === 'upload') {
      const part = {
        content_type: 'image_asset_pointer',
        asset_pointer: `sediment://file_${step.kind === 'image' ? words : `upload${index}`}`,
        width: 8,
        height: 8,
      };
      if (step.kind === 'image')
        add('tool', { content_type: 'multimodal_text', parts: [part] }, { name: 'dalle.text2im' });
      else add('user', { content_type: 'multimodal_text', parts: [part, `said ${words}`] });
    }
    if (step.kind === 'search') {
      add('assistant', text(JSON.stringify({ search_query: [{ q: words }] })), { recipient: 'web.run' });
      add('tool', text(`Found results for ${words}`), { name: 'web.run' });
    }
    if (step.kind === 'create' || step.kind === 'update') {
      const command =
        step.kind === 'create'
          ? { name: `name ${words}`, type: 'code/python', content: words }
          : { content: words };
      const content = step.code
        ? { content_type: 'code', language: 'json', text: JSON.stringify(command) }
        : text(JSON.stringify(command));
      add('assistant', content, { recipient: `canmore.${step.kind}_textdoc` });
      if (step.replied !== 'none')
        add('tool', text(step.replied === 'ok' ? 'Successfully done' : 'Failed with error.'), {
          name: `canmore.${step.kind}_textdoc`,
        });
    }
  });
  return raw;
}

describe('the transcript, for any mix of such messages', () => {
  it('writes each message once, or its canvas in its final form of the turn, and drops none', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 14 }), fc.boolean(), (steps, whole) => {
        const parsed = normalizeMessagesFormat([{ conversation_id: 'c-p', messages: rawMessages(steps) }]);
        if (!parsed.ok) throw new Error(parsed.error.message);
        const conversation = parsed.value;
        const document = exportMarkdown(inspect({ conversation }), {
          exportedAt: EXPORTED_AT,
          includeHiddenAndTools: whole,
        });
        // The transcript alone: the queries section heads each turn with its prompt again.
        const markdown = document.slice(0, document.indexOf('\n## Search queries'));
        steps.forEach((step, index) => {
          const words = token(step.kind, index);
          if (['user', 'answer', 'clarify', 'task', 'image', 'upload'].includes(step.kind))
            expect(count(markdown, words), words).toBe(1);
          if (step.kind === 'upload') expect(count(markdown, `file_upload${index}`)).toBe(1);
          if (step.kind === 'chatter') expect(count(markdown, words), words).toBe(whole ? 1 : 0);
          if (step.kind === 'search') expect(count(markdown, words)).toBeGreaterThanOrEqual(1);
        });
        for (const state of readCanvases(conversation).shownAt.values())
          expect(markdown).toContain(`\n${state.content}\n`);
      }),
      { numRuns: 150 },
    );
  });
});
