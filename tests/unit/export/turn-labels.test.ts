import { describe, expect, it } from 'vitest';
import { turnLabels, turnLabelText } from '@/lib/export/turn-labels';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';

describe('turnLabels', () => {
  const conversation = conversationOf([
    message({ id: 's', role: 'system', text: 'You are helpful.', hidden: true }),
    message({ id: 'u1', role: 'user', text: 'First   question\nwith a second line' }),
    message({ id: 'a1', role: 'assistant', text: 'Answer' }),
    message({ id: 'u2', role: 'user', text: 'A second, much longer question about headphones' }),
    message({ id: 'a2', role: 'assistant', text: 'Answer' }),
  ]);

  it('numbers turns from the first question, names what comes before it, and keeps only those asked for', () => {
    const labels = turnLabels(conversation, new Set([0, 2]), 20);
    expect([...labels.keys()]).toEqual([0, 2]);
    expect(turnLabelText(labels.get(0) ?? { number: 0, question: '' })).toBe('Before the first question');
    expect(turnLabelText(labels.get(2) ?? { number: 0, question: '' })).toBe('Turn 2: A second, much long…');
  });

  it('puts the question on one line and lets the caller make it safe', () => {
    const label = turnLabels(conversation, new Set([1]), 80).get(1);
    expect(label).toEqual({ number: 1, question: 'First question with a second line' });
    expect(turnLabelText({ number: 1, question: 'a*b' }, (text) => text.replace('*', '\\*'))).toBe(
      'Turn 1: a\\*b',
    );
    expect(turnLabelText({ number: 3, question: '' })).toBe('Turn 3');
  });

  it("reads a question from the last message with the turn's user message id", () => {
    const repeated = conversationOf([
      message({ id: 'u1', role: 'user', text: 'Asked' }),
      message({ id: 'u1', role: 'assistant', text: 'Answered under the same id' }),
    ]);
    expect(turnLabels(repeated, new Set([0]), 80).get(0)?.question).toBe('Answered under the same id');
  });
});
