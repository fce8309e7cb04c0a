import { type JSX, useId, useMemo } from 'react';
import { Badge } from '@/components/views/Badge';
import { CopyButton } from '@/components/views/CopyButton';
import { TurnHeading, turnLabelOf } from '@/components/views/TurnHeading';
import { EmptyState, ViewNote, ViewSection } from '@/components/views/ViewSection';
import { VirtualList } from '@/components/views/VirtualList';
import type { ViewEntry } from '@/components/views/view-entry';
import { useViewStore } from '@/components/views/view-store';
import type { ViewSnapshot } from '@/features/feature';
import { countOf } from '@/lib/model/count-text';
import type { queriesFeature } from './feature';
import { PromptVersions } from './PromptVersions';
import type { SnapshotVersions } from './prompt-variance';
import { filterQueries, QUERY_SOURCE_LABELS, type QueryRow, queriesAsLines, queryRows } from './query-rows';
import { SearchSummary } from './SearchSummary';
import { shownQueryText } from './shown-query';
import './queries-view.css';

/** What the view reads of the snapshot. */
type Snapshot = ViewSnapshot<typeof queriesFeature> & SnapshotVersions;

const TURN_ROW_PX = 30;
const QUERY_ROW_PX = 54;

const rowHeight = (row: QueryRow): number => (row.type === 'turn' ? TURN_ROW_PX : QUERY_ROW_PX);
const rowKey = (row: QueryRow, index: number): string =>
  row.type === 'turn' ? `turn-${row.turnIndex}` : `query-${index}`;

function QueryLine({ row, snapshot }: { row: QueryRow; snapshot: Snapshot }): JSX.Element {
  if (row.type === 'turn') {
    return (
      <TurnHeading
        label={turnLabelOf(snapshot, row.turnIndex)}
        count={countOf(row.count, 'query', 'queries')}
      />
    );
  }
  const { query } = row;
  const text = shownQueryText(query);
  return (
    <div className="list-entry query">
      <span className="query__text" title={text}>
        {query.page?.title ?? text}
      </span>
      <span className="list-entry__meta">
        <Badge tone={query.kind === 'search' ? 'accent' : 'neutral'} title="What the model did">
          {query.kind}
        </Badge>
        <Badge title={`Read from ${query.source}`}>{QUERY_SOURCE_LABELS[query.source]}</Badge>
        <CopyButton text={text} label={`Copy query: ${text}`} />
      </span>
    </div>
  );
}

/** Every query of the conversation by turn, with its kind and where it was read (site-interface 2.4). */
export function QueriesView({ snapshot }: { snapshot: Snapshot }): JSX.Element {
  const filter = useViewStore((state) => state.queryFilter);
  const setFilter = useViewStore((state) => state.setQueryFilter);
  const filterId = useId();
  const all = snapshot.queries?.queries ?? [];
  const shown = useMemo(() => filterQueries(all, filter), [all, filter]);
  const rows = useMemo(() => queryRows(shown), [shown]);
  const note = snapshot.queries?.note ?? null;
  return (
    <ViewSection id="queries" title="Queries">
      {note !== null && <ViewNote>{note}</ViewNote>}
      <SearchSummary snapshot={snapshot} />
      <PromptVersions snapshot={snapshot} />
      {all.length === 0 ? (
        <EmptyState>No web search in this conversation.</EmptyState>
      ) : (
        <>
          <div className="queries-toolbar">
            <label className="queries-toolbar__filter" htmlFor={filterId}>
              <span>Filter</span>
              <input
                id={filterId}
                type="search"
                value={filter}
                placeholder="Words in a query"
                onChange={(event) => setFilter(event.currentTarget.value)}
              />
            </label>
            <output className="queries-toolbar__count" aria-live="polite" htmlFor={filterId}>
              {shown.length} of {all.length}
            </output>
            <CopyButton
              text={queriesAsLines(shown)}
              label={
                filter === ''
                  ? 'Copy all queries'
                  : `Copy the ${countOf(shown.length, 'shown query', 'shown queries')}`
              }
            >
              {filter === '' ? 'Copy all' : 'Copy shown'}
            </CopyButton>
          </div>
          {shown.length === 0 ? (
            <EmptyState>No query contains “{filter}”.</EmptyState>
          ) : (
            <VirtualList
              rows={rows}
              rowHeight={rowHeight}
              rowKey={rowKey}
              renderRow={(row) => <QueryLine row={row} snapshot={snapshot} />}
              label="Queries by turn"
            />
          )}
        </>
      )}
    </ViewSection>
  );
}

export const queriesView = {
  id: 'queries',
  label: 'Queries',
  View: QueriesView,
  count: (snapshot) => snapshot.queries?.queries.length,
} as const satisfies ViewEntry;
