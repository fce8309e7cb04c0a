import type { JSX } from 'react';
import { ReadingBrands } from '@/components/library/brands/ReadingBrands';
import { useBrands } from '@/components/library/brands/use-brands';
import type { TableChoiceProps } from '@/components/library/tables/table-choices';
import type { LibraryGrids } from '@/lens/library/grids';
import type { LibraryConversation } from '@/lens/library/library-record';
import { FanoutReport } from './FanoutReport';

/**
 * Fan-out: the web searches the answers ran, by query and by prompt (export-format "The fanout table"),
 * filtered as the table tabs are.
 */
export function FanoutTab({
  records,
  tables,
  choice,
  onChoice,
}: TableChoiceProps & {
  records: readonly LibraryConversation[];
  tables: Pick<LibraryGrids, 'models' | 'conversations'>;
}): JSX.Element {
  const [brands] = useBrands();
  if (brands === null) return <ReadingBrands />;
  return (
    <FanoutReport records={records} tables={tables} brands={brands} choice={choice} onChoice={onChoice} />
  );
}
