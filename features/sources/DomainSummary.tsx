import type { JSX } from 'react';
import type { DomainTally } from './domain-summary';
import './domain-summary.css';

/** Pages with no web address: a cited file of the user's, or a link with no host. */
export const UNKNOWN_SITE = 'Files and other links';

/** Which sites the answers drew on: how often each was retrieved and cited, most cited first. */
export function DomainSummary({ tallies }: { tallies: readonly DomainTally[] }): JSX.Element {
  return (
    <section
      className="domain-summary"
      aria-labelledby="domain-summary-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled table takes focus so the keyboard can scroll it.
      tabIndex={0}
    >
      <table>
        <caption id="domain-summary-caption">Sites</caption>
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Cited</th>
            <th scope="col">Retrieved</th>
          </tr>
        </thead>
        <tbody>
          {tallies.map((tally) => (
            <tr key={tally.domain ?? ''}>
              <th scope="row">{tally.domain ?? UNKNOWN_SITE}</th>
              <td>{tally.cited}</td>
              <td>{tally.retrieved}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
