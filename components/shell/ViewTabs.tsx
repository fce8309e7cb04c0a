import { type JSX, type KeyboardEvent, useEffect, useRef } from 'react';
import { VIEWS, type ViewId } from '@/components/views/registry';
import { useViewStore } from '@/components/views/view-store';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import { viewForKey } from './view-keys';

const tabId = (view: ViewId): string => `tab-${view}`;
export const panelId = (view: ViewId): string => `panel-${view}`;

const typingInto = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The five views as a tab list (WAI-ARIA tabs: arrows move and select, Home/End), and the digits 1–5
 * anywhere outside a text field jump to a view: every view is one click or one key away.
 */
export function ViewTabs({ snapshot }: { snapshot: LensSnapshot }): JSX.Element {
  const shown = useViewStore((state) => state.shownView);
  const showView = useViewStore((state) => state.showView);
  const list = useRef<HTMLDivElement>(null);

  const moveTo = (next: ViewId): void => {
    showView(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingInto(event.target)) return;
      if (!/^[1-9]$/.test(event.key)) return;
      const next = viewForKey(event.key, useViewStore.getState().shownView);
      if (next !== null) useViewStore.getState().showView(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (/^[1-9]$/.test(event.key)) return;
    const next = viewForKey(event.key, shown);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <div className="tabs" role="tablist" aria-label="Views" ref={list} onKeyDown={onKeyDown}>
      {VIEWS.map(({ id, label, count: countOf }, index) => {
        const count = countOf(snapshot);
        return (
          <button
            key={id}
            id={tabId(id)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={id === shown}
            aria-controls={panelId(id)}
            aria-keyshortcuts={String(index + 1)}
            tabIndex={id === shown ? 0 : -1}
            onClick={() => showView(id)}
          >
            {label}
            {count !== undefined && count > 0 && <span className="tabs__count">{count}</span>}
          </button>
        );
      })}
    </div>
  );
}
