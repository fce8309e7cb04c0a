import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIEWS } from '@/components/views/registry';
import { FEATURES } from '@/features/index';
import { richInspection } from '@/tests/unit/export/rich-inspection';

/*
 * Every feature reaches the user everywhere (architecture "Features"): its reader fills its members of a
 * rich inspection, a Markdown section writes them (or the transcript shows them), the JSON export holds
 * them under members export-format.md documents under headings of their own, the snapshot carries them and
 * a view shows them. A feature that lacks a part fails here, by its name and the part's.
 */
const inspection = richInspection();
const headings = [...readFileSync('docs/export-format.md', 'utf8').matchAll(/^#{2,4} (.+)$/gm)].map(
  (match) => match[1] ?? '',
);
const filled = (value: unknown): boolean =>
  value !== null && value !== undefined && (!Array.isArray(value) || value.length > 0);

describe.each(FEATURES.map((feature) => [feature.id, feature] as const))('the %s feature', (_, feature) => {
  const input = { conversation: inspection.conversation };

  it('reads its members, each filled in a rich inspection', () => {
    const members = Object.keys(feature.read(input));
    expect(members).not.toEqual([]);
    for (const member of members)
      expect(filled(inspection[member as keyof typeof inspection]), member).toBe(true);
  });

  it('has a Markdown section, or the transcript shows it', () => {
    if (feature.markdown === 'transcript') return;
    expect(feature.markdown(inspection)).toMatch(/^## \S/);
  });

  it('has members of the JSON export, filled and documented under a heading each', () => {
    const members = Object.entries(feature.json(inspection));
    expect(members).not.toEqual([]);
    for (const [name, value] of members) {
      expect(filled(value), name).toBe(true);
      expect(
        headings.some((heading) => heading.startsWith(`\`${name}`)),
        `export-format.md heading for ${name}`,
      ).toBe(true);
    }
  });

  it('has members of the snapshot, filled', () => {
    const members = Object.entries(feature.snapshot(inspection));
    expect(members).not.toEqual([]);
    for (const [name, value] of members) expect(filled(value), name).toBe(true);
  });

  it('has a view', () => {
    expect(VIEWS.map((view) => view.id)).toContain(feature.id);
  });
});
