import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIEWS } from '@/components/views/registry';
import { JSON_MEMBERS, toExportDocument } from '@/lib/export/json-export';
import { MARKDOWN_SECTIONS } from '@/lib/export/markdown-export';
import type { Inspection } from '@/lib/insights/inspection';
import { EXPORTED_AT, richInspection } from '@/tests/unit/export/rich-inspection';

/*
 * Every member of the inspection reaches the user everywhere (architecture "Registries"): a view shows it,
 * a Markdown section writes it, a member of the JSON export holds it, and export-format.md documents that
 * member under a heading of its own. A new insight that misses one of the four fails here by name.
 */
const inspection = richInspection();
const members = Object.keys(inspection) as (keyof Inspection)[];
const headings = [...readFileSync('docs/export-format.md', 'utf8').matchAll(/^#{2,4} (.+)$/gm)].map(
  (match) => match[1] ?? '',
);

describe('the inspection contract', () => {
  it('reads a rich inspection with every member filled', () => {
    expect(members.length).toBeGreaterThanOrEqual(10);
    for (const member of members) expect(inspection[member], member).not.toBeNull();
  });

  it.each(members)('%s has a view', (member) => {
    expect(VIEWS.filter((view) => (view.shows as readonly string[]).includes(member))).not.toEqual([]);
  });

  it.each(members)('%s has a Markdown section', (member) => {
    const shown = [MARKDOWN_SECTIONS.transcript, ...MARKDOWN_SECTIONS.after].flatMap((section) => [
      ...section.shows,
    ]);
    expect(shown).toContain(member);
  });

  it.each(members)('%s has a member of the JSON export, filled', (member) => {
    const document = toExportDocument(inspection, { exportedAt: EXPORTED_AT });
    const value = document[JSON_MEMBERS[member]];
    expect(value, JSON_MEMBERS[member]).not.toBeNull();
    if (Array.isArray(value)) expect(value.length).toBeGreaterThan(0);
  });

  it.each(members)('%s has its JSON member documented under a heading', (member) => {
    const name = JSON_MEMBERS[member];
    expect(headings.some((heading) => heading.startsWith(`\`${name}`))).toBe(true);
  });
});
