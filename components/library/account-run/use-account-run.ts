import { useCallback, useEffect, useState } from 'react';
import {
  type AccountRunAction,
  type AccountRunStatus,
  NO_ACCOUNT_RUN,
} from '@/lens/runtime/contract/account-run';
import { accountRunStatusItem } from '@/lens/runtime/contract/account-run-items';
import { followItem } from '@/lens/runtime/contract/follow-item';
import { sendMessage } from '@/lens/runtime/contract/protocol';
import type { AccountRunZipFormat } from './account-run-formats';

/**
 * A running run the worker has not written for this long may be in a stopped worker: the page wakes it
 * (architecture "Adding the whole account"). The worker writes at least every 5 s, also while it waits.
 */
const QUIET_MS = 6_000;
const LOOK_EVERY_MS = 2_000;

export interface AccountRunControl {
  status: AccountRunStatus;
  /** Why the last action was refused; null when it was not. */
  refused: string | null;
  act(action: AccountRunAction, zipFormat?: AccountRunZipFormat | null): Promise<void>;
}

/** The run's status as the worker writes it. */
export function useAccountRunStatus(): [AccountRunStatus, (status: AccountRunStatus) => void] {
  const [status, setStatus] = useState<AccountRunStatus>(NO_ACCOUNT_RUN);
  useEffect(() => followItem(accountRunStatusItem, setStatus, setStatus), []);
  return [status, setStatus];
}

/** The run's status as the worker writes it, and its actions, sent to the worker. */
export function useAccountRun(): AccountRunControl {
  const [status, setStatus] = useAccountRunStatus();
  const [refused, setRefused] = useState<string | null>(null);

  const act = useCallback(
    async (action: AccountRunAction, zipFormat?: AccountRunZipFormat | null) => {
      try {
        const answer = await sendMessage('accountRun', { action, zipFormat });
        setRefused(answer.ok ? null : answer.error.message);
        if (answer.ok) setStatus(answer.value);
      } catch (error) {
        setRefused(
          `The extension's worker did not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    [setStatus],
  );

  // A run the status calls running may be in a stopped worker; with none, the run's database is not opened.
  useEffect(() => {
    void accountRunStatusItem.getValue().then((latest) => {
      if (latest.status === 'running') void act('wake');
    });
  }, [act]);
  const running = status.status === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      void accountRunStatusItem.getValue().then((latest) => {
        if (latest.status === 'running' && Date.now() - latest.at > QUIET_MS) void act('wake');
      });
    }, LOOK_EVERY_MS);
    return () => clearInterval(timer);
  }, [running, act]);

  return { status, refused, act };
}
