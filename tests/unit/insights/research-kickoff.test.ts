import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { researchStep } from '@/lib/insights/research-kickoff';
import { richContentConversation, richContentTreeConversation } from '@/tests/unit/fixtures/rich-content';
import { message } from './build-conversation';

describe('researchStep (site-interface 10.9)', () => {
  it.each([
    ['the messages format', richContentConversation],
    ['the tree format', richContentTreeConversation],
  ])('reads the clarifying questions and the task of %s', (_format, conversation) => {
    const steps = conversation().messages.flatMap((found) => researchStep(found) ?? []);
    expect(steps).toEqual([
      { kind: 'clarify', text: expect.stringContaining('Which period should I cover') },
      {
        kind: 'task',
        text: 'Research the history of fado houses (casas de fado) in Alfama, Lisbon, since 1900, using English and Portuguese sources.',
      },
    ]);
  });

  it("reads the task's words from its JSON, or its text as it is", () => {
    const task = (text: string) =>
      researchStep(message({ id: 'a', recipient: 'research_kickoff_tool.start_research_task', text }));
    expect(task('```json\n{"instructions": "Compare trams"}\n```')).toEqual({
      kind: 'task',
      text: 'Compare trams',
    });
    expect(task('Compare buses')).toEqual({ kind: 'task', text: 'Compare buses' });
    expect(task('{"task_title": "no words"}')).toBeNull();
  });

  it('is nothing for other calls and never throws', () => {
    expect(researchStep(message({ id: 'a', recipient: 'web.run', text: '{"prompt": "x"}' }))).toBeNull();
    fc.assert(
      fc.property(fc.string(), fc.string(), (method, text) => {
        const step = researchStep(message({ id: 'a', recipient: `research_kickoff_tool.${method}`, text }));
        expect(step === null || step.text.length > 0).toBe(true);
      }),
    );
  });
});
