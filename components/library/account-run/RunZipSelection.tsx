import { type JSX, useEffect, useId, useState } from 'react';
import { openAccountRun } from '@/lens/library/account-run-store';
import type { ListedProject } from '@/lib/model/conversation-list';
import type { RunSelection } from './account-run-selection';

/** An empty field takes every conversation. */
const given = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/**
 * Which of the run's conversations its ZIP holds (export-format "ZIP of many conversations"): the days they
 * started, a project of the account, and a word of their title, a prompt or a kept answer.
 */
export function RunZipSelection({
  selection,
  onChange,
}: {
  selection: RunSelection;
  onChange: (selection: RunSelection) => void;
}): JSX.Element {
  const ids = { since: useId(), until: useId(), project: useId(), search: useId() };
  const [projects, setProjects] = useState<ListedProject[]>([]);
  useEffect(() => {
    let open = true;
    void openAccountRun().then(async (store) => {
      try {
        const run = await store.run();
        if (open) setProjects(run?.projects ?? []);
      } finally {
        store.close();
      }
    });
    return () => {
      open = false;
    };
  }, []);
  return (
    <fieldset className="account-run__selection">
      <legend>Which conversations the ZIP holds</legend>
      <label htmlFor={ids.since}>Started from</label>
      <input
        id={ids.since}
        type="date"
        value={selection.since ?? ''}
        onChange={(event) => onChange({ ...selection, since: given(event.currentTarget.value) })}
      />
      <label htmlFor={ids.until}>to</label>
      <input
        id={ids.until}
        type="date"
        value={selection.until ?? ''}
        onChange={(event) => onChange({ ...selection, until: given(event.currentTarget.value) })}
      />
      <label htmlFor={ids.project}>Project</label>
      <select
        id={ids.project}
        value={selection.project ?? ''}
        onChange={(event) => onChange({ ...selection, project: given(event.currentTarget.value) })}
      >
        <option value="">Any, or none</option>
        <option value="none">In no project</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name ?? project.id}
          </option>
        ))}
      </select>
      <label htmlFor={ids.search}>Holding the words</label>
      <input
        id={ids.search}
        type="search"
        value={selection.search ?? ''}
        onChange={(event) => onChange({ ...selection, search: given(event.currentTarget.value) })}
      />
    </fieldset>
  );
}
