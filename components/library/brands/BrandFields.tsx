import { type JSX, type Ref, useId } from 'react';
import type { BrandDraft } from './brand-draft';

/** The three fields of one brand: its name, its domains, the words that name it in an answer. */
export function BrandFields({
  legend,
  draft,
  onChange,
  nameRef,
  children,
}: {
  legend: string;
  draft: BrandDraft;
  onChange: (draft: BrandDraft) => void;
  /** The name field, for the focus to land on a competitor just added. */
  nameRef?: Ref<HTMLInputElement>;
  children?: JSX.Element;
}): JSX.Element {
  const id = useId();
  const field = (
    member: 'name' | 'domains' | 'mentions',
    label: string,
    hint: string,
    ref?: Ref<HTMLInputElement>,
  ) => (
    <div className="brand-fields__field">
      <label htmlFor={`${id}-${member}`}>{label}</label>
      <input
        ref={ref}
        id={`${id}-${member}`}
        type="text"
        value={draft[member]}
        placeholder={hint}
        onChange={(event) => onChange({ ...draft, [member]: event.currentTarget.value })}
      />
    </div>
  );
  return (
    <fieldset className="brand-fields">
      <legend>{legend}</legend>
      {field('name', 'Name', 'Acme', nameRef)}
      {field('domains', 'Domains, separated by commas', 'acme.com, acme.co.uk')}
      {field('mentions', 'Words that name it, separated by commas', 'Acme, Acme Corp')}
      {children}
    </fieldset>
  );
}
