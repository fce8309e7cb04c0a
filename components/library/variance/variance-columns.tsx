import { countText, shareText } from '@/components/library/shared/number-text';
import { DayCell, NO_VALUE, TextCell } from '@/components/library/shared/TableCells';
import type { GridColumn } from '@/components/library/shared/VirtualTable';
import { textColumn } from '@/components/library/tables/shared-columns';
import { overlapOf, type PromptVariance } from '@/features/queries/prompt-variance';

/** A prompt's figures as the Variance tab sorts them: its overlap of queries and domains together too. */
export type VarianceRow = PromptVariance & {
  /** The mean of its query and domain overlaps: low for answers that move. */
  overlap: number | null;
  /** Its stable queries and domains as one text each, so they sort and read as text. */
  stableQueryText: string | null;
  stableDomainText: string | null;
  /** The models that answered it, as one text. */
  modelText: string | null;
};

const listed = (items: readonly string[]): string | null => (items.length === 0 ? null : items.join(', '));

export const varianceRows = (variances: readonly PromptVariance[]): VarianceRow[] =>
  variances.map((variance) => ({
    ...variance,
    overlap: overlapOf(variance),
    stableQueryText: listed(variance.stableQueries),
    stableDomainText: listed(variance.stableDomains),
    modelText: listed(variance.models),
  }));

/** A share, or a dash where nothing could be compared. */
const shareCell = (share: number | null) => (share === null ? NO_VALUE : shareText(share));

const shareColumn = (
  id: string,
  label: string,
  sortBy: keyof VarianceRow & string,
  value: (row: VarianceRow) => number | null,
): GridColumn<VarianceRow> => ({
  id,
  label,
  width: '7.5rem',
  cell: (row) => shareCell(value(row)),
  sortBy,
  numeric: true,
});

/** The Variance tab's columns: each prompt, how many versions, and how much of them stays the same. */
export const VARIANCE_COLUMNS: readonly GridColumn<VarianceRow>[] = [
  textColumn<VarianceRow>('prompt', 'Prompt', 'minmax(14rem, 3fr)'),
  {
    id: 'versions',
    label: 'Versions',
    width: '6rem',
    cell: (row) => countText(row.versions),
    sortBy: 'versions',
    numeric: true,
  },
  shareColumn('overlap', 'Overlap', 'overlap', (row) => row.overlap),
  shareColumn('searched', 'Searched', 'searchedShare', (row) => row.searchedShare),
  shareColumn('queries', 'Same queries', 'queryOverlap', (row) => row.queryOverlap),
  shareColumn('domains', 'Same domains', 'domainOverlap', (row) => row.domainOverlap),
  shareColumn('brands', 'Same brands', 'brandOverlap', (row) => row.brandOverlap),
  {
    id: 'stable-queries',
    label: 'Stable queries',
    width: 'minmax(10rem, 2fr)',
    cell: (row) => <TextCell text={row.stableQueryText} />,
    sortBy: 'stableQueryText',
  },
  {
    id: 'stable-domains',
    label: 'Stable domains',
    width: 'minmax(9rem, 1.5fr)',
    cell: (row) => <TextCell text={row.stableDomainText} />,
    sortBy: 'stableDomainText',
  },
  {
    id: 'models',
    label: 'Models',
    width: 'minmax(7rem, 1fr)',
    cell: (row) => <TextCell text={row.modelText} />,
    sortBy: 'modelText',
  },
  {
    id: 'last-asked',
    label: 'Last asked',
    width: '6.5rem',
    cell: (row) => <DayCell at={row.lastAsked} />,
    sortBy: 'lastAsked',
    numeric: true,
  },
];
