import type { JSX } from 'react';
import { ModelChoice, type ModelChoiceProps } from './ModelChoice';
import './choice-row.css';

/**
 * An analysis's model choice, above its figures: every figure below it reads the chosen model's answers
 * alone (lens/library/model-scope.ts), so models that answer differently are compared one at a time.
 */
export function AnswersOfModel({ model, models, onChange }: ModelChoiceProps): JSX.Element {
  return (
    <fieldset className="choice-row choice-row--above">
      <legend className="visually-hidden">Answers read</legend>
      <ModelChoice model={model} models={models} onChange={onChange} />
      <p className="library-section__note">
        {model === null ? 'Every model’s answers are read.' : `Only ${model}’s answers are read.`}
      </p>
    </fieldset>
  );
}
