import { describe, expect, it } from 'vitest';
import { composeAnswer } from '@/tests/replica/answer-stream';

const SHOPPING_TITLE = 'Noise-cancelling headphones under $400';

describe("the replica's answer to a typed prompt", () => {
  it('fits the conversation: a follow-up about headphones is no shell command', () => {
    for (const prompt of [
      'Which of these has the best microphone for calls?',
      'Which of these folds flat for a long flight?',
    ]) {
      const answer = composeAnswer(prompt, SHOPPING_TITLE);
      expect(answer).toContain('Sony WH-1000XM5');
      expect(answer).not.toContain('```bash');
    }
  });

  it('follows the prompt first when it names another topic, and is the same for the same prompt', () => {
    const prompt = 'How can I see which process is listening on port 8080 on Linux?';
    expect(composeAnswer(prompt, SHOPPING_TITLE)).toContain('lsof');
    expect(composeAnswer(prompt, SHOPPING_TITLE)).toBe(composeAnswer(prompt, SHOPPING_TITLE));
  });
});
