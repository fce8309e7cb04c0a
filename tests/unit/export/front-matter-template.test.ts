import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportFieldValues, templateProblem } from '@/lib/export/export-fields';
import {
  DEFAULT_FRONT_MATTER_TEMPLATE,
  frontMatter,
  frontMatterEntries,
  frontMatterTemplateProblem,
} from '@/lib/export/yaml-front-matter';
import { conversationOf } from '@/tests/unit/insights/build-conversation';

const EXPORTED = new Date('2026-11-21T23:59:00Z');

/** The front matter the Markdown export writes for `template` (lens/export/markdown-export.ts). */
const frontMatterOf = (template: string, values: ReturnType<typeof valuesOf>): string =>
  frontMatter(frontMatterEntries(template, values));

const valuesOf = (title: string | null, modelSlug: string | null = 'gpt-5-1') =>
  exportFieldValues(
    conversationOf([], { title, id: 'c1', createTimeMs: Date.UTC(2026, 10, 20, 14, 3), modelSlug }),
    EXPORTED,
  );

describe('front-matter templates', () => {
  it('writes each key once, in order, every value quoted and a field alone null when unknown', () => {
    const template = 'title: {title}\naliases: chat {id}\n\nmodel: {model}\nnote:';
    expect(frontMatterOf(template, valuesOf('Plan: "A"', null))).toBe(
      ['---', 'title: "Plan: \\"A\\""', 'aliases: "chat c1"', 'model: null', 'note: null', '---', ''].join(
        '\n',
      ),
    );
    expect(frontMatterEntries('', valuesOf('x'))).toEqual([]);
  });

  it('keeps the default front matter: title, id, url, created, updated, model, exported', () => {
    const keys = frontMatterOf(DEFAULT_FRONT_MATTER_TEMPLATE, valuesOf('x'))
      .split('\n')
      .slice(1, -2)
      .map((line) => line.split(':')[0]);
    expect(keys).toEqual(['title', 'id', 'url', 'created', 'updated', 'model', 'exported']);
    expect(frontMatterTemplateProblem(DEFAULT_FRONT_MATTER_TEMPLATE)).toBeNull();
  });

  it('cannot be broken out of by any title: one line per key, between the two ---', () => {
    const values = valuesOf(null);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (title) => {
        const lines = frontMatterOf('title: {title} and more\nid: {id}', { ...values, title }).split('\n');
        expect(lines).toHaveLength(5);
        expect([lines[0], lines[3], lines[4]]).toEqual(['---', '---', '']);
        expect(lines[1]).toMatch(/^title: "(?:[^"\\\p{Cc}\u2028\u2029\ufeff]|\\.)*"$/u);
      }),
      { numRuns: 300 },
    );
  });

  it('says what is wrong with a template, naming the line', () => {
    expect(templateProblem('{date} {title}')).toBeNull();
    expect(templateProblem('{Title}')).toMatch(/^\{Title\} is not a field: use \{title\}, \{date\}/);
    expect(templateProblem('}{')).toBe('A { or } has no partner.');
    expect(frontMatterTemplateProblem('tags: [a, b]')).toBeNull();
    expect(frontMatterTemplateProblem('source: {site}')).toMatch(/^source: \{site\} is not a field/);
    expect(frontMatterTemplateProblem('-x: 1')).toMatch(/"-x" is not a plain key/);
  });
});
