import type { JSX } from 'react';
import { BarChart } from '@/components/library/shared/BarChart';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { countText, shareText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import type { DomainShare } from '@/lens/library/overview';
import { domainBars, domainLabel } from './overview-bars';

/** Which domains the answers cite, by their share of all cited pages: chart, and the table that says it. */
export function CitedDomains({ domains }: { domains: readonly DomainShare[] }): JSX.Element {
  return (
    <LibrarySection
      title="Cited domains"
      note="Each page an answer cites counts once for that answer. The top domains, then the rest together."
    >
      {domains.length === 0 ? (
        <p className="library-section__empty">No answer in the library cites a page yet.</p>
      ) : (
        <div className="chart-and-table">
          <BarChart bars={domainBars(domains)} />
          <SmallTable
            caption="Cited pages by domain"
            columns={['Domain', 'Cited pages', 'Share']}
            rows={domains.map(({ domain, count, share }) => ({
              key: domain,
              cells: [domainLabel(domain), countText(count), shareText(share)],
            }))}
          />
        </div>
      )}
    </LibrarySection>
  );
}
