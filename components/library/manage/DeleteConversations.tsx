import { type JSX, useEffect, useId, useMemo, useRef, useState } from 'react';
import { dayText } from '@/components/library/shared/date-text';
import type { LibraryData } from '@/components/library/shared/library-data';
import { ofText } from '@/components/library/shared/number-text';
import { ExternalLink } from '@/components/views/ExternalLink';
import { VirtualList } from '@/components/views/VirtualList';
import { shapesNotReadText } from '@/features/details/unread';
import type { LibrarySummary } from '@/lens/library/library-summary';
import { conversationPageUrl } from '@/lib/capture/endpoint';
import { findConversations } from './conversation-search';

const ROW_PX = 48;
const rowHeight = (): number => ROW_PX;
const rowKey = (summary: LibrarySummary): string => summary.id;
const titleOf = (summary: LibrarySummary): string => summary.title ?? 'Untitled conversation';

/**
 * Every kept conversation, searchable, each with its own delete button. After a deletion the focus goes to
 * the button of the row that took its place, so deleting several in a row needs no pointer.
 */
export function DeleteConversations({
  data,
  summaries,
}: {
  data: LibraryData;
  summaries: readonly LibrarySummary[];
}): JSX.Element {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [said, setSaid] = useState('');
  const shown = useMemo(() => findConversations(summaries, typed), [summaries, typed]);
  const list = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const place = focusAt.current;
    if (place === null || shown.length === 0) return;
    focusAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-delete-place]') ?? [];
    const target =
      [...buttons].find(
        (button) => Number(button.dataset.deletePlace) === Math.min(place, shown.length - 1),
      ) ?? null;
    target?.focus();
  }, [shown]);

  const remove = (summary: LibrarySummary, place: number): void => {
    focusAt.current = place;
    void data
      .change((store) => store.delete(summary.id))
      .then(
        () => setSaid(`Deleted “${titleOf(summary)}”.`),
        (error: unknown) => setSaid(`“${titleOf(summary)}” could not be deleted: ${String(error)}`),
      );
  };
  const placeOf = new Map(shown.map((summary, place) => [summary.id, place]));
  return (
    <div className="delete-conversations" ref={list}>
      <div className="delete-conversations__search">
        <label htmlFor={searchId}>Find a conversation</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          placeholder="Words in its title"
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <output htmlFor={searchId} aria-live="polite">
          {ofText(shown.length, summaries.length)}
        </output>
      </div>
      <p className="manage__said" role="status">
        {said}
      </p>
      {shown.length === 0 ? (
        <p className="library-section__empty">No kept conversation has “{typed}” in its title.</p>
      ) : (
        <VirtualList
          rows={shown}
          rowHeight={rowHeight}
          rowKey={rowKey}
          label="Kept conversations"
          renderRow={(summary) => (
            <div className="delete-conversations__row">
              <span className="delete-conversations__title">
                <ExternalLink href={conversationPageUrl(summary.id)}>{titleOf(summary)}</ExternalLink>
                <span className="delete-conversations__saved">
                  Kept {dayText(summary.savedAt)}
                  {summary.shapesNotRead !== null && summary.shapesNotRead > 0
                    ? ` · ${shapesNotReadText(summary.shapesNotRead)}`
                    : ''}
                </span>
              </span>
              <button
                type="button"
                className="button"
                data-delete-place={placeOf.get(summary.id)}
                aria-label={`Delete “${titleOf(summary)}”`}
                onClick={() => remove(summary, placeOf.get(summary.id) ?? 0)}
              >
                Delete
              </button>
            </div>
          )}
        />
      )}
    </div>
  );
}
