import { describe, expect, it } from 'vitest';
import { autolink, codeSpan, containMarkdown, inlineText, link, shortened } from '@/lib/export/markdown-text';

describe('inlineText', () => {
  it('puts text on one line and makes its markup inert', () => {
    expect(inlineText('  *Best* [deal] <b>|</b> `x` ~~y~~ \\ \n next ')).toBe(
      '\\*Best\\* \\[deal\\] \\<b\\>\\|\\</b\\> \\`x\\` \\~\\~y\\~\\~ \\\\ next',
    );
  });

  it('keeps a closing run of # in a heading', () => {
    expect(inlineText('C# and F# ##')).toBe('C# and F# \\##');
    expect(inlineText('#')).toBe('\\#');
  });

  it('leaves underscores inside words and a lone ampersand alone, escapes the rest', () => {
    expect(inlineText('image_card_v2 _emphasis_ AT&T &amp;')).toBe(
      'image_card_v2 \\_emphasis\\_ AT&T \\&amp;',
    );
  });
});

describe('shortened', () => {
  it('cuts at a whole character and adds an ellipsis only when it cut', () => {
    expect(shortened('short', 10)).toBe('short');
    expect(shortened('🍳🍳🍳🍳', 3)).toBe('🍳🍳…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shortened('🍳🍳', 4)).toBe('🍳🍳');
    expect(shortened('🍳🍳🍳', 4)).toBe('🍳🍳🍳');
  });

  it('puts the text on one line: every run of white space, NEL and U+2028 included, one space, none at the ends', () => {
    expect(shortened('a b c', 10)).toBe('a b c');
    expect(shortened('a  b\tc\u00a0d\u0085e\u2028f\r\ng', 20)).toBe('a b c d e f g');
    expect(shortened(' a \n b ', 3)).toBe('a b');
  });
});

describe('codeSpan', () => {
  it('uses a fence longer than any backtick run inside', () => {
    expect(codeSpan('plain')).toBe('`plain`');
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('`edge')).toBe('`` `edge ``');
  });

  it('puts the code on one line: a run of white space, NEL included, one space', () => {
    expect(codeSpan('a\u0085 b')).toBe('`a b`');
  });
});

describe('links', () => {
  it('makes absolute URLs clickable and shows anything else as code', () => {
    expect(autolink('https://example.com/a?b=1')).toBe('<https://example.com/a?b=1>');
    expect(autolink('turn0search2')).toBe('`turn0search2`');
    expect(autolink('https://example.com/a b')).toBe('`https://example.com/a b`');
  });

  it('encodes what would end a link destination or split a table row', () => {
    expect(link('Shop', 'https://shop.example/a b>c|d')).toBe('[Shop](<https://shop.example/a%20b%3Ec%7Cd>)');
    expect(link('Shop', null)).toBe('Shop');
    expect(link('Shop', 'javascript-less/relative')).toBe('Shop');
  });
});

describe('containMarkdown', () => {
  it('moves headings down, never past level 6, and leaves code alone', () => {
    expect(containMarkdown('# A\n### B\n###### C\n```\n# code\n```\n#hashtag', 4)).toBe(
      '#### A\n###### B\n###### C\n```\n# code\n```\n#hashtag',
    );
  });

  it('closes a fence left open with the same fence', () => {
    expect(containMarkdown('~~~~\ncode', 4)).toBe('~~~~\ncode\n~~~~');
    expect(containMarkdown('```\na\n``` not a close\n', 4)).toBe('```\na\n``` not a close\n\n```');
  });

  it('closes a fence only with a fence of the same character at least as long', () => {
    expect(containMarkdown('````\n```\n~~~~\n# in code\n`````\n# out', 4)).toBe(
      '````\n```\n~~~~\n# in code\n`````\n#### out',
    );
    expect(containMarkdown('``` a`b\n# not code', 4)).toBe('``` a`b\n#### not code');
  });

  it('looks at a line only where it starts: up to three spaces, never after U+2028', () => {
    expect(containMarkdown('   # three\n    # four', 4)).toBe('   #### three\n    # four');
    expect(containMarkdown('a\u2028# b\u2029<!-- c', 4)).toBe('a\u2028# b\u2029<!-- c');
  });

  it('writes CR and CRLF line ends as LF, also in text it changes nothing else in', () => {
    expect(containMarkdown('a\r\nb\rc', 4)).toBe('a\nb\nc');
    expect(containMarkdown('# a\r\n```\r# b', 4)).toBe('#### a\n```\n# b\n```');
  });

  it('returns text with no line that could start a block as it is', () => {
    const text = 'plain #tag, a `code` span\nand a <b>tag</b> mid-line ~~x~~';
    expect(containMarkdown(text, 4)).toBe(text);
  });
});
