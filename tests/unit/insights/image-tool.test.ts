import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imagePrompt } from '@/lib/insights/image-tool';
import { message } from './build-conversation';

const callTo = (recipient: string, text: string) => message({ id: 'a', recipient, text });

describe('imagePrompt (site-interface 10.9)', () => {
  it('reads the prompt of a call to the image tool, under any of its names, as text or code', () => {
    expect(imagePrompt(callTo('dalle.text2im', '{"prompt": "A tram at dusk", "size": "1024x1024"}'))).toBe(
      'A tram at dusk',
    );
    expect(imagePrompt(callTo('t2uay3k.sj1i4kz', '```json\n{"prompt": "A tram"}\n```'))).toBe('A tram');
  });

  it('is nothing for other tools, a call without a prompt, or any text that is no JSON', () => {
    expect(imagePrompt(callTo('python', '{"prompt": "x"}'))).toBeNull();
    expect(imagePrompt(callTo('dalle.text2im', '{"size": "1024x1024"}'))).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(imagePrompt(callTo('dalle.text2im', text))).not.toBe('');
      }),
    );
  });
});
