import { type JSX, useMemo } from 'react';
import { ReadingBrands } from '@/components/library/brands/ReadingBrands';
import { useBrands } from '@/components/library/brands/use-brands';
import { AnswersOfModel } from '@/components/library/shared/AnswersOfModel';
import type { TableChoiceProps } from '@/components/library/tables/table-choices';
import type { LibraryConversation } from '@/lens/library/library-record';
import { answeredBy, modelsAnswering } from '@/lens/library/model-scope';
import { VarianceReport } from './VarianceReport';

/**
 * Variance: how much the answers to the same prompt move between its versions
 * (architecture "Versions of a prompt").
 */
export function VarianceTab({
  records,
  choice,
  onChoice,
}: TableChoiceProps & { records: readonly LibraryConversation[] }): JSX.Element {
  const [brands] = useBrands();
  const { model } = choice.filter;
  const models = useMemo(() => modelsAnswering(records), [records]);
  const answers = useMemo(() => answeredBy(records, model), [records, model]);
  if (brands === null) return <ReadingBrands />;
  return (
    <>
      <AnswersOfModel
        model={model}
        models={models}
        onChange={(chosen) => onChoice({ ...choice, filter: { ...choice.filter, model: chosen } })}
      />
      <VarianceReport records={answers} brands={brands} />
    </>
  );
}
