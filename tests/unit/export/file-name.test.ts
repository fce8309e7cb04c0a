import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPORT_FIELDS } from '@/lib/export/export-fields';
import { exportFileName, safeFileStem } from '@/lib/export/file-name';
import { conversationOf } from '@/tests/unit/insights/build-conversation';

const NOW = new Date('2026-11-21T23:59:00Z');
const NOV_20 = Date.UTC(2026, 10, 20, 14, 3);

const named = (title: string | null, extra: { id?: string | null; createTimeMs?: number | null } = {}) =>
  conversationOf([], {
    title,
    id: extra.id ?? '68f0a1c2-3b4d-8005-9e6f-1a2b3c4d5e02',
    createTimeMs: NOV_20,
    ...extra,
  });

/** What every OS accepts, checked independently of how the exporter gets there. */
function problemsOf(fileName: string, extension: string): string[] {
  const problems: string[] = [];
  const stem = fileName.slice(0, -(extension.length + 1));
  if (!fileName.endsWith(`.${extension}`)) problems.push('extension');
  if (/[<>:"/\\|?*]/.test(fileName)) problems.push('forbidden character');
  if (/\p{Cc}/u.test(fileName)) problems.push('control character');
  if (/\p{Cs}/u.test(fileName)) problems.push('lone surrogate');
  if (/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/.test(fileName)) problems.push('bidirectional control');
  if (/[. ]$/.test(stem) || /^[ .]/.test(stem)) problems.push('leading or trailing dot or space');
  if ([...stem].length > 80) problems.push('stem longer than 80 characters');
  if (new TextEncoder().encode(fileName).length > 255) problems.push('more than 255 bytes');
  if (fileName !== fileName.normalize('NFC')) problems.push('not NFC');
  const device = fileName.split('.')[0]?.replace(/[. ]+$/, '') ?? '';
  if (/^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i.test(device)) problems.push('Windows device name');
  return problems;
}

/** Templates of any fields among any text without braces (the settings refuse a lone brace). */
const fileNameTemplate = fc
  .array(
    fc.oneof(
      fc.constantFrom(...Object.keys(EXPORT_FIELDS).map((field) => `{${field}}`)),
      fc.string({ unit: 'binary', maxLength: 20 }).map((text) => text.replace(/[{}]/g, '')),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

describe('exportFileName', () => {
  it('names the file as its template asks, each field cleaned for a file name', () => {
    const conversation = named('Trip: Lisbon/Porto', { createTimeMs: NOV_20 });
    expect(exportFileName(conversation, 'md', NOW, '{title} {date} {time}')).toBe(
      'Trip Lisbon-Porto 2026-11-20 14-03.md',
    );
    expect(exportFileName(conversation, 'md', NOW, '{id}')).toBe('68f0a1c2-3b4d-8005-9e6f-1a2b3c4d5e02.md');
    // A field the conversation lacks is left out; a name left empty is chat-<id prefix>.
    expect(exportFileName(named('', { id: null }), 'md', NOW, '{model}')).toBe('chat.md');
    expect(exportFileName(named('CON'), 'md', NOW, '{title}')).toBe('_CON.md');
  });

  it('is the start date and the title', () => {
    expect(exportFileName(named('Cast-iron skillet advice'), 'md', NOW)).toBe(
      '2026-11-20 Cast-iron skillet advice.md',
    );
    expect(exportFileName(named('Cast-iron skillet advice'), '.json', NOW)).toBe(
      '2026-11-20 Cast-iron skillet advice.json',
    );
  });

  it('turns path separators into dashes and drops the other characters Windows forbids', () => {
    expect(exportFileName(named('A/B test: 3\\4 of "users" <want> | this? *yes*'), 'csv', NOW)).toBe(
      '2026-11-20 A-B test 3-4 of users want - this yes.csv',
    );
  });

  it('keeps Unicode, composed (NFC), and drops controls and direction overrides', () => {
    const name = exportFileName(named('Cafe\u0301 nai\u0308ve \u202Egnp.exe\u202C\n\tnotes 🍳'), 'md', NOW);
    expect(name).toBe('2026-11-20 Café naïve gnp.exe notes 🍳.md');
  });

  it('falls back to chat-<id prefix> when nothing of the title is left, and to today without a date', () => {
    expect(exportFileName(named(''), 'md', NOW)).toBe('2026-11-20 chat-68f0a1c2.md');
    expect(exportFileName(named('  ?? ** ', { createTimeMs: null }), 'md', NOW)).toBe(
      '2026-11-21 chat-68f0a1c2.md',
    );
    expect(exportFileName(named(null, { id: null }), 'md', NOW)).toBe('2026-11-20 chat.md');
  });

  it('cuts a long title to 80 characters before the extension, between whole characters, without a trailing dot', () => {
    const name = exportFileName(named(`${'👩‍👩‍👧 family trip. '.repeat(20)}`), 'md', NOW);
    const stem = name.slice(0, -'.md'.length);
    expect([...stem].length).toBeLessThanOrEqual(80);
    expect(stem).toMatch(/^2026-11-20 👩‍👩‍👧 family trip\. /);
    expect(stem).not.toMatch(/[. ]$/);
    expect(stem.endsWith('\u200d')).toBe(false);
  });

  it('is safe for every title, id and date', () => {
    const title = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 120 }),
      fc.constantFrom('CON', 'nul.txt', 'Lpt¹', ' . ', '...', 'a.', '\u202E', 'e\u202E\u0301'),
    );
    fc.assert(
      fc.property(
        fc.option(title),
        fc.option(fc.string({ unit: 'binary', maxLength: 40 })),
        fc.option(fc.double()),
        fc.constantFrom('md', 'json', 'csv'),
        fc.option(fileNameTemplate, { nil: undefined }),
        (titleText, id, createTimeMs, extension, template) => {
          const name = exportFileName(named(titleText, { id, createTimeMs }), extension, NOW, template);
          expect(problemsOf(name, extension)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('safeFileStem', () => {
  it('never yields a Windows device name, in any case, with or without an extension', () => {
    for (const title of ['CON', 'con', 'Nul', 'aux.md', 'COM1', 'lpt9.tar.gz', 'COM²', 'prn .txt']) {
      expect(problemsOf(`${safeFileStem(title)}.md`, 'md')).toEqual([]);
    }
    expect(safeFileStem('CON')).toBe('_CON');
    expect(safeFileStem('CONSOLE')).toBe('CONSOLE');
  });

  it('leaves no leading dot (a hidden file) and no trailing dot or space', () => {
    expect(safeFileStem('.bashrc')).toBe('bashrc');
    expect(safeFileStem('notes... ')).toBe('notes');
  });
});
