import type { JSX } from 'react';
import { ReadingBrands } from '@/components/library/brands/ReadingBrands';
import { useBrands } from '@/components/library/brands/use-brands';
import type { LibraryAccount, LibraryConversation } from '@/lib/library/library-record';
import { TrendsReport } from './TrendsReport';

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
