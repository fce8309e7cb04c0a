import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readContentType, renderContentText } from '@/lib/model/message-content';

describe('renderContentText', () => {
  it('joins every text part', () => {
    expect(renderContentText({ content_type: 'text', parts: ['First.', 'Second.'] })).toBe(
      'First.\n\nSecond.',
    );
  });

  it('shows an image part as a marker next to the text of a multimodal message', () => {
    const content = {
      content_type: 'multimodal_text',
      parts: [
        { content_type: 'image_asset_pointer', asset_pointer: 'sediment://file_1', width: 10 },
        'What is this?',
      ],
    };
    expect(renderContentText(content)).toBe('[image]\n\nWhat is this?');
  });

  it('fences code with its language, and without one when the language is unknown', () => {
    expect(renderContentText({ content_type: 'code', language: 'json', text: '{"q":1}' })).toBe(
      '```json\n{"q":1}\n```',
    );
    expect(renderContentText({ content_type: 'code', language: 'unknown', text: 'print(1)' })).toBe(
      '```\nprint(1)\n```',
    );
  });

  it('reads the members of part-less content types', () => {
    expect(renderContentText({ content_type: 'execution_output', text: '42' })).toBe('42');
    expect(renderContentText({ content_type: 'reasoning_recap', content: 'Thought for 12s' })).toBe(
      'Thought for 12s',
    );
    expect(
      renderContentText({
        content_type: 'thoughts',
        thoughts: [
          { summary: 'Plan', content: 'List the steps.' },
          { summary: 'Check', content: 'Verify units.' },
        ],
      }),
    ).toBe('Plan\nList the steps.\n\nCheck\nVerify units.');
    expect(
      renderContentText({
        content_type: 'tether_quote',
        url: 'https://a.example/x',
        title: 'A',
        text: 'quoted',
      }),
    ).toBe('A\nhttps://a.example/x\nquoted');
    expect(
      renderContentText({
        content_type: 'user_editable_context',
        user_profile: 'Leeds',
        user_instructions: 'Be brief',
      }),
    ).toBe('Leeds\nBe brief');
    expect(
      renderContentText({
        content_type: 'citable_code_output',
        output_str: 'L0: 3 rows\nL1: tram,ferry,metro',
        cite_id: 'turn1code0',
      }),
    ).toBe('L0: 3 rows\nL1: tram,ferry,metro');
  });

  it('shows an unknown content type as readable JSON', () => {
    const content = { content_type: 'sonic_card', card: { title: 'T', score: 3 } };
    expect(readContentType(content)).toBe('sonic_card');
    expect(renderContentText(content)).toBe('{"card":{"title":"T","score":3}}');
  });

  it('yields empty text, not "undefined", for missing content', () => {
    expect([readContentType(undefined), renderContentText(undefined)]).toEqual(['unknown', '']);
    expect([readContentType({ content_type: 'text' }), renderContentText({ content_type: 'text' })]).toEqual([
      'text',
      '',
    ]);
  });

  it('never writes "undefined" or "[object Object]" for any content', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            content_type: fc.constantFrom(
              'text',
              'code',
              'multimodal_text',
              'thoughts',
              'tether_quote',
              'x',
              'constructor',
            ),
            parts: fc.array(fc.anything()),
            text: fc.anything(),
            thoughts: fc.anything(),
            language: fc.anything(),
          },
          { requiredKeys: ['content_type'] },
        ),
        (content) => {
          const text = renderContentText(content);
          expect(typeof text).toBe('string');
          expect(text).not.toContain('[object Object]');
          // "undefined" may only appear where the content itself spells it.
          if (
            !JSON.stringify(content, (_key, value) => (typeof value === 'bigint' ? 0 : value)).includes(
              'undefined',
            )
          ) {
            expect(text).not.toContain('undefined');
          }
        },
      ),
    );
  });
});
