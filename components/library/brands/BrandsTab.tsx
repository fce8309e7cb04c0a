import { type JSX, useMemo } from 'react';
import { AnswersOfModel } from '@/components/library/shared/AnswersOfModel';
import type { TableChoiceProps } from '@/components/library/tables/table-choices';
import { BrandsPaidOrganic } from '@/features/ads/PaidNextToOrganic';
import { brandReport } from '@/lens/library/brands';
import type { LibraryConversation } from '@/lens/library/library-record';
import { answeredBy, modelsAnswering } from '@/lens/library/model-scope';
import { saveBrands } from '@/lens/runtime/contract/library-items';
import { type BrandSettings, namesAnyBrand, readBrandSettings } from '@/lib/library/brand-settings';
import { BrandReportView } from './BrandReportView';
import { BrandSettingsDisclosure } from './BrandSettingsDisclosure';
import { ReadingBrands } from './ReadingBrands';
import { useBrands } from './use-brands';

/**
 * Brands: the model filter and the brands' settings, folded once set, then how the kept answers treat the
 * brands. `choice`: the model filter and the order of the presence table.
 */
export function BrandsTab({
  records,
  choice,
  onChoice,
}: TableChoiceProps & { records: readonly LibraryConversation[] }): JSX.Element {
  const [brands, setBrands] = useBrands();
  const { model } = choice.filter;
  const models = useMemo(() => modelsAnswering(records), [records]);
  const answered = useMemo(() => answeredBy(records, model), [records, model]);
  const report = useMemo(() => (brands === null ? null : brandReport(answered, brands)), [answered, brands]);
  const save = async (next: BrandSettings): Promise<void> => {
    await saveBrands(next);
    setBrands(readBrandSettings(next));
  };
  if (brands === null || report === null) return <ReadingBrands />;
  return (
    <div className="brands-tab">
      <div className="brands-tab__bar">
        {namesAnyBrand(brands) && (
          <AnswersOfModel
            models={models}
            model={model}
            onChange={(next) => onChoice({ ...choice, filter: { ...choice.filter, model: next } })}
          />
        )}
        <BrandSettingsDisclosure brands={brands} onSave={save} />
      </div>
      {report.configured ? (
        <>
          <BrandReportView report={report} ownName={brands.own.name} choice={choice} onChoice={onChoice} />
          <BrandsPaidOrganic records={answered} brands={brands} />
        </>
      ) : (
        <p className="library-section__empty">
          Name your brand and your competitors above, with their domains, to see who the answers cite and
          name.
        </p>
      )}
    </div>
  );
}
