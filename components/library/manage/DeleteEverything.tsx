import { type JSX, useEffect, useRef, useState } from 'react';
import type { LibraryData } from '@/components/library/shared/library-data';
import { countOf } from '@/components/library/shared/number-text';
import { sendMessage } from '@/lens/runtime/contract/protocol';

type Step = 'asking' | 'confirming' | 'deleting' | { failed: string };

/**
 * Deletes every kept conversation, after a second, explicit step that names how many go. Once the database
 * is empty the page shows its empty state; a failure says so and keeps the page as it was.
 */
export function DeleteEverything({ data, count }: { data: LibraryData; count: number }): JSX.Element {
  const [step, setStep] = useState<Step>('asking');
  const cancel = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // The confirmation takes the focus on its safe choice; cancelling gives it back to where it began.
    if (step === 'confirming') cancel.current?.focus();
    else if (step === 'asking' && asked.current) start.current?.focus();
  }, [step]);
  const confirm = (): void => {
    setStep('deleting');
    data
      .change((store) => store.clear())
      // The run of "add the whole account" is the user's data too: its list and its files go with the rest.
      .then(() => sendMessage('accountRun', { action: 'cancel' }))
      .then(() => sendMessage('accountRun', { action: 'forget' }))
      .then(
        () => setStep('asking'),
        (error: unknown) => setStep({ failed: `The library could not be emptied: ${String(error)}` }),
      );
  };
  const what = countOf(count, 'conversation', 'conversations');
  if (step === 'confirming' || step === 'deleting')
    return (
      <fieldset className="delete-everything delete-everything--confirm">
        <legend>Delete all {what} from the library?</legend>
        <p>This cannot be undone: export the library first to keep a copy.</p>
        <div className="delete-everything__buttons">
          <button
            type="button"
            className="button button--danger"
            disabled={step === 'deleting'}
            onClick={confirm}
          >
            Delete all {what}
          </button>
          <button
            ref={cancel}
            type="button"
            className="button"
            disabled={step === 'deleting'}
            onClick={() => setStep('asking')}
          >
            Cancel
          </button>
        </div>
      </fieldset>
    );
  return (
    <div className="delete-everything">
      <button
        ref={start}
        type="button"
        className="button button--danger"
        onClick={() => {
          asked.current = true;
          setStep('confirming');
        }}
      >
        Delete everything…
      </button>
      {typeof step === 'object' && (
        <p className="manage__said manage__said--failed" role="alert">
          {step.failed}
        </p>
      )}
    </div>
  );
}
