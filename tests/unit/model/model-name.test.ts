import { describe, expect, it } from 'vitest';
import { modelName } from '@/lib/model/model-name';

describe('modelName (site-interface 10.12)', () => {
  it('names a work-mode slug plainly, and leaves every other slug as it is', () => {
    expect(modelName('gpt-6-thinking-wm')).toBe('gpt-6-thinking (work mode)');
    expect(modelName('gpt-6-thinking')).toBe('gpt-6-thinking');
    expect(modelName('gpt-5-6')).toBe('gpt-5-6');
    expect(modelName('gpt-wm-preview')).toBe('gpt-wm-preview');
  });
});
