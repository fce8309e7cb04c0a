import type { JSX } from 'react';
import { countOf } from '@/lib/model/count-text';
import type { SnapshotVersions } from './prompt-variance';

/** What the view reads of the snapshot. */
type Snapshot = SnapshotVersions;

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** A share of what two versions have in common, or why there is none. */
const sameText = (share: number | null, what: string): string =>
  share === null ? `no ${what} to compare` : `${PERCENT.format(share)} same ${what}`;

/**
 * The prompts of this conversation that were answered again (a regenerated answer, an edited prompt), and
 * how much their versions share (architecture "Versions of a prompt"). A snapshot written before versions
 * were read has none.
 */
export function PromptVersions({ snapshot }: { snapshot: Snapshot }): JSX.Element | null {
  const prompts = snapshot.promptVersions ?? [];
  if (prompts.length === 0) return null;
  return (
    <section className="prompt-versions" aria-labelledby="prompt-versions-heading">
      <h3 id="prompt-versions-heading" className="prompt-versions__heading">
        Answered again in this conversation
      </h3>
      <ul className="prompt-versions__list">
        {prompts.map((prompt) => (
          <li key={prompt.prompt} className="prompt-versions__item">
            <span className="prompt-versions__prompt">{prompt.prompt}</span>
            <span className="prompt-versions__figures">
              {countOf(prompt.versions, 'version', 'versions')}:{' '}
              {prompt.searchedShare === null
                ? 'searching unknown'
                : `${PERCENT.format(prompt.searchedShare)} searched`}
              , {sameText(prompt.queryOverlap, 'queries')}, {sameText(prompt.domainOverlap, 'cited domains')}
              {prompt.stableQueries.length > 0 &&
                `; every other one ran “${prompt.stableQueries.join('”, “')}”`}
            </span>
          </li>
        ))}
      </ul>
      <p className="prompt-versions__note">
        Versions the site no longer shows lack the search tool's messages, so some queries may be missing. Ask
        again in a new chat to compare full answers; the library's Variance tab compares them all.
      </p>
    </section>
  );
}
