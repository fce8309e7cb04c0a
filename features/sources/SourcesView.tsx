import { type JSX, useMemo } from 'react';
import { Badge } from '@/components/views/Badge';
import { ExternalLink } from '@/components/views/ExternalLink';
import { TurnHeading, turnLabelOf } from '@/components/views/TurnHeading';
import { EmptyState, ViewNote, ViewSection } from '@/components/views/ViewSection';
import { VirtualList } from '@/components/views/VirtualList';
import type { ViewEntry } from '@/components/views/view-entry';
import type { ViewSnapshot } from '@/features/feature';
import type { queriesFeature } from '@/features/queries/feature';
import { DomainSummary, UNKNOWN_SITE } from './DomainSummary';
import { summarizeDomains } from './domain-summary';
import type { sourcesFeature } from './feature';
import { type SourceRow, sourceRows } from './source-rows';
import type { WebSource } from './sources';
import './sources-view.css';

/** What the view reads of the snapshot. */
type Snapshot = ViewSnapshot<typeof sourcesFeature> & ReturnType<(typeof queriesFeature)['snapshot']>;

const ROW_PX: Record<SourceRow['type'], number> = { turn: 32, domain: 26, page: 48 };

const rowHeight = (row: SourceRow): number => ROW_PX[row.type];
const rowKey = (row: SourceRow, index: number): string =>
  row.type === 'turn' ? `turn-${row.turnIndex}` : `${row.type}-${index}`;

/** "3 pages, 1 cited" */
const pagesText = (pages: number, cited: number): string =>
  `${pages} ${pages === 1 ? 'page' : 'pages'}, ${cited} cited`;

/** The path after the host, so the row shows which page of the site it is. */
function pageOfSite(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}` === '/' ? url : `${pathname}${search}`;
  } catch {
    return url;
  }
}

function PageLine({ source }: { source: WebSource }): JSX.Element {
  return (
    <div className={`list-entry source-page${source.cited ? ' source-page--cited' : ''}`}>
      <span className="source-page__title">
        <ExternalLink href={source.url}>{source.title ?? source.attribution ?? source.url}</ExternalLink>
      </span>
      <span className="list-entry__meta">
        {source.cited && (
          <Badge tone="cited">
            <span aria-hidden="true">✓</span> Cited
          </Badge>
        )}
        {source.retrieved && <Badge>Retrieved</Badge>}
        <span className="source-page__path" title={source.url}>
          {pageOfSite(source.url)}
        </span>
      </span>
    </div>
  );
}

function SourceLine({ row, snapshot }: { row: SourceRow; snapshot: Snapshot }): JSX.Element {
  switch (row.type) {
    case 'turn':
      return (
        <TurnHeading label={turnLabelOf(snapshot, row.turnIndex)} count={pagesText(row.pages, row.cited)} />
      );
    case 'domain':
      return (
        <h4 className="source-domain">
          <span className="source-domain__name">{row.domain ?? UNKNOWN_SITE}</span>
          <span className="source-domain__count">{pagesText(row.pages, row.cited)}</span>
        </h4>
      );
    case 'page':
      return <PageLine source={row.source} />;
  }
}

/** The pages each turn's search retrieved and its answer cited, by site, with a summary of the sites. */
export function SourcesView({ snapshot }: { snapshot: Snapshot }): JSX.Element {
  const { sources } = snapshot;
  const tallies = useMemo(() => summarizeDomains(sources), [sources]);
  const rows = useMemo(() => sourceRows(sources), [sources]);
  const cited = tallies.reduce((sum, tally) => sum + tally.cited, 0);
  return (
    <ViewSection id="sources" title="Sources">
      {sources.length === 0 ? (
        <EmptyState>
          {(snapshot.queries?.queries.length ?? 0) > 0
            ? 'The searches of this conversation recorded no web pages.'
            : 'No web search in this conversation.'}
        </EmptyState>
      ) : (
        <>
          <ViewNote>
            {pagesText(sources.length, cited)} from {tallies.length} {tallies.length === 1 ? 'site' : 'sites'}
            {snapshot.queries?.mayBeIncomplete
              ? '; the web-search tool message was not loaded, pages may be missing.'
              : '.'}
          </ViewNote>
          <DomainSummary tallies={tallies} />
          <VirtualList
            rows={rows}
            rowHeight={rowHeight}
            rowKey={rowKey}
            renderRow={(row) => <SourceLine row={row} snapshot={snapshot} />}
            label="Pages by turn and site"
          />
        </>
      )}
    </ViewSection>
  );
}

export const sourcesView = {
  id: 'sources',
  label: 'Sources',
  View: SourcesView,
  count: (snapshot) => snapshot.sources.length,
} as const satisfies ViewEntry;
