import { type JSX, useMemo } from 'react';

/** The choice that filters nothing. */
const ANY = '';

/**
 * Which model's answers are read: any, or one of those that answered in the library. The grids' filters
 * and the analyses' tabs show the same control, so a model is chosen the same way everywhere.
 */
export interface ModelChoiceProps {
  model: string | null;
  models: readonly string[];
  onChange: (model: string | null) => void;
}

export function ModelChoice({ model, models, onChange }: ModelChoiceProps): JSX.Element {
  // Made once per load of the records: a keystroke in another filter does not make them again.
  const options = useMemo(
    () =>
      models.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      )),
    [models],
  );
  return (
    <label>
      <span>Model</span>
      <select value={model ?? ANY} onChange={(event) => onChange(event.currentTarget.value || null)}>
        <option value={ANY}>Any model</option>
        {options}
      </select>
    </label>
  );
}
