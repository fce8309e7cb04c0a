import type { JSX } from 'react';
import { ReadingBrands } from '@/components/library/brands/ReadingBrands';
import { useBrands } from '@/components/library/brands/use-brands';
import type { LibraryConversation } from '@/lib/library/library-record';
import { VarianceReport } from './VarianceReport';

/**
 * Variance: how much the answers to the same prompt move between its versions
 * (architecture "Versions of a prompt").
 */
export function VarianceTab({ records }: { records: readonly LibraryConversation[] }): JSX.Element {
  const [brands] = useBrands();
  if (brands === null) return <ReadingBrands />;
  return <VarianceReport records={records} brands={brands} />;
}
