import { type JSX, useMemo, useState } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { countOf } from '@/components/library/shared/number-text';
import type { TableSort } from '@/components/library/shared/table-sort';
import { VirtualTable } from '@/components/library/shared/VirtualTable';
import { shownRows } from '@/components/library/tables/TableTab';
import { promptVariances } from '@/features/queries/prompt-variance';
import type { LibraryConversation } from '@/lens/library/library-record';
import { type BrandSettings, namesAnyBrand } from '@/lib/library/brand-settings';
import { VARIANCE_COLUMNS, varianceRows } from './variance-columns';

const HOW_TO_MEASURE =
  'To measure it, ask the same prompt again in a new chat, or regenerate an answer: each answer is a version of the prompt.';

/** What the versions were read from, in one sentence. */
function versionsNote(prompts: number, versions: number, branchVersions: number): string {
  const read = `${countOf(prompts, 'prompt was', 'prompts were')} asked two or more times, with ${countOf(versions, 'version', 'versions')} in all`;
  if (branchVersions === 0) return `${read}.`;
  return `${read}; ${countOf(branchVersions, 'is a regenerated answer or an edited prompt', 'are regenerated answers or edited prompts')}.`;
}

/** The versions of the library's prompts for the brands the user set, the most moving first. */
export function VarianceReport({
  records,
  brands,
}: {
  records: readonly LibraryConversation[];
  brands: BrandSettings;
}): JSX.Element {
  const [sort, setSort] = useState<TableSort | null>(null);
  const rows = useMemo(() => varianceRows(promptVariances(records, brands)), [records, brands]);
  const shown = useMemo(() => shownRows(rows, VARIANCE_COLUMNS, sort), [rows, sort]);
  const versions = rows.reduce((sum, row) => sum + row.versions, 0);
  const branchVersions = rows.reduce((sum, row) => sum + row.branchVersions, 0);
  return (
    <LibrarySection
      title="How much the answers move"
      note={
        <>
          Each share is the mean, over pairs of versions, of what two answers have in common (queries, cited
          domains{namesAnyBrand(brands) ? ', brands' : ''}): 100% when every version gave the same, 0% when no
          two shared anything. Pairs where neither side has any are left out. “Stable” lists what at least
          half of the versions share. {HOW_TO_MEASURE}
        </>
      }
    >
      {rows.length === 0 ? (
        <p className="library-section__empty">
          No prompt in the library has two versions yet. {HOW_TO_MEASURE}
        </p>
      ) : (
        <>
          <p className="library-section__note">{versionsNote(rows.length, versions, branchVersions)}</p>
          <VirtualTable
            label="Prompts by how much their answers move"
            columns={VARIANCE_COLUMNS}
            rows={shown}
            sort={sort}
            onSort={setSort}
            minWidth="80rem"
          />
        </>
      )}
    </LibrarySection>
  );
}
