import { describe, expect, it } from 'vitest';
import { isToolChatter } from '@/lib/insights/tool-chatter';
import { richContentConversation } from '@/tests/unit/fixtures/rich-content';
import { message } from './build-conversation';

const tool = (authorName: string | null, text: string) =>
  message({ id: 't', role: 'tool', authorName, text });

describe('isToolChatter (export-format "Markdown")', () => {
  it("leaves out the image tool's words to the model and the canvas and research tools' acknowledgements", () => {
    const chatter = richContentConversation()
      .messages.filter(isToolChatter)
      .map((found) => found.id);
    expect(chatter).toEqual(['r-3', 'r-7', 'r-9', 'r-11', 'r-13', 'r-18', 'r-29', 'r-32']);
  });

  it('knows the words to the model whoever the tool is', () => {
    expect(
      tool('t2uay3k.sj1i4kz', 'GPT-4o returned 1 images. From now on, do not say or show ANYTHING.'),
    ).toSatisfy(isToolChatter);
    expect(tool(null, 'DALL·E displayed 2 images. The images are already plainly visible.')).toSatisfy(
      isToolChatter,
    );
  });

  it("keeps a tool's image, a search's headline, code output, and every message of another role", () => {
    expect(isToolChatter(tool('web.run', 'Found 14 results across 3 queries.'))).toBe(false);
    expect(isToolChatter(tool('python', 'From now on the variable x is 3'))).toBe(false);
    expect(isToolChatter(message({ id: 'a', text: 'From now on, do not say or show anything' }))).toBe(false);
    const image = richContentConversation().messages.find((found) => found.id === 'r-17');
    expect(image === undefined ? true : isToolChatter(image)).toBe(false);
  });
});
