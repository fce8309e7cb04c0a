import { describe, expect, it } from 'vitest';
import type { CitationPiece } from '@/features/sources/citation-markers';
import { type CitationStyle, citedMarkdown } from '@/features/sources/markdown-citations';

/**
 * How a cited marker meets the text before it: an inline link is a space apart from a word and right after
 * white space; footnote references follow the word, the spaces and tabs before them taken off, also where
 * they fill more than one piece.
 */
const cited: CitationPiece = {
  kind: 'pages',
  pages: [{ url: 'https://eater.example/a', title: 'A', attribution: 'Eater' }],
};
const LINK = '([Eater](<https://eater.example/a>))';

const write = (style: CitationStyle, pieces: CitationPiece[]): string =>
  citedMarkdown(pieces, { style, next: 1 }, new Map());

describe('citedMarkdown: where a marker meets the text before it', () => {
  it('puts an inline link a space apart from a word, and right after white space or at the start', () => {
    expect(write('inline', [{ kind: 'text', text: 'busy' }, cited])).toBe(`busy ${LINK}`);
    expect(write('inline', [{ kind: 'text', text: 'busy\n' }, cited])).toBe(`busy\n${LINK}`);
    expect(write('inline', [{ kind: 'text', text: 'busy\u00a0' }, cited])).toBe(`busy\u00a0${LINK}`);
    expect(write('inline', [cited, cited])).toBe(`${LINK} ${LINK}`);
    expect(write('inline', [{ kind: 'alt', markdown: '' }, cited])).toBe(LINK);
    expect(write('inline', [{ kind: 'text', text: 'a ' }, { kind: 'alt', markdown: '' }, cited])).toBe(
      `a ${LINK}`,
    );
  });

  it('takes the spaces and tabs before a footnote off, across pieces they fill', () => {
    expect(write('footnotes', [{ kind: 'text', text: 'busy \t' }, cited])).toBe('busy[^1]');
    expect(
      write('footnotes', [{ kind: 'text', text: 'busy ' }, { kind: 'alt', markdown: ' \t ' }, cited]),
    ).toBe('busy[^1]');
    expect(write('footnotes', [{ kind: 'alt', markdown: '  ' }, cited])).toBe('[^1]');
    expect(write('footnotes', [{ kind: 'text', text: 'busy\u00a0 \t' }, cited])).toBe('busy\u00a0[^1]');
    expect(write('footnotes', [{ kind: 'text', text: 'line\n ' }, cited, { kind: 'text', text: '.' }])).toBe(
      'line\n[^1].',
    );
  });
});
