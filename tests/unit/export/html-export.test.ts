import { describe, expect, it } from 'vitest';
import { writeExport } from '@/lens/export/format-writers';
import { documentFacts, exportMarkdown } from '@/lens/export/markdown-export';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import type { NormalizedMessage } from '@/lib/model/conversation';
import { richContentConversation } from '@/tests/unit/fixtures/rich-content';
import { conversationOf, message, user } from '@/tests/unit/insights/build-conversation';
import { attributeValues, pageProblems, tagsOf, textsOf } from './html-checks';
import { EXPORTED_AT, liveSearchInspection, richInspection } from './rich-inspection';

/** export-format "HTML": the Markdown export as a page that runs nothing and loads nothing. */
const htmlOf = (inspection: Inspection): string =>
  writeExport(inspection, 'html', { exportedAt: EXPORTED_AT });

const conversationWith = (messages: NormalizedMessage[]): Inspection =>
  inspect({ conversation: conversationOf(messages) });

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  'Click [here](javascript:alert(3)) or <javascript:alert(4)> or [this](data:text/html,<b>5</b>).',
  '[vb](vbscript:msgbox(6)) [file](file:///etc/passwd) ![pixel](https://tracker.example/p.gif)',
  '<iframe src="https://evil.example/"></iframe> <a href="javascript:alert(7)">a</a>',
  '<style>body{background:url(https://evil.example/bg.png)}</style>',
].join('\n\n');

describe('the HTML export', () => {
  it('shows markup in a message as text: no script, no handler, no frame, no image', () => {
    const html = htmlOf(
      conversationWith([
        user('u1', HOSTILE),
        message({
          id: 'a1',
          text: `Here it is:\n\n${HOSTILE}\n\n\`\`\`html\n<script>alert(8)</script>\n\`\`\``,
        }),
      ]),
    );
    expect(pageProblems(html)).toEqual([]);
    expect(tagsOf(html).filter((tag) => tag.name === 'style')).toHaveLength(2);
    const shown = textsOf(html, 'main').join('\n');
    expect(shown).toContain('<script>alert(1)</script>');
    expect(shown).toContain('<img src=x onerror=alert(2)>');
    expect(shown).toContain('<script>alert(8)</script>');
    expect(shown).toContain('<iframe src="https://evil.example/"></iframe>');
  });

  it('makes only web, mail and relative addresses links; an image is a link to it', () => {
    const html = htmlOf(
      conversationWith([
        user('u1', 'links please'),
        message({
          id: 'a1',
          text: `${HOSTILE}\n\n[site](https://ok.example/a?b=1) [mail](mailto:me@ok.example) [here](./notes.md#top) [anchor](#sources)`,
        }),
      ]),
    );
    expect(pageProblems(html)).toEqual([]);
    expect(attributeValues(html, 'href')).toEqual(
      expect.arrayContaining([
        'https://ok.example/a?b=1',
        'mailto:me@ok.example',
        './notes.md#top',
        '#sources',
        'https://tracker.example/p.gif',
      ]),
    );
    expect(textsOf(html, 'a')).toContain('Image: pixel');
    expect(textsOf(html, 'main').join('\n')).toContain('[here](javascript:alert(3))');
  });

  it('is one page that runs and loads nothing, under a policy that forbids both', () => {
    for (const html of [htmlOf(richInspection()), htmlOf(liveSearchInspection())]) {
      expect(html.startsWith('<!doctype html>\n')).toBe(true);
      expect(pageProblems(html)).toEqual([]);
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
      const directives = new Map(
        policy.split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives.get('default-src')).toBe("'none'");
      expect(directives.get('style-src')).toBe("'unsafe-inline'");
      expect(directives.get('script-src') ?? "'none'").toBe("'none'");
      expect(html).toMatch(/<meta name="viewport" content="width=device-width/);
      expect(attributeValues(html, 'href').filter((href) => !/^https?:\/\//.test(href))).toEqual([]);
      expect(html).not.toMatch(/url\(|@import/);
    }
  });

  it('holds the Markdown export’s sections in its order, and the front matter’s facts in its header', () => {
    for (const inspection of [richInspection(), liveSearchInspection()]) {
      const html = htmlOf(inspection);
      const markdown = exportMarkdown(inspection, { exportedAt: EXPORTED_AT });
      const sections = [...markdown.matchAll(/^## (.+)$/gm)].map(([, title]) => title);
      expect(sections.length).toBeGreaterThanOrEqual(5);
      expect(textsOf(html, 'h2')).toEqual(sections);
      const header = textsOf(html, 'header').join('\n');
      for (const [key, value] of documentFacts(inspection, { exportedAt: EXPORTED_AT })) {
        if (value !== null) expect(header, key).toContain(value);
      }
      expect(textsOf(html, 'title')).toEqual([inspection.conversation.title]);
    }
  });

  it('writes each answer’s cited pages as links under it, and code as a block', () => {
    const html = htmlOf(liveSearchInspection());
    const cited = liveSearchInspection().sources.filter((source) => source.cited);
    expect(cited.length).toBeGreaterThan(0);
    const hrefs = new Set(attributeValues(html, 'href').map((href) => href.replaceAll('&amp;', '&')));
    for (const source of cited) expect(hrefs, source.url).toContain(encodeURI(decodeURI(source.url)));
    const code = htmlOf(
      conversationWith([user('u1', 'code'), message({ id: 'a1', text: '```ts\nconst a = 1 < 2;\n```' })]),
    );
    expect(textsOf(code, 'pre')).toEqual(['const a = 1 < 2;\n']);
  });
});

describe('the HTML export with the images the page showed', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255]);
  const inspection = inspect({ conversation: richContentConversation() });
  const html = writeExport(inspection, 'html', {
    exportedAt: EXPORTED_AT,
    assetFiles: new Map([
      ['file_00000000a1b2c3d4', { bytes: png, mimeType: 'image/png', name: null }],
      [
        'file-Doc2Plan',
        { bytes: Uint8Array.from([37, 80, 68, 70]), mimeType: 'application/pdf', name: null },
      ],
    ]),
  });

  it('holds each image inside the page, and still loads nothing', () => {
    const images = tagsOf(html).filter((tag) => tag.name === 'img');
    expect(images).toHaveLength(1);
    expect(attributeValues(html, 'src')).toEqual(['data:image/png;base64,iVBORw0KGgoA/w==']);
    expect(images[0]?.attributes).toContain('alt="Generated image 1 (1024×1024)"');
    expect(pageProblems(html)).toEqual([]);
  });

  it('names what it holds no image of, as without images', () => {
    const shown = textsOf(html, 'main').join('\n');
    expect(shown).toContain('Uploaded image 1: tram-28.jpg, 1536×2048, 310 KB');
    // A file that is no image is not put into the page.
    expect(shown).toContain('Uploaded file 1: itinerary.pdf, application/pdf, 240 KB');
  });
});
