import type { JSX } from 'react';
import { withUniqueKeys } from '@/components/views/unique-keys';
import { EmptyState, ViewNote, ViewSection } from '@/components/views/ViewSection';
import type { ViewEntry } from '@/components/views/view-entry';
import type { ViewSnapshot } from '@/features/feature';
import type { FormatLoadStatus } from '@/lib/model/conversation';
import type { Transport } from '@/lib/model/transport';
import { FormatComparisonDetails } from './FormatComparisonDetails';
import type { detailsFeature } from './feature';
import { unreadEntryText } from './unread';
import './details-view.css';

/** What the view reads of the snapshot. */
type Snapshot = ViewSnapshot<typeof detailsFeature>;

const TRANSPORT_NAMES: Record<Transport, string> = {
  websocket: 'WebSocket',
  sse: 'SSE',
  html: 'HTML stream (signed out, mobile web)',
  unknown: 'Not seen yet',
};

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

function FormatRow({
  name,
  status,
  withNote,
}: {
  name: string;
  status: FormatLoadStatus;
  withNote: boolean;
}): JSX.Element {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{yesNo(status.loaded)}</td>
      <td>{yesNo(status.complete)}</td>
      <td>{status.pages}</td>
      {withNote && <td className="details-note-cell">{status.note ?? ''}</td>}
    </tr>
  );
}

/**
 * Which formats are held. It fits a 320 px side panel: its words wrap, and the Note column is there only
 * when a format has a note. A long note may still make it wider, so it scrolls sideways, focusable so the
 * keyboard can scroll it too.
 */
function FormatsTable({ formatLoads }: { formatLoads: NonNullable<Snapshot['formatLoads']> }): JSX.Element {
  const rows = [
    ['Messages', formatLoads.messages],
    ['Tree', formatLoads.tree],
    ['Answer streams', formatLoads.stream],
  ] as const;
  const withNote = rows.some(([, status]) => status.note);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
    <section className="details-table" aria-label="Formats loaded" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Format</th>
            <th scope="col">Loaded</th>
            <th scope="col">Complete</th>
            <th scope="col">Pages or answers</th>
            {withNote && <th scope="col">Note</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, status]) => (
            <FormatRow key={name} name={name} status={status} withNote={withNote} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The plumbing: which formats are held, how they differ, unknown keys, what was not read, the transport seen,
 * warnings.
 */
export function DetailsView({ snapshot }: { snapshot: Snapshot }): JSX.Element {
  const { formatLoads, transportCounts, summary } = snapshot;
  const extraKeys = summary?.extraKeys ?? [];
  return (
    <ViewSection id="details" title="Details">
      <h3>Formats</h3>
      {formatLoads === null ? (
        <EmptyState>No format of this conversation is held yet.</EmptyState>
      ) : (
        <FormatsTable formatLoads={formatLoads} />
      )}
      <h3>Format comparison</h3>
      <FormatComparisonDetails
        comparison={snapshot.formatComparison}
        counts={snapshot.formatComparisonCounts}
      />
      <h3>Extra top-level keys</h3>
      {extraKeys.length === 0 ? (
        <ViewNote>None: every top-level key is one the interface document lists.</ViewNote>
      ) : (
        <ul className="details-keys" aria-label="Extra top-level keys">
          {extraKeys.map((key) => (
            <li key={key}>
              <code>{key}</code>
            </li>
          ))}
        </ul>
      )}
      <h3>Not read</h3>
      {snapshot.unread.length === 0 ? (
        <ViewNote>Nothing: every content type, citation, tool and record was understood.</ViewNote>
      ) : (
        <>
          <ViewNote>
            What Chat Lens met in this conversation and could not read: the site may have changed shape. What
            it could read is shown as usual.
          </ViewNote>
          <ul className="details-keys" aria-label="Not read">
            {snapshot.unread.map((entry) => (
              <li key={`${entry.kind}:${entry.name}`}>{unreadEntryText(entry)}</li>
            ))}
          </ul>
        </>
      )}
      <h3>Transport</h3>
      <dl className="details-facts">
        <div>
          <dt>Answers streamed over</dt>
          <dd>{TRANSPORT_NAMES[snapshot.transport]}</dd>
        </div>
        <div>
          <dt>WebSocket answer items</dt>
          <dd>{transportCounts.streamItems}</dd>
        </div>
        <div>
          <dt>SSE answers</dt>
          <dd>{transportCounts.sseAnswers}</dd>
        </div>
        <div>
          <dt>SSE handoffs to a WebSocket</dt>
          <dd>{transportCounts.handoffs}</dd>
        </div>
        <div>
          <dt>SSE answers resumed after a handoff</dt>
          <dd>{transportCounts.resumed}</dd>
        </div>
        <div>
          <dt>Answers streamed as HTML (signed out, mobile web)</dt>
          <dd>{transportCounts.htmlAnswers}</dd>
        </div>
      </dl>
      <h3>Warnings</h3>
      {snapshot.warnings.length === 0 ? (
        <ViewNote>None.</ViewNote>
      ) : (
        <ul className="details-warnings">
          {withUniqueKeys(snapshot.warnings, (warning) => warning).map(([key, warning]) => (
            <li key={key}>{warning}</li>
          ))}
        </ul>
      )}
    </ViewSection>
  );
}

export const detailsView = {
  id: 'details',
  label: 'Details',
  View: DetailsView,
  // What was not read, counted on the tab: a quiet sign that the site may have changed shape.
  count: (snapshot) => (snapshot.unread.length > 0 ? snapshot.unread.length : undefined),
} as const satisfies ViewEntry;
