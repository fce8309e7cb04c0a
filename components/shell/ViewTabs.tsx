import { type JSX, type KeyboardEvent, useEffect, useRef } from 'react';
import { SECTIONS, type SectionId, sectionForKey } from './sections';
import { useViewStore } from './view-store';

const tabId = (section: SectionId): string => `tab-${section}`;
export const panelId = (section: SectionId): string => `panel-${section}`;

const typingInto = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The five views as a tab list (WAI-ARIA tabs: arrows move and select, Home/End), and the digits 1–5
 * anywhere outside a text field jump to a view: every section is one click or one key away.
 */
export function SectionTabs({ counts }: { counts: Partial<Record<SectionId, number>> }): JSX.Element {
  const section = useViewStore((state) => state.section);
  const showSection = useViewStore((state) => state.showSection);
  const list = useRef<HTMLDivElement>(null);

  const moveTo = (next: SectionId): void => {
    showSection(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingInto(event.target)) return;
      if (!/^[1-9]$/.test(event.key)) return;
      const next = sectionForKey(event.key, useViewStore.getState().section);
      if (next !== null) useViewStore.getState().showSection(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (/^[1-9]$/.test(event.key)) return;
    const next = sectionForKey(event.key, section);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <div className="tabs" role="tablist" aria-label="Views" ref={list} onKeyDown={onKeyDown}>
      {SECTIONS.map(({ id, label }, index) => {
        const count = counts[id];
        return (
          <button
            key={id}
            id={tabId(id)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={id === section}
            aria-controls={panelId(id)}
            aria-keyshortcuts={String(index + 1)}
            tabIndex={id === section ? 0 : -1}
            onClick={() => showSection(id)}
          >
            {label}
            {count !== undefined && count > 0 && <span className="tabs__count">{count}</span>}
          </button>
        );
      })}
    </div>
  );
}
