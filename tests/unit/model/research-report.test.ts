import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMessageObject } from '@/lib/model/message-object';
import { readResearchReport } from '@/lib/model/research-report';

const REFERENCE = { matched_text: '【1†L1-L2】', type: 'webpage', url: 'https://a.example/', title: 'A' };

describe('readResearchReport (site-interface 10.9)', () => {
  it('reads the report message of a widget state given as a JSON string or an object', () => {
    const state = {
      report_message: {
        content: { content_type: 'text', parts: ['# Report'] },
        metadata: { content_references: [REFERENCE] },
      },
    };
    const expected = { text: '# Report', references: [REFERENCE] };
    expect(readResearchReport({ chatgpt_sdk: { widget_state: JSON.stringify(state) } })).toEqual(expected);
    expect(readResearchReport({ chatgpt_sdk: { widget_state: state } })).toEqual(expected);
    expect(readResearchReport({ 'chatgpt_sdk.widget_state': state })).toEqual(expected);
  });

  it('reads a report under report, content, markdown or text, its references beside it', () => {
    for (const member of ['report', 'content', 'markdown', 'text'])
      expect(
        readResearchReport({
          chatgpt_sdk: { widget_state: { [member]: '# R', content_references: [REFERENCE] } },
        }),
      ).toEqual({ text: '# R', references: [REFERENCE] });
  });

  it('is none for a research still running, a widget state that is no JSON, or none at all', () => {
    expect(
      readResearchReport({ chatgpt_sdk: { widget_state: { status: 'running', progress: { percent: 42 } } } }),
    ).toBeNull();
    expect(readResearchReport({ chatgpt_sdk: { widget_state: '{"report":' } })).toBeNull();
    expect(readResearchReport({})).toBeNull();
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        readResearchReport({ chatgpt_sdk: { widget_state: value } });
        readResearchReport({ chatgpt_sdk: { widget_state: JSON.stringify(value) } });
      }),
    );
  });

  it('is the text of an answer whose own text is empty, never of one that has text', () => {
    const answer = (parts: string[]) =>
      normalizeMessageObject(
        {
          id: 'm',
          author: { role: 'assistant' },
          content: { content_type: 'text', parts },
          metadata: {
            chatgpt_sdk: { widget_state: { report: '# Report', content_references: [REFERENCE] } },
          },
        },
        { format: 'messages', fallbackId: 'm' },
      );
    expect(answer([''])?.text).toBe('# Report');
    expect(answer([''])?.metadata.content_references).toEqual([REFERENCE]);
    expect(answer([''])?.metadataKeys).toEqual(['chatgpt_sdk']);
    expect(answer(['Short answer.'])?.text).toBe('Short answer.');
  });
});

describe('an agent computer output', () => {
  it('reads as its screenshot and its page, the screenshot an asset, no member as JSON', () => {
    const output = normalizeMessageObject(
      {
        id: 'o',
        author: { role: 'tool', name: 'computer.do' },
        content: {
          content_type: 'computer_output',
          computer_id: '12',
          screenshot: {
            content_type: 'image_asset_pointer',
            asset_pointer: 'sediment://file_9',
            width: 800,
            height: 600,
          },
          state: { type: 'browser_state', url: 'https://a.example/', title: 'A page', id: 'x1' },
          tether_id: 77,
          is_ephemeral: null,
        },
      },
      { format: 'messages', fallbackId: 'o' },
    );
    expect(output?.text).toBe('[Screenshot: file_9, 800×600]\n\nA page\nhttps://a.example/');
    expect(output?.assets.map(({ screenshot, pointer }) => ({ screenshot, pointer }))).toEqual([
      { screenshot: true, pointer: 'sediment://file_9' },
    ]);
  });
});
