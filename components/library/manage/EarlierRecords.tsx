import { type JSX, useState } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import type { LibraryData } from '@/components/library/shared/library-data';
import { countOf } from '@/components/library/shared/number-text';
import { LIBRARY_READER } from '@/lens/library/library-record';
import type { UnreadableRecord } from '@/lens/library/library-schema';
import type { LibrarySummary } from '@/lens/library/library-summary';

/** How many titles the list of conversations to read again shows before it counts the rest. */
const LISTED = 50;

/**
 * What an earlier version kept (architecture "Records kept by an earlier version"): the conversations its
 * reader kept, which lack what this one reads, with the ways to read them again, and the records an update
 * could not read, set aside whole, with a way to delete them. Shows nothing when there is neither.
 */
export function EarlierRecords({
  data,
  summaries,
  unreadable,
}: {
  data: LibraryData;
  summaries: readonly LibrarySummary[];
  unreadable: readonly UnreadableRecord[];
}): JSX.Element | null {
  const earlier = summaries.filter((summary) => summary.reader < LIBRARY_READER);
  if (earlier.length === 0 && unreadable.length === 0) return null;
  return (
    <LibrarySection title="Kept by an earlier version">
      {earlier.length > 0 && <KeptByEarlierReader earlier={earlier} />}
      {unreadable.length > 0 && <SetAside data={data} unreadable={unreadable} />}
    </LibrarySection>
  );
}

function KeptByEarlierReader({ earlier }: { earlier: readonly LibrarySummary[] }): JSX.Element {
  const shown = earlier.slice(0, LISTED);
  return (
    <>
      <p data-testid="kept-by-earlier-version">
        <strong>
          Kept by an earlier version: {countOf(earlier.length, 'conversation', 'conversations')}.
        </strong>{' '}
        They were read before Chat Lens read all it reads now (the versions of a prompt, the offers an answer
        carries, the pages it opened), and the library keeps what was read, not the conversation itself, so
        they are read again from the site or a file: open one on chatgpt.com, import ChatGPT's data export
        again, or add the whole account, which fetches them again.
      </p>
      <details>
        <summary>Which conversations</summary>
        <ul>
          {shown.map((summary) => (
            <li key={summary.id}>{summary.title ?? 'Untitled'}</li>
          ))}
          {earlier.length > shown.length && <li>and {earlier.length - shown.length} more</li>}
        </ul>
      </details>
    </>
  );
}

function SetAside({
  data,
  unreadable,
}: {
  data: LibraryData;
  unreadable: readonly UnreadableRecord[];
}): JSX.Element {
  const [said, setSaid] = useState('');
  const remove = (): void => {
    data
      .change((store) => store.deleteUnreadable())
      .then(
        () => setSaid('Deleted.'),
        (error: unknown) => setSaid(`They could not be deleted: ${String(error)}`),
      );
  };
  const keys = unreadable.map((record) => (record.store === 'account' ? 'the account record' : record.key));
  return (
    <div data-testid="set-aside-records">
      <p>
        <strong>Set aside: {countOf(unreadable.length, 'record', 'records')} no reader could take</strong>{' '}
        after an update, kept as they were and left out of every figure and table ({keys.join(', ')}).
      </p>
      <button type="button" className="button" onClick={remove}>
        Delete the records set aside
      </button>
      <p className="manage__said" role="status">
        {said}
      </p>
    </div>
  );
}
