import { type FormEvent, type JSX, useEffect, useRef, useState } from 'react';
import { type BrandSettings, MAX_COMPETITORS } from '@/lib/library/brand-settings';
import { BrandFields } from './BrandFields';
import { type BrandDraft, brandsDraftOf, brandsOfDraft, emptyDraft } from './brand-draft';
import './brand-editor.css';

const competitorName = (draft: BrandDraft, place: number): string =>
  draft.name.trim() || `Competitor ${place + 1}`;

/**
 * The user's brand and their competitors (up to MAX_COMPETITORS), saved together by one button. A
 * competitor added takes the focus on its name; one removed gives it to the add button.
 */
export function BrandEditor({
  brands,
  onSave,
}: {
  brands: BrandSettings;
  onSave: (brands: BrandSettings) => Promise<void>;
}): JSX.Element {
  const [draft, setDraft] = useState(() => brandsDraftOf(brands));
  const [said, setSaid] = useState('');
  const nextKey = useRef(brands.competitors.length + 1);
  const focusKey = useRef<number | 'add' | null>(null);
  const added = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // After the render that added or removed a competitor (focusKey says which), never on typing.
  useEffect(() => {
    if (focusKey.current === 'add') addButton.current?.focus();
    else if (focusKey.current !== null) added.current?.focus();
    focusKey.current = null;
  });

  const full = draft.competitors.length >= MAX_COMPETITORS;
  const setCompetitor = (next: BrandDraft): void =>
    setDraft({
      ...draft,
      competitors: draft.competitors.map((item) => (item.key === next.key ? next : item)),
    });
  const add = (): void => {
    const key = nextKey.current;
    nextKey.current += 1;
    focusKey.current = key;
    setDraft({ ...draft, competitors: [...draft.competitors, emptyDraft(key)] });
  };
  const remove = (key: number): void => {
    focusKey.current = 'add';
    setDraft({ ...draft, competitors: draft.competitors.filter((item) => item.key !== key) });
  };
  const save = (event: FormEvent): void => {
    event.preventDefault();
    setSaid('Saving…');
    onSave(brandsOfDraft(draft)).then(
      () => setSaid('Saved.'),
      (error: unknown) => setSaid(`The brands could not be saved: ${String(error)}`),
    );
  };
  const lastKey = draft.competitors.at(-1)?.key;
  return (
    <form className="brand-editor" onSubmit={save} aria-label="Brands">
      <BrandFields legend="Your brand" draft={draft.own} onChange={(own) => setDraft({ ...draft, own })} />
      {draft.competitors.map((competitor, place) => (
        <BrandFields
          key={competitor.key}
          legend={competitorName(competitor, place)}
          draft={competitor}
          onChange={setCompetitor}
          nameRef={competitor.key === lastKey ? added : undefined}
        >
          <button type="button" className="button" onClick={() => remove(competitor.key)}>
            Remove<span className="visually-hidden"> {competitorName(competitor, place)}</span>
          </button>
        </BrandFields>
      ))}
      <div className="brand-editor__actions">
        <button ref={addButton} type="button" className="button" disabled={full} onClick={add}>
          Add a competitor
        </button>
        {full && <span className="brand-editor__note">At most {MAX_COMPETITORS} competitors.</span>}
        <button type="submit" className="button button--primary">
          Save brands
        </button>
        <output className="brand-editor__said" aria-live="polite">
          {said}
        </output>
      </div>
    </form>
  );
}
