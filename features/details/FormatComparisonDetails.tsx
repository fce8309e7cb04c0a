import type { JSX, ReactNode } from 'react';
import { withUniqueKeys } from '@/components/views/unique-keys';
import { ViewNote } from '@/components/views/ViewSection';

import type { ComparisonCounts, FormatComparison, KeyCount, MessageSummary } from './format-comparison';

const messagesWord = (count: number): string => `${count} ${count === 1 ? 'message' : 'messages'}`;

function KeyCounts({ title, keys }: { title: string; keys: readonly KeyCount[] }): JSX.Element | null {
  if (keys.length === 0) return null;
  return (
    <div className="details-block">
      <h4>{title}</h4>
      <ul className="details-keys">
        {keys.map(({ key, messages }) => (
          <li key={key}>
            <code>{key}</code> <span className="details-muted">on {messagesWord(messages)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A list the snapshot may have cut (lens-snapshot.ts keeps the first 100): says how many there were,
 * `total` from the snapshot's counts, or the shown ones when it has none.
 */
function CutList({
  title,
  shown,
  total = shown,
  children,
}: {
  title: string;
  shown: number;
  total: number | undefined;
  children: ReactNode;
}) {
  if (total === 0) return null;
  return (
    <details className="details-block">
      <summary>
        {title} ({total}
        {shown < total ? `, first ${shown} listed` : ''})
      </summary>
      {children}
    </details>
  );
}

/** The messages only one of the formats has. */
function MessagesOnlyInOne({
  title,
  messages,
  total,
}: {
  title: string;
  messages: readonly MessageSummary[];
  total: number | undefined;
}): JSX.Element {
  return (
    <CutList title={title} shown={messages.length} total={total}>
      <ul className="details-messages">
        {withUniqueKeys(messages, (message) => message.id).map(([key, message]) => (
          <li key={key}>
            {message.role}
            {message.recipient !== null && ` → ${message.recipient}`}{' '}
            <span className="details-muted">{message.contentType}</span> <code>{message.id}</code>
          </li>
        ))}
      </ul>
    </CutList>
  );
}

/** What the two formats of the conversation say differently (site-interface 2.4 and site-interface 4.2). */
export function FormatComparisonDetails({
  comparison,
  counts,
}: {
  comparison: FormatComparison | null;
  counts: ComparisonCounts | null;
}): JSX.Element {
  if (comparison === null) {
    return (
      <ViewNote>The formats are compared once both the messages format and the tree are loaded.</ViewNote>
    );
  }
  return (
    <>
      {comparison.equivalent ? (
        <p className="details-verdict">The two formats agree on every message.</p>
      ) : (
        <p className="details-verdict">The two formats differ.</p>
      )}
      {comparison.notes.map((note) => (
        <ViewNote key={note}>{note}</ViewNote>
      ))}
      <KeyCounts title="Keys the tree lacks (per response)" keys={comparison.metadataKeysMissingFromTree} />
      <KeyCounts
        title="Keys the messages format lacks (per response)"
        keys={comparison.metadataKeysMissingFromMessages}
      />
      <KeyCounts
        title="Keys only the messages format has (per message)"
        keys={comparison.metadataKeysOnlyInMessages}
      />
      <KeyCounts title="Keys only the tree has (per message)" keys={comparison.metadataKeysOnlyInTree} />
      {comparison.orderDiffers && <p>The shared messages come in a different order.</p>}
      <MessagesOnlyInOne
        title="Messages only in the messages format"
        messages={comparison.messagesOnly}
        total={counts?.messagesOnly}
      />
      <MessagesOnlyInOne
        title="Messages only in the tree"
        messages={comparison.treeOnly}
        total={counts?.treeOnly}
      />
      <MessagesOnlyInOne
        title="Messages only in the answer streams"
        messages={comparison.streamOnly}
        total={counts?.streamOnly}
      />
      <CutList
        title="Fields that differ"
        shown={comparison.fieldDifferences.length}
        total={counts?.fieldDifferences}
      >
        <ul className="details-messages">
          {withUniqueKeys(
            comparison.fieldDifferences,
            (difference) => `${difference.id}|${difference.field}`,
          ).map(([key, difference]) => (
            <li key={key}>
              <code>{difference.id}</code> {difference.field}: messages “{difference.messages}”, tree “
              {difference.tree}”
            </li>
          ))}
        </ul>
      </CutList>
    </>
  );
}
