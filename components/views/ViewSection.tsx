import type { JSX, ReactNode } from 'react';
import './view-section.css';

/** A view's frame: its own `<h2>`, which names the section for screen readers. */
export function ViewSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}): JSX.Element {
  return (
    <section className="view" aria-labelledby={`view-${id}-heading`} data-view={id}>
      <h2 id={`view-${id}-heading`} className="view__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a view says when it has nothing to list. */
export function EmptyState({ children }: { children: ReactNode }): JSX.Element {
  return <p className="view__empty">{children}</p>;
}

/** A sentence that qualifies what is listed (a limit, where the data came from). */
export function ViewNote({ children }: { children: ReactNode }): JSX.Element {
  return <p className="view__note">{children}</p>;
}
