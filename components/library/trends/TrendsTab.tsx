import { type JSX, useMemo } from 'react';
import { ReadingBrands } from '@/components/library/brands/ReadingBrands';
import { useBrands } from '@/components/library/brands/use-brands';
import { AnswersOfModel } from '@/components/library/shared/AnswersOfModel';
import type { TableChoiceProps } from '@/components/library/tables/table-choices';
import type { LibraryAccount, LibraryConversation } from '@/lens/library/library-record';
import { answeredBy, modelsAnswering } from '@/lens/library/model-scope';
import { TrendsReport } from './TrendsReport';

/**
 * Trends: citation share, mention share and ads week by week (weeks start on Monday, in UTC), each a line
 * chart beside its table.
 */
export function TrendsTab({
  records,
  account,
  choice,
  onChoice,
}: TableChoiceProps & {
  records: readonly LibraryConversation[];
  account: LibraryAccount | null;
}): JSX.Element {
  const [brands] = useBrands();
  const { model } = choice.filter;
  const models = useMemo(() => modelsAnswering(records), [records]);
  const answers = useMemo(() => answeredBy(records, model), [records, model]);
  if (brands === null) return <ReadingBrands />;
  return (
    <div className="trends-tab">
      <AnswersOfModel
        model={model}
        models={models}
        onChange={(chosen) => onChoice({ ...choice, filter: { ...choice.filter, model: chosen } })}
      />
      {/* The account's ads name no answer, so no model: they are read with every model's answers only. */}
      <TrendsReport records={answers} account={model === null ? account : null} brands={brands} />
    </div>
  );
}
