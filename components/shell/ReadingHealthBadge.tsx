import { type JSX, useId } from 'react';
import { CopyButton } from '@/components/views/CopyButton';
import { shapeReport, shapesNotReadText } from '@/features/details/unread';
import type { Unread } from '@/lib/model/unread';

const HINT =
  'Chat Lens met shapes it could not read: the site may have changed. What it could read is shown; the Details view lists the rest.';

/**
 * A quiet sign in the header that something was not read (export-format "`unread`"), never an alarm: what
 * was read is shown as usual. Its button copies a shape report for a bug report, which names shapes and key
 * paths and never a value (docs/privacy.md "What a shape report holds").
 */
export function ReadingHealthBadge({
  unread,
  version,
}: {
  unread: readonly Unread[];
  /** The version of Chat Lens the report names. */
  version: string;
}): JSX.Element | null {
  const hintId = useId();
  if (unread.length === 0) return null;
  return (
    <span className="header__health" data-testid="reading-health">
      <span className="badge badge--unread" title={HINT} aria-describedby={hintId}>
        {shapesNotReadText(unread.length)}
      </span>
      <span id={hintId} hidden>
        {HINT}
      </span>
      <CopyButton text={shapeReport(unread, version)} label="Copy a shape report for a bug report">
        Copy a shape report
      </CopyButton>
    </span>
  );
}
