import { describe, expect, it } from 'vitest';
import { writeExport } from '@/lens/export/format-writers';
import type { Inspection } from '@/lens/insights/inspection';
import { exportOf, wholeFile } from '@/lens/runtime/worker/export-bytes';
import { ReadiedExports } from '@/lens/runtime/worker/readied-exports';
import { EXPORTED_AT, richInspection } from '@/tests/unit/export/rich-inspection';

/** The text a body readied before the click makes, once taken by the click's export at `at`. */
const takenText = async (
  readied: ReadiedExports,
  inspection: Inspection,
  options: { citations?: 'inline' | 'footnotes' } = {},
  at: Date = EXPORTED_AT,
): Promise<string> => (await wholeFile(exportOf(inspection, 'md', options, at, { readied }))).text;

/** A body written before the click (architecture "A file readied before the click"). */
describe('an export body readied before the click', () => {
  const inspection = richInspection();

  /**
   * The conversation's first prompt made to say something else in place, as no holding ever changes an
   * Inspection: a body written before it still says the old words, one written after says the new.
   */
  const rewordedInPlace = (kept: Inspection): void => {
    const answer = kept.conversation.messages.find((message) => message.role === 'user');
    if (answer === undefined) throw new Error('The conversation has no prompt.');
    Object.assign(answer, { text: 'Words written after the readying.' });
  };
  const says = async (body: Blob): Promise<boolean> =>
    (await body.text()).includes('Words written after the readying.');

  it('is written when readied, and taken by one click: the next click writes its own', async () => {
    const kept = richInspection();
    const readied = new ReadiedExports();
    readied.ready(kept, 'md', {});
    rewordedInPlace(kept);
    expect(await says(readied.take(kept, 'md', {}))).toBe(false);
    expect(await says(readied.take(kept, 'md', {}))).toBe(true);
  });

  it('is written once however often it is asked for', async () => {
    const kept = richInspection();
    const readied = new ReadiedExports();
    readied.ready(kept, 'md', {});
    rewordedInPlace(kept);
    readied.ready(kept, 'md', {});
    expect(await says(readied.take(kept, 'md', {}))).toBe(false);
  });

  it('makes the file with the time of the click, not of the readying', async () => {
    const readied = new ReadiedExports();
    readied.ready(inspection, 'md', {});
    const later = new Date(EXPORTED_AT.getTime() + 3_600_000);
    const text = await takenText(readied, inspection, {}, later);
    expect(text).toBe(writeExport(inspection, 'md', { exportedAt: later }));
    expect(text).toContain(later.toISOString().slice(0, 16));
  });

  it('is not used for a conversation that changed since, nor for other choices', async () => {
    const readied = new ReadiedExports();
    readied.ready(inspection, 'md', {});
    const changed: Inspection = {
      ...inspection,
      conversation: { ...inspection.conversation, title: 'A title given after the readying' },
    };
    expect(await takenText(readied, changed)).toBe(writeExport(changed, 'md', { exportedAt: EXPORTED_AT }));
    expect(await takenText(readied, inspection, { citations: 'footnotes' })).toBe(
      writeExport(inspection, 'md', { citations: 'footnotes', exportedAt: EXPORTED_AT }),
    );
    // The body readied for the conversation as it was, with the choices it was readied for, is still there.
    expect(await takenText(readied, inspection)).toBe(
      writeExport(inspection, 'md', { exportedAt: EXPORTED_AT }),
    );
  });
});
