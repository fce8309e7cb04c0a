import { storage } from '#imports';
import { type AccountRunStatus, NO_ACCOUNT_RUN } from './account-run';

/** `local:accountRun`: local, as a run outlives the browser session; erased with the library. */
export const accountRunStatusItem = storage.defineItem<AccountRunStatus>('local:accountRun', {
  fallback: NO_ACCOUNT_RUN,
  version: 1,
});
