import { NO_VALUE, TextCell } from '@/components/library/shared/TableCells';
import type { GridColumn } from '@/components/library/shared/VirtualTable';
import type { BrandPrompt } from '@/lens/library/brands';
import { conversationColumn, dayColumn, textColumn } from './shared-columns';

/** Presence said in words with its mark, so it reads the same without colour or sight. */
const cited = (yes: boolean): string => (yes ? '✓ Cited' : '✗ Not cited');

function mentioned(yes: boolean | null): string {
  if (yes === null) return 'Text not kept';
  return yes ? '✓ Mentioned' : '✗ Not mentioned';
}

const names = (list: readonly string[]): string | null => (list.length === 0 ? null : list.join(', '));

/** The per-prompt presence table's columns: for each prompt, whether its answer cited or named whom. */
export const PROMPT_COLUMNS: readonly GridColumn<BrandPrompt>[] = [
  textColumn<BrandPrompt>('prompt', 'Prompt', 'minmax(14rem, 3fr)'),
  {
    id: 'branded',
    label: 'Prompt names',
    width: '8rem',
    cell: (row) => (row.branded ? 'A brand' : 'No brand'),
    sortBy: 'branded',
  },
  {
    id: 'own-cited',
    label: 'You: cited',
    width: '8rem',
    cell: (row) => cited(row.ownCited),
    sortBy: 'ownCited',
    numeric: true,
  },
  {
    id: 'own-mentioned',
    label: 'You: mentioned',
    width: '10rem',
    cell: (row) => mentioned(row.ownMentioned),
    sortBy: 'ownMentioned',
    numeric: true,
  },
  {
    id: 'competitors-cited',
    label: 'Competitors cited',
    width: 'minmax(9rem, 1.5fr)',
    cell: (row) => <TextCell text={names(row.competitorsCited)} />,
  },
  {
    id: 'competitors-mentioned',
    label: 'Competitors mentioned',
    width: 'minmax(9rem, 1.5fr)',
    cell: (row) =>
      row.ownMentioned === null ? NO_VALUE : <TextCell text={names(row.competitorsMentioned)} />,
  },
  conversationColumn<BrandPrompt>(),
  dayColumn<BrandPrompt>(),
];
