import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeExport } from '@/lens/export/format-writers';
import { inspect } from '@/lens/insights/inspection';
import type { Conversation, NormalizedMessage } from '@/lib/model/conversation';
import { renderContentText } from '@/lib/model/message-content';
import { normalizeMessageObject } from '@/lib/model/message-object';
import { normalizeStreamedTurns } from '@/lib/model/streamed-format';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { PROGRAM_LEFT_OUT, PROGRAM_NOTE, withoutProgramLines } from '@/lib/model/ui-program';
import { bothFormats, EXPORTED_AT } from '@/tests/unit/export/rich-inspection';
import {
  PROGRAM_LINE,
  UI_PROGRAM_ID,
  uiProgramInspections,
  uiProgramMessages,
  uiProgramStreamText,
  uiProgramTreeConversation,
  uiProgramTurn,
} from '@/tests/unit/fixtures/ui-program';
import { conversationOf, user } from '@/tests/unit/insights/build-conversation';

const CHART_LINE = '_Interactive chart: open the conversation to use it._';
const S = '\ue200';
const E = '\ue201';
const SEP = '\ue202';

const byId = (conversation: Conversation, id: string): NormalizedMessage => {
  const found = conversation.messages.find((message) => message.id === id);
  if (found === undefined) throw new Error(`no message ${id}`);
  return found;
};

/** An answer object of the site, its program in the text part and the given metadata. */
const answer = (program: string, metadata: Record<string, unknown>): NormalizedMessage | null =>
  normalizeMessageObject(
    {
      id: 'a',
      author: { role: 'assistant' },
      content: { content_type: 'text', parts: [program] },
      metadata,
    },
    { format: 'messages', fallbackId: 'a' },
  );

const markdownOf = (messages: NormalizedMessage[]): string =>
  writeExport(inspect({ conversation: conversationOf([user('u', 'Plan my week'), ...messages]) }), 'md', {
    exportedAt: EXPORTED_AT,
  });

