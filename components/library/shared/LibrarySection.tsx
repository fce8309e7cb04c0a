import { type JSX, type ReactNode, useId } from 'react';

/** A part of a tab, named by its own heading, with an optional sentence on what it counts. */
export function LibrarySection({
  title,
  note,
  children,
}: {
  title: string;
  note?: ReactNode;
  children: ReactNode;
}): JSX.Element {
  const headingId = useId();
  return (
    <section className="library-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {note !== undefined && <p className="library-section__note">{note}</p>}
      {children}
    </section>
  );
}
