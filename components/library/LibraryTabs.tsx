import { type JSX, type KeyboardEvent, useRef } from 'react';
import { tabAfterKey } from '@/components/shell/tab-keys';
import {
  LIBRARY_TAB_IDS,
  LIBRARY_TABS,
  type LibraryTabId,
  libraryPanelId,
  libraryTabId,
} from './library-tabs';

/**
 * The page's tab list (WAI-ARIA tabs): one tab in the Tab order, the selected one; the arrows, Home and End
 * move between them and select as they go.
 */
export function LibraryTabs({
  shown,
  onShow,
}: {
  shown: LibraryTabId;
  onShow: (tab: LibraryTabId) => void;
}): JSX.Element {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = tabAfterKey(LIBRARY_TAB_IDS, event.key, shown);
    if (next === null) return;
    event.preventDefault();
    onShow(next);
    list.current?.querySelector<HTMLElement>(`#${libraryTabId(next)}`)?.focus();
  };
  return (
    <div className="tabs library-tabs" role="tablist" aria-label="Library" ref={list} onKeyDown={onKeyDown}>
      {LIBRARY_TABS.map(({ id, label }) => (
        <button
          key={id}
          id={libraryTabId(id)}
          type="button"
          role="tab"
          className="tabs__tab"
          aria-selected={id === shown}
          aria-controls={libraryPanelId(id)}
          tabIndex={id === shown ? 0 : -1}
          onClick={() => onShow(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
