import { useCallback, useState } from 'react';
import type { TableSort } from '@/components/library/shared/table-sort';
import { type LibraryFilter, NO_FILTER } from '@/lens/library/grids';

/** What the user chose in one table. */
export interface TableChoice {
  filter: LibraryFilter;
  sort: TableSort | null;
}

/** A table's choice, and how it is changed: what every table tab is given. */
export interface TableChoiceProps {
  choice: TableChoice;
  onChoice: (choice: TableChoice) => void;
}

export const NO_CHOICE: TableChoice = { filter: NO_FILTER, sort: null };

/**
 * The choices made so far, by table: each table tab's by its id (TABLE_TABS), the trends' and variance's
 * model by the tab's id, the brands' prompts as `prompts`, the Fan-out tab's queries as `fanout`; a table
 * not chosen in yet has NO_CHOICE.
 */
export type TableChoices = Readonly<Record<string, TableChoice>>;

export const choiceOf = (choices: TableChoices, table: string): TableChoice => choices[table] ?? NO_CHOICE;

/**
 * Every table's choice, held by the page for as long as it is open: switching tabs, or new conversations
 * arriving, keeps each filter and order.
 */
export function useTableChoices(): [TableChoices, (table: string, choice: TableChoice) => void] {
  const [choices, setChoices] = useState<TableChoices>({});
  const choose = useCallback(
    (table: string, choice: TableChoice): void => setChoices((shown) => ({ ...shown, [table]: choice })),
    [],
  );
  return [choices, choose];
}
