import { describe, expect, it } from 'vitest';
import { TranscriptChoices } from '@/components/shell/TranscriptChoices';
import { DEFAULT_TRANSCRIPT_OPTIONS } from '@/lib/export/transcript-options';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const render = (chosen = DEFAULT_TRANSCRIPT_OPTIONS) =>
  renderView(TranscriptChoices, { chosen, onChange: () => undefined });

describe('the transcript choices of the settings', () => {
  it('name each choice in one group, the defaults selected', () => {
    const html = render();
    const text = visibleText(html);
    for (const words of [
      'Transcript in Markdown and HTML',
      'Reasoning',
      'Tool calls',
      'Branches',
      'Time of each prompt (UTC)',
    ])
      expect(text).toContain(words);
    expect(html).toMatch(/<fieldset class="settings__group">/);
    expect(html).toMatch(/<option value="full" selected="">Whole<\/option>/);
    expect(html).toMatch(/<option value="shown" selected="">Shown<\/option>/);
    expect(html).toMatch(/<option value="active" selected="">The one shown<\/option>/);
    expect(html).not.toMatch(/type="checkbox" checked=""/);
  });

  it('show what the user chose', () => {
    const html = render({ reasoning: 'none', toolCalls: 'none', timestamps: 'on', branches: 'all' });
    expect(html).toMatch(/<option value="all" selected="">Every version<\/option>/);
    expect(html).toMatch(/<option value="none" selected="">None<\/option>/);
    expect(html).toMatch(/<option value="none" selected="">Left out<\/option>/);
    expect(html).toMatch(/type="checkbox" checked=""/);
  });
});
