import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { inspect } from '@/lens/insights/inspection';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { KNOWN_COMPONENTS, KNOWN_MEMBERS } from '@/lib/model/ui-program';
import { uiProgramPage } from '@/tests/unit/fixtures/ui-program';
import { fuzz } from './fuzz-property';
import { hostileJson } from './hostile-values';

/** Each member of `model_dil_v2` the reader knows may be renamed. */
const MEMBERS = [...KNOWN_MEMBERS];
/** Components and interactive parts the reader knows, by `requiredComponents` name or `genui_components` type. */
const KNOWN_NAMES = new Set([...KNOWN_COMPONENTS, 'charts_widget_v2', 'memory_cite']);

const componentName = fc.stringMatching(/^[A-Za-z][\w.-]{0,15}$/).filter((name) => !KNOWN_NAMES.has(name));

interface Drift {
  renames: Record<string, string>;
  components: string[];
  widgets: string[];
  values: unknown[];
}

const drifts: fc.Arbitrary<Drift> = fc.record({
  renames: fc.dictionary(
    fc.constantFrom(...MEMBERS),
    fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,12}$/).filter((name) => !MEMBERS.includes(name)),
    { maxKeys: 3 },
  ),
  components: fc.uniqueArray(componentName, { maxLength: 3 }),
  widgets: fc.uniqueArray(componentName, { maxLength: 3 }),
  values: fc.array(hostileJson, { maxLength: 3 }),
});

/** The fixture page with its program's answer drifted: members renamed, components and parts not known here. */
function driftedPage(drift: Drift): Record<string, unknown> {
  const page = uiProgramPage();
  const answer = (page.messages as Record<string, Record<string, unknown>>[])[4];
  const metadata = answer?.metadata as Record<string, unknown>;
  const dil = metadata.model_dil_v2 as Record<string, unknown>;
  for (const [from, to] of Object.entries(drift.renames)) {
    dil[to] = dil[from];
    delete dil[from];
  }
  if (!('requiredComponents' in drift.renames)) dil.requiredComponents = drift.components;
  metadata.genui_components = [
    ...drift.widgets.map((type, index) => ({ type, id: `w${index}` })),
    ...drift.values,
  ];
  return page;
}

describe('answers made by a UI program whose shape drifts (site-interface 10.14)', () => {
  fuzz('never throw, and every component, part and member not known is counted', drifts, (drift) => {
    const page = driftedPage(drift);
    const read = normalizeMessagesFormat([page]);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const unread = inspect({ conversation: read.value }).unread.filter(
      (entry) => entry.kind === 'ui-program',
    );
    const names = new Set(unread.map((entry) => entry.name));
    const components = 'requiredComponents' in drift.renames ? [] : drift.components;
    for (const name of [...components, ...drift.widgets]) expect(names).toContain(name);
    for (const renamed of Object.values(drift.renames)) expect(names).toContain(`model_dil_v2.${renamed}`);
    if ('fallbackMarkdown' in drift.renames) expect(names).toContain('program without a readable form');
    const answer = read.value.messages.find((message) => message.id === 'ui-4');
    expect(answer?.text).not.toMatch(/\{@body|DIL\.|\{#if|\{#each|<segmented-control/);
  });
});