describe('an answer made by a UI program (site-interface 10.14)', () => {
  it('reads as its fallbackMarkdown in every form, never as the program', () => {
    const forms = [uiProgramMessages(), uiProgramTreeConversation()];
    for (const conversation of forms) {
      const text = byId(conversation, 'ui-4').text;
      expect(text).toContain('## This week: a 10K base');
      expect(text).toContain('| Sun | Long and slow | 9 km |');
      expect(text).not.toMatch(PROGRAM_LINE);
    }
  });

  it('reads the plain preamble that carries model_dil_v2 as its text, unchanged', () => {
    const preamble = byId(uiProgramMessages(), 'ui-2');
    expect(preamble.text).toBe('Let me put together a week that goes easy on your knee.');
    expect(preamble.preamble).toBe(true);
  });

  it('reads an answer without model_dil_v2 exactly as before', () => {
    const content = { content_type: 'text', parts: ['Run **easy** on Tuesday {not a program}.'] };
    const plain = normalizeMessageObject(
      { id: 'p', author: { role: 'assistant' }, content, metadata: { model_slug: 'gpt-6-thinking' } },
      { format: 'messages', fallbackId: 'p' },
    );
    expect(plain?.text).toBe(renderContentText(content));
    expect(plain?.metadata).toEqual({ model_slug: 'gpt-6-thinking' });
  });

  it('names an interactive chart where its marker stood', () => {
    const text = byId(uiProgramMessages(), 'ui-4').text;
    const chart = text.indexOf(CHART_LINE);
    expect(chart).toBeGreaterThan(text.indexOf('race pace'));
    expect(chart).toBeLessThan(text.indexOf('If the knee aches'));
    expect(text).not.toContain(`${S}genui`);
  });

  it('names a part no marker places after the text, and a part of an unknown type all the same', () => {
    const read = answer('<Gauge/>', {
      model_dil_v2: { fallbackMarkdown: 'Your pace improved by 12 s per km.' },
      genui_components: [{ type: 'charts_widget_v2', id: 'c1' }, { type: 'gauge_widget' }],
    });
    expect(read?.text).toBe(
      [
        'Your pace improved by 12 s per km.',
        CHART_LINE,
        '_Interactive part: open the conversation to use it._',
      ].join('\n\n'),
    );
  });

  it('names a part where the marker of its client_defined_widget reference stood, whatever its form', () => {
    const marker = `${S}widget${SEP}{"id":"c1"}${E}`;
    const read = answer('x', {
      model_dil_v2: { fallbackMarkdown: `Your paces:\n\n${marker}\n\nKeep it easy.` },
      genui_components: [{ type: 'charts_widget_v2', id: 'c1' }],
      content_references: [{ type: 'client_defined_widget', matched_text: marker, widget_id: 'c1' }],
    });
    expect(read?.text).toBe(`Your paces:\n\n${CHART_LINE}\n\nKeep it easy.`);
  });

  it('cites the pages of citation components with their titles, and a memory as "Memory"', () => {
    for (const { form, inspection } of uiProgramInspections()) {
      const cited = inspection.sources.filter((source) => source.cited);
      expect(
        cited.map(({ url, title, attribution }) => ({ url, title, attribution })),
        form,
      ).toEqual([
        {
          url: 'https://www.runnersplan.example/10k-base-week',
          title: 'Building a 10K base week',
          attribution: 'Runners Plan',
        },
        {
          url: 'https://physionotes.example/knee/load-after-pain',
          title: 'Loading the knee after kneecap pain',
          attribution: 'Physio Notes',
        },
      ]);
      const markdown = writeExport(inspection, 'md', { exportedAt: EXPORTED_AT });
      expect(markdown, form).toContain('stays off hills (Memory).');
      expect(markdown, form).toContain('([Runners Plan](<https://www.runnersplan.example/10k-base-week>))');
      expect(markdown, form).not.toMatch(/[\ue200-\ue2ff]/);
    }
  });

  it('cites the safe_urls of a component whose state lists no items', () => {
    const read = answer('x', {
      model_dil_v2: {
        fallbackMarkdown: `Ice after the run ${S}cite${SEP}c9${E}.`,
        appData: {
          opGenui: { componentResults: { c9: { safe_urls: ['https://coldtherapy.example/ice'] } } },
        },
      },
    });
    expect(read === null ? '' : markdownOf([read])).toContain('https://coldtherapy.example/ice');
  });

  it('counts nothing in reading health for an answer it reads whole', () => {
    const [messages] = uiProgramInspections();
    expect(messages?.inspection.unread.filter((entry) => entry.kind !== 'ui-program')).toEqual([]);
    const read = answer('x', {
      model_dil_v2: { fallbackMarkdown: 'Easy week.', fallbackMarkdownVersion: 1 },
    });
    expect(
      inspect({ conversation: conversationOf([user('u'), ...(read === null ? [] : [read])]) }).unread,
    ).toEqual([]);
  });

  it('shows a program without a readable form as its Markdown lines under a note, and counts it', () => {
    const rest = byId(uiProgramMessages(), 'ui-6');
    expect(rest.text.startsWith(`${PROGRAM_NOTE}\n\nHere are three rest days that fit the plan.`)).toBe(true);
    expect(rest.text).toContain('Whichever you choose, keep it the day after the long run.');
    expect(rest.text).not.toMatch(/\{picked\}|DIL\.|\{#if|<PollWidget/);
    const [messages] = uiProgramInspections();
    expect(messages?.inspection.unread).toEqual([
      expect.objectContaining({ kind: 'ui-program', name: 'program without a readable form', count: 1 }),
      expect.objectContaining({ kind: 'ui-program', name: 'PollWidget', count: 1 }),
      expect.objectContaining({ kind: 'ui-program', name: 'poll_widget_v1', count: 1 }),
    ]);
  });

  it('counts a member of model_dil_v2 it does not read, and leaves its value out', () => {
    const read = answer('x', {
      model_dil_v2: { fallbackMarkdown: 'Rest on Monday.', bytecode: 'DIL.run()' },
    });
    const inspection = inspect({
      conversation: conversationOf([user('u'), ...(read === null ? [] : [read])]),
    });
    expect(inspection.unread).toEqual([
      expect.objectContaining({ kind: 'ui-program', name: 'model_dil_v2.bytecode' }),
    ]);
    expect(read?.metadata.model_dil_v2).toEqual({
      fallbackMarkdown: 'Rest on Monday.',
      bytecode: PROGRAM_LEFT_OUT,
    });
  });

  it('counts every component and model_dil_v2 member it does not know, whatever its name, and never throws', () => {
    const name = fc.stringMatching(/^[A-Za-z_$][\w$]{0,14}$/).map((drawn) => `Zz${drawn}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 4 }),
        fc.uniqueArray(name, { maxLength: 4 }),
        fc.uniqueArray(name, { maxLength: 3 }),
        fc.boolean(),
        (components, members, widgets, readable) => {
          const read = answer('<Unknown/>', {
            model_dil_v2: {
              ...(readable ? { fallbackMarkdown: 'Rest on Monday.' } : {}),
              requiredComponents: components.map((component, index) =>
                index % 2 === 0 ? component : { name: component },
              ),
              ...Object.fromEntries(members.map((member) => [member, 'DIL.run()'])),
            },
            genui_components: widgets.map((type, index) => ({ type, id: `w${index}` })),
          });
          const unread = inspect({
            conversation: conversationOf([user('u'), ...(read === null ? [] : [read])]),
          })
            .unread.filter((entry) => entry.kind === 'ui-program')
            .map((entry) => entry.name);
          expect(new Set(unread)).toEqual(
            new Set([
              ...components,
              ...members.map((member) => `model_dil_v2.${member}`),
              ...widgets,
              ...(readable ? [] : ['program without a readable form']),
            ]),
          );
          expect(read?.text ?? '').not.toContain('DIL.run()');
          expect(read?.text ?? '').not.toContain('<Unknown/>');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps a member named __proto__ as a name, never as the prototype', () => {
    const metadata = JSON.parse(
      '{"model_dil_v2": {"fallbackMarkdown": "Rest.", "__proto__": {"code": "DIL.x()"}}}',
    );
    const dil = answer('x', metadata)?.metadata.model_dil_v2 as Record<string, unknown>;
    expect(Object.getPrototypeOf(dil)).toBe(Object.prototype);
    expect(Object.hasOwn(dil, '__proto__')).toBe(true);
    expect(dil.code).toBeUndefined();
  });

  it('leaves the program out of the metadata the JSON export writes, keeping the names of its members', () => {
    const dil = byId(uiProgramMessages(), 'ui-4').metadata.model_dil_v2 as Record<string, unknown>;
    expect(dil.code).toBe(PROGRAM_LEFT_OUT);
    expect(dil.constants).toBe(PROGRAM_LEFT_OUT);
    expect(dil.requiredComponents).toEqual(['MemoryCite', 'ChartsWidget', 'Cite']);
  });

  it('keeps a Markdown line and drops every line of a tag or block that spans lines', () => {
    const program = [
      'Before',
      '<segmented-control value={unit}',
      '  options={["km", "mi"]} />',
      '{@body const plan = DIL.useConstant(',
      '  0)}',
      '- a list item with a <badge>New</badge> badge <MemoryCite id="m1"/>',
      '{#each plan as day}',
      '<badge>{day.name}</badge>',
      '{/each}',
      'After',
    ].join('\n');
    expect(withoutProgramLines(program)).toBe(
      'Before\n- a list item with a New badge \ue200memcite\ue201\nAfter',
    );
  });

  it('reads the stream that replaced model_dil_v2/code many times as its final readable form', () => {
    const replaced = uiProgramStreamText().match(
      /"p": "\/message\/metadata\/model_dil_v2\/code", "o": "replace"/g,
    );
    expect(replaced?.length).toBeGreaterThanOrEqual(3);
    const turn = uiProgramTurn();
    expect(turn.unread).toEqual([]);
    const [, , , stream] = uiProgramInspections();
    const streamed = stream?.inspection.conversation.messages.find((message) => message.id === 'ui-4');
    expect(streamed?.text).toBe(byId(uiProgramMessages(), 'ui-4').text);
  });

  it('reads an empty fallbackMarkdown as an empty answer, never as the program', () => {
    const read = answer('{@body const [x, setX] = DIL.useState(0)}', {
      model_dil_v2: { fallbackMarkdown: '' },
    });
    expect(read?.text).toBe('');
  });

  it("reads the replica's conversation the same from both of its formats", () => {
    for (const conversation of Object.values(bothFormats('uiProgram'))) {
      const inspection = inspect({ conversation });
      const markdown = writeExport(inspection, 'md', { exportedAt: EXPORTED_AT });
      expect(markdown).toContain('| Larkspur C2 | 90 km | 21 kg |');
      expect(markdown).toContain('(Memory)');
      expect(markdown).toContain(CHART_LINE);
      expect(markdown).toContain(
        '[Belt drives: what upkeep they need](<https://urbanrider.example/belt-drive-maintenance>)',
      );
      expect(markdown).not.toMatch(PROGRAM_LINE);
      expect(inspection.unread).toEqual([]);
    }
  });

  it('counts nothing while the stream is still making the answer, before its readable form came', () => {
    const text = uiProgramStreamText();
    const cut = readStreamedTurn(text.slice(0, text.indexOf('model_dil_v2/fallbackMarkdown')));
    expect(cut.ended).toBe(false);
    const inspection = inspect({
      conversation: normalizeStreamedTurns(UI_PROGRAM_ID, [cut]),
      streamedTurns: [cut],
    });
    expect(inspection.unread).toEqual([]);
    const answerSoFar = inspection.conversation.messages.find((message) => message.id === 'ui-4');
    expect(answerSoFar?.text).not.toMatch(PROGRAM_LINE);
  });
});
