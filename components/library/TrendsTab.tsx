import type { JSX } from 'react';
import type { LibraryAccount, LibraryConversation } from '@/lib/library/library-record';
import { ReadingBrands } from './ReadingBrands';
import { TrendsReport } from './TrendsReport';
import { useBrands } from './use-brands';

/**
 * Trends: citation share, mention share and ads week by week (weeks start on Monday, in UTC), each a line
 * chart beside its table.
 */
export function TrendsTab({
  records,
  account,
}: {
  records: readonly LibraryConversation[];
  account: LibraryAccount | null;
}): JSX.Element {
  const [brands] = useBrands();
  if (brands === null) return <ReadingBrands />;
  return (
    <div className="trends-tab">
      <TrendsReport records={records} account={account} brands={brands} />
    </div>
  );
}
