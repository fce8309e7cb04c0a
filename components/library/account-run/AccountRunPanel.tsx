import { type JSX, useEffect, useId, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { countText } from '@/components/library/shared/number-text';
import { useNow } from '@/components/use-now';
import { openAccountRun } from '@/lens/library/account-run-store';
import type { AccountRunItem } from '@/lib/library/account-run-item';
import { downloadAccountRunZip } from './account-run-download';
import { ZIP_CHOICES, zipFormatOf } from './account-run-formats';
import type { RunSelection } from './account-run-selection';
import { accountRunEndText, accountRunProgressText, rateLimitText } from './account-run-text';
import { accountRunZipSummary } from './account-run-zip';
import { RunZipSelection } from './RunZipSelection';
import { useAccountRun } from './use-account-run';
import './account-run.css';

type Saving =
  | { kind: 'idle' }
  | { kind: 'writing'; written: number; total: number }
  | { kind: 'said'; text: string; failed: boolean };

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The conversations a run could not fetch, read from the run's database when the list is opened. */
function FailedList({ count }: { count: number }): JSX.Element {
  const [failed, setFailed] = useState<AccountRunItem[] | null>(null);
  const load = (): void => {
    void openAccountRun().then(async (store) => {
      try {
        setFailed((await store.items()).filter((item) => item.state === 'failed'));
      } finally {
        store.close();
      }
    });
  };
  return (
    <details className="account-run__failed" onToggle={(event) => event.currentTarget.open && load()}>
      <summary>The {countText(count)} that failed, and why</summary>
      {failed === null ? (
        <p>Reading…</p>
      ) : (
        <ul>
          {failed.map((item) => (
            <li key={item.id}>
              <strong>{item.title ?? 'Untitled'}</strong> <code>{item.id}</code>: {item.error}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/**
 * "Add the whole account" (architecture "Adding the whole account"): starts the worker's run, shows where it
 * is (done, left, failed, a 429's wait and the time to go), pauses, resumes and cancels it, and saves the
 * ZIP of what it kept. The page refreshes its tables as conversations arrive.
 */
export function AccountRunPanel({ data }: { data: LibraryData }): JSX.Element {
  const { status, refused, act } = useAccountRun();
  const now = useNow(1_000);
  const zipId = useId();
  const [zipChoice, setZipChoice] = useState<string>('md');
  const [saving, setSaving] = useState<Saving>({ kind: 'idle' });
  const [selection, setSelection] = useState<RunSelection>({});
  const running = status.status === 'running';
  const paused = status.status === 'paused';
  const ran = status.status !== 'none';

  // Conversations arrive in the library as the run goes: the page reads it again now and then, and at the end.
  const arrived = Math.floor(status.done / 25);
  const state = status.status;
  useEffect(() => {
    if (arrived > 0 || state !== 'none') void data.refresh();
  }, [arrived, state, data]);

  const saveZip = async (): Promise<void> => {
    setSaving({ kind: 'writing', written: 0, total: status.done });
    const store = await openAccountRun();
    try {
      const counts = await downloadAccountRunZip(store, data, selection, (written, total) =>
        setSaving({ kind: 'writing', written, total }),
      );
      setSaving({ kind: 'said', text: `Saved: ${accountRunZipSummary(counts)}`, failed: false });
    } catch (error) {
      setSaving({ kind: 'said', text: `The ZIP could not be written: ${reasonOf(error)}`, failed: true });
    } finally {
      store.close();
    }
  };

  const start = (): void => void act('start', zipFormatOf(zipChoice));
  const rateLimited = status.rateLimitedUntil !== null && status.rateLimitedUntil > now;
  return (
    <div className="account-run" data-testid="account-run">
      {(running || paused) && (
        <div className="account-run__progress">
          <progress
            aria-label="Adding the whole account"
            value={status.phase === 'listing' ? undefined : status.done + status.failed}
            max={Math.max(status.listed, 1)}
          />
          <p role="status">{accountRunProgressText(status)}</p>
          {rateLimited && status.rateLimitedUntil !== null && (
            <p className="account-run__wait">{rateLimitText(status.rateLimitedUntil, now)}</p>
          )}
          <p className="account-run__buttons">
            {running ? (
              <button type="button" className="button" onClick={() => void act('pause')}>
                Pause
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={() => void act('resume')}>
                Resume
              </button>
            )}
            <button type="button" className="button" onClick={() => void act('cancel')}>
              Cancel
            </button>
          </p>
        </div>
      )}
      {ran && !running && (
        <p
          className={`manage__said${status.status === 'stopped' ? ' manage__said--failed' : ''}`}
          role="status"
        >
          {accountRunEndText(status)}
        </p>
      )}
      {status.listingNote !== null && (
        <p className="manage__said manage__said--failed">{status.listingNote}</p>
      )}
      {refused !== null && (
        <p className="manage__said manage__said--failed" role="alert">
          {refused}
        </p>
      )}
      {!running && status.failed > 0 && (
        <>
          <FailedList count={status.failed} />
          <p>
            <button type="button" className="button" onClick={() => void act('retryFailed')}>
              Retry the {countText(status.failed)} failed
            </button>
          </p>
        </>
      )}
      {!running && status.zipFormat !== null && status.done > 0 && (
        <RunZipSelection selection={selection} onChange={setSelection} />
      )}
      {!running && status.zipFormat !== null && status.done > 0 && (
        <p className="account-run__zip">
          <button
            type="button"
            className="button"
            disabled={saving.kind === 'writing'}
            onClick={() => void saveZip()}
          >
            Save the ZIP of {countText(status.done)} conversations
          </button>{' '}
          <span
            className={`manage__said${saving.kind === 'said' && saving.failed ? ' manage__said--failed' : ''}`}
            role="status"
          >
            {saving.kind === 'writing'
              ? `Writing the ZIP: ${countText(saving.written)} of ${countText(saving.total)}…`
              : saving.kind === 'said'
                ? saving.text
                : ''}
          </span>
        </p>
      )}
      {!running && !paused && (
        <p className="account-run__start">
          <label htmlFor={zipId}>Also keep, for one ZIP:</label>{' '}
          <select id={zipId} value={zipChoice} onChange={(event) => setZipChoice(event.currentTarget.value)}>
            {ZIP_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>{' '}
          <button type="button" className="button button--primary" onClick={start}>
            {ran ? 'Fetch what is new or changed' : 'Add the whole account'}
          </button>
        </p>
      )}
    </div>
  );
}
