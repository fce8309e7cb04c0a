import { type JSX, useId, useMemo } from 'react';
import { dayEnd, dayStart, dayText } from '@/components/library/shared/date-text';
import { ModelChoice } from '@/components/library/shared/ModelChoice';
import type { LibraryFilter, LibraryGrids } from '@/lens/library/grids';
import '@/components/library/shared/choice-row.css';
import './table-filters.css';

/** The choice that filters nothing in a select. */
const ANY = '';

/**
 * A table's filters: words in its text columns, a date range (whole days in the user's time zone), a model
 * and a conversation. Every control is labelled; each change applies at once.
 */
export function TableFilters({
  filter,
  onChange,
  tables,
  textHint,
}: {
  filter: LibraryFilter;
  onChange: (patch: Partial<LibraryFilter>) => void;
  tables: Pick<LibraryGrids, 'models' | 'conversations'>;
  /** What the words are looked for in: "Words in a query, its prompt or its conversation's title". */
  textHint: string;
}): JSX.Element {
  const id = useId();
  const hintId = `${id}-hint`;
  // Made once per load of the tables: a keystroke in the text filter does not make a library's
  // conversations' options again.
  const conversationOptions = useMemo(
    () =>
      tables.conversations.map(({ id: conversationId, title }) => (
        <option key={conversationId} value={conversationId}>
          {title ?? `Untitled (${conversationId})`}
        </option>
      )),
    [tables.conversations],
  );
  return (
    <fieldset className="choice-row">
      <legend className="visually-hidden">Filters</legend>
      <label className="table-filters__text">
        <span>Filter</span>
        <input
          type="search"
          value={filter.text}
          placeholder={textHint}
          aria-describedby={hintId}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
        />
      </label>
      <span id={hintId} className="visually-hidden">
        {textHint}
      </span>
      <label>
        <span>From</span>
        <input
          type="date"
          value={dayText(filter.from)}
          max={dayText(filter.to) || undefined}
          onChange={(event) => onChange({ from: dayStart(event.currentTarget.value) })}
        />
      </label>
      <label>
        <span>To</span>
        <input
          type="date"
          value={dayText(filter.to)}
          min={dayText(filter.from) || undefined}
          onChange={(event) => onChange({ to: dayEnd(event.currentTarget.value) })}
        />
      </label>
      <ModelChoice model={filter.model} models={tables.models} onChange={(model) => onChange({ model })} />
      <label className="table-filters__conversation">
        <span>Conversation</span>
        <select
          value={filter.conversationId ?? ANY}
          onChange={(event) => onChange({ conversationId: event.currentTarget.value || null })}
        >
          <option value={ANY}>Any conversation</option>
          {conversationOptions}
        </select>
      </label>
    </fieldset>
  );
}
