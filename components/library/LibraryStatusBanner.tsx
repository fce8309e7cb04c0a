import type { JSX } from 'react';
import type { LibraryStatus } from '@/lens/runtime/contract/library-status';

/** What happened, when the worker sent no words of its own. */
const WHAT_HAPPENED: Record<Exclude<LibraryStatus['state'], 'ok'>, string> = {
  quota: 'The browser has no room left for the library: new conversations are not being kept.',
  failed: 'The library could not keep the last conversation.',
};

/**
 * The worker's last library write failed: what happened, and that nothing kept is lost. Nothing when all is
 * well.
 */
export function LibraryStatusBanner({ status }: { status: LibraryStatus }): JSX.Element | null {
  if (status.state === 'ok') return null;
  return (
    <div className="banner banner--error library-banner" role="alert" data-banner={`library-${status.state}`}>
      <p>
        <strong>{status.message ?? WHAT_HAPPENED[status.state]}</strong> What is already kept stays readable
        here.
        {status.state === 'quota' &&
          ' Deleting conversations you no longer need, or automatic deletion in the Manage tab, makes room.'}
      </p>
    </div>
  );
}
