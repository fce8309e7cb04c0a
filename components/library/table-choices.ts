import { useCallback, useState } from 'react';
import { type LibraryFilter, NO_FILTER } from '@/lib/library/page-tables';
import type { TableSort } from './table-sort';

/** The library page's tables that a user filters or sorts. */
export type TableId = 'queries' | 'pages' | 'ads' | 'offers' | 'prompts';

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

export type TableChoices = Record<TableId, TableChoice>;

const NO_CHOICES: TableChoices = {
  queries: NO_CHOICE,
  pages: NO_CHOICE,
  ads: NO_CHOICE,
  offers: NO_CHOICE,
  prompts: NO_CHOICE,
};

/**
 * Every table's choice, held by the page for as long as it is open: switching tabs, or new conversations
 * arriving, keeps each filter and order.
 */
export function useTableChoices(): [TableChoices, (table: TableId, choice: TableChoice) => void] {
  const [choices, setChoices] = useState<TableChoices>(NO_CHOICES);
  const choose = useCallback(
    (table: TableId, choice: TableChoice): void => setChoices((shown) => ({ ...shown, [table]: choice })),
    [],
  );
  return [choices, choose];
}
