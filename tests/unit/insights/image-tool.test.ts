import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import { imagePrompt, isImageStep } from '@/lib/insights/image-tool';
import { conversationOf, message, user } from './build-conversation';

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

describe('the image tool under a name never seen', () => {
  /** A call to a random-looking recipient and its answers, known only by the image tool's metadata. */
  const steps = [
    user('u', 'Draw a tram in Lisbon'),
    message({
      id: 'call',
      recipient: 'q8x7zk2.r4m1np0',
      contentType: 'code',
      text: '{"skipped_mainline":true}',
      metadata: { image_gen_task_id: 'task_1' },
    }),
    message({
      id: 'rendering',
      role: 'tool',
      authorName: 'q8x7zk2.r4m1np0',
      text: 'Processing image. Lots of people are creating images right now.',
      metadata: { image_gen_task_id: 'task_1', image_gen_multi_stream: true },
    }),
  ];

  it('is known by its metadata, whatever it is called', () => {
    expect(steps.slice(1).map(isImageStep)).toEqual([true, true]);
    expect(isImageStep(message({ id: 'x', recipient: 'q8x7zk2.r4m1np0' }))).toBe(false);
  });

  it('reads as an image requested while it renders, never by its name or its JSON', () => {
    for (const includeHiddenAndTools of [false, true]) {
      const markdown = exportMarkdown(inspect({ conversation: conversationOf(steps) }), {
        exportedAt: new Date(0),
        includeHiddenAndTools,
      });
      expect(markdown).toContain('_Image requested_');
      expect(markdown).not.toContain('q8x7zk2');
      expect(markdown).not.toContain('skipped_mainline');
      // Its words to the model only when hidden and tool messages are asked for, under a name a reader knows.
      expect(markdown.includes('_Image tool output_')).toBe(includeHiddenAndTools);
      expect(markdown.includes('Processing image')).toBe(includeHiddenAndTools);
    }
    expect(inspect({ conversation: conversationOf(steps) }).unread).toEqual([]);
  });
});
