import { type JSX, useMemo } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import type { TableChoiceProps } from '@/components/library/tables/table-choices';
import { BrandsPaidOrganic } from '@/features/ads/PaidNextToOrganic';
import { type BrandSettings, readBrandSettings } from '@/lib/library/brand-settings';
import { brandReport } from '@/lib/library/brands';
import type { LibraryConversation } from '@/lib/library/library-record';
import { saveBrands } from '@/lib/runtime/contract/library-items';
import { BrandEditor } from './BrandEditor';
import { BrandReportView } from './BrandReportView';
import { ReadingBrands } from './ReadingBrands';
import { useBrands } from './use-brands';

/** The report of the brands, once they name anything. */
function BrandsReport({
  records,
  brands,
  choice,
  onChoice,
}: TableChoiceProps & {
  records: readonly LibraryConversation[];
  brands: BrandSettings;
}): JSX.Element {
  const report = useMemo(() => brandReport(records, brands), [records, brands]);
  if (!report.configured)
    return (
      <p className="library-section__empty">
        Name your brand and your competitors above, with their domains, to see who the answers cite and name.
      </p>
    );
  return <BrandReportView report={report} ownName={brands.own.name} choice={choice} onChoice={onChoice} />;
}

/**
 * Brands: the user's brand and competitors, then how the kept answers treat them. `choice`: the order of
 * the presence table.
 */
export function BrandsTab({
  records,
  choice,
  onChoice,
}: TableChoiceProps & { records: readonly LibraryConversation[] }): JSX.Element {
  const [brands, setBrands] = useBrands();
  const save = async (next: BrandSettings): Promise<void> => {
    await saveBrands(next);
    setBrands(readBrandSettings(next));
  };
  if (brands === null) return <ReadingBrands />;
  return (
    <div className="brands-tab">
      <LibrarySection
        title="Your brand and competitors"
        note="Pages on a brand's domains (and their subdomains) count as citing it; its words, as whole words in an answer, as naming it."
      >
        <BrandEditor brands={brands} onSave={save} />
      </LibrarySection>
      <BrandsReport records={records} brands={brands} choice={choice} onChoice={onChoice} />
      <BrandsPaidOrganic records={records} brands={brands} />
    </div>
  );
}
