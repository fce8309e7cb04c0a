import { Component, type ErrorInfo, type JSX, type ReactNode } from 'react';
import { browser } from '#imports';
import { CopyButton } from '@/components/views/CopyButton';
import { failureName, failureReport } from './failure-report';

interface Failure {
  error: unknown;
  componentStack: string | null;
}

/**
 * One view's failure stays in that view: the page around it (its header, its tabs, the other views) goes on
 * working. The face says what failed, offers to try again, and copies a failure report that names no value
 * (docs/privacy.md "What a failure report holds"). Give it a `key` per view, so another view starts afresh.
 */
export class ViewBoundary extends Component<
  {
    /** What failed, as the face names it: "The Variance tab". */
    where: string;
    children?: ReactNode;
  },
  { failure: Failure | null }
> {
  override state: { failure: Failure | null } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    return { failure: { error, componentStack: null } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failure: { error, componentStack: info.componentStack ?? null } });
  }

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    return <ViewFailed {...this.props} failure={failure} onRetry={() => this.setState({ failure: null })} />;
  }
}

function ViewFailed({
  where,
  failure,
  onRetry,
}: {
  where: string;
  failure: Failure;
  onRetry: () => void;
}): JSX.Element {
  return (
    <div className="banner banner--error view-failed" role="alert">
      <p>
        {where} could not be shown ({failureName(failure.error)}). The rest of Chat Lens works, and nothing
        kept was changed. If it fails again, a failure report helps us mend it: it names where the code
        failed, never a value of yours.
      </p>
      <p className="view-failed__actions">
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>{' '}
        <CopyButton
          text={() =>
            failureReport(where, failure.error, failure.componentStack, browser.runtime.getManifest().version)
          }
          label="Copy a failure report for a bug report"
        >
          Copy a failure report
        </CopyButton>
      </p>
    </div>
  );
}
