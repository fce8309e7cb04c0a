import { type JSX, useId } from 'react';

/** The choice that filters nothing. */
const ANY = '';

/**
 * The Brands tab's model filter (lib/library/library-filter.ts): every figure of the tab counts the answers
 * of the model chosen, or of every model.
 */
export function BrandsModelFilter({
  models,
  model,
  onChange,
}: {
  models: readonly string[];
  model: string | null;
  onChange: (model: string | null) => void;
}): JSX.Element {
  const id = useId();
  return (
    <div className="brands-model">
      <label htmlFor={id}>Model</label>
      <select
        id={id}
        value={model ?? ANY}
        onChange={(event) => onChange(event.currentTarget.value === ANY ? null : event.currentTarget.value)}
      >
        <option value={ANY}>All models</option>
        {models.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
