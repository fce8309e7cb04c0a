import { type JSX, useDeferredValue, useMemo, useState } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { ofText } from '@/components/library/shared/number-text';
import type { TableSort } from '@/components/library/shared/table-sort';
import { VirtualTable } from '@/components/library/shared/VirtualTable';
import { TableFilters } from '@/components/library/tables/TableFilters';
import { shownRows } from '@/components/library/tables/TableTab';
import type { TableChoiceProps } from '@/components/library/tables/table-choices';
import { answersIn, promptFanouts, QueryFanouts } from '@/features/queries/fanout';
import type { LibraryFilter, LibraryGrids } from '@/lens/library/grids';
import type { LibraryConversation } from '@/lens/library/library-record';
import { type BrandSettings, namesAnyBrand } from '@/lib/library/brand-settings';
import { SearchableRows, searchTextOf } from '@/lib/library/searchable-rows';
import {
  PROMPT_FANOUT_COLUMNS,
  promptFanoutRows,
  QUERY_FANOUT_COLUMNS,
  queryFanoutRows,
} from './fanout-columns';

const NO_SEARCH = 'No search ran in the kept conversations: no answer kept ran a web search query.';

/** The rows whose text holds the filter's words, in any case, as the table tabs match them. */
const matching = <Row,>(rows: Row[], text: (row: Row) => string, words: string): Row[] =>
  new SearchableRows(
    rows,
    rows.map((row) => searchTextOf([text(row)])),
  ).matching(words.trim());

/**
 * The fan-out of the library's answers (architecture "Versions of a prompt"): its queries, then its prompts,
 * over the answers the page's filters keep.
 */
export function FanoutReport({
  records,
  tables,
  brands,
  choice,
  onChoice,
}: TableChoiceProps & {
  records: readonly LibraryConversation[];
  tables: Pick<LibraryGrids, 'models' | 'conversations'>;
  brands: BrandSettings;
}): JSX.Element {
  const filter = useDeferredValue(choice.filter);
  const { from, to, model, conversationId } = filter;
  const [promptSort, setPromptSort] = useState<TableSort | null>(null);
  const scoped = useMemo(() => {
    const scope: LibraryFilter = { text: '', from, to, model, conversationId };
    const fanouts = new QueryFanouts(answersIn(scope));
    for (const record of records) fanouts.add(record);
    return {
      queries: queryFanoutRows(fanouts.queries()),
      prompts: promptFanoutRows(
        promptFanouts(records, brands, answersIn(scope)).filter((prompt) => prompt.searches > 0),
      ),
    };
  }, [records, brands, from, to, model, conversationId]);
  const queries = useMemo(
    () => matching(scoped.queries, (row) => row.query, filter.text),
    [scoped.queries, filter.text],
  );
  const prompts = useMemo(
    () => matching(scoped.prompts, (row) => row.prompt, filter.text),
    [scoped.prompts, filter.text],
  );
  const shownQueries = useMemo(
    () => shownRows(queries, QUERY_FANOUT_COLUMNS, choice.sort),
    [queries, choice.sort],
  );
  const shownPrompts = useMemo(
    () => shownRows(prompts, PROMPT_FANOUT_COLUMNS, promptSort),
    [prompts, promptSort],
  );
  // Every query of the library, whatever the filters: what the count is out of, as in the table tabs.
  const total = useMemo(() => {
    const all = new QueryFanouts();
    for (const record of records) all.add(record);
    return all.queries().length;
  }, [records]);
  if (total === 0) return <p className="library-section__empty">{NO_SEARCH}</p>;
  return (
    <div className="table-tab fanout-tab">
      <TableFilters
        filter={choice.filter}
        onChange={(patch) => onChoice({ ...choice, filter: { ...choice.filter, ...patch } })}
        tables={tables}
        textHint="Words in a query or a prompt"
      />
      <LibrarySection
        title="Queries the answers ran"
        note="Each distinct search query (case and spacing ignored): how often the answers ran it, from how many prompts and conversations, in which models, and the pages those answers cite, the most cited first."
      >
        <p className="table-tab__count">
          <output aria-live="polite" data-testid="fanout-count">
            {ofText(shownQueries.length, total)} {total === 1 ? 'query' : 'queries'}
          </output>
        </p>
        {shownQueries.length === 0 ? (
          <p className="library-section__empty">
            {scoped.queries.length === 0
              ? 'No search ran in the answers these filters keep.'
              : 'No query matches these words.'}
          </p>
        ) : (
          <VirtualTable
            label="Search queries by how often they ran"
            columns={QUERY_FANOUT_COLUMNS}
            rows={shownQueries}
            sort={choice.sort}
            onSort={(sort) => onChoice({ ...choice, sort })}
            minWidth="74rem"
          />
        )}
      </LibrarySection>
      <LibrarySection
        title="How each prompt fans out"
        note="Each prompt that searched, over all its versions: the search queries per answer that searched (their mean, and the fewest to the most), the share of its queries that name a brand, and the words its queries add to the prompt or leave out."
      >
        {!namesAnyBrand(brands) && (
          <p className="library-section__note">
            No brand is set, so no query is counted as naming one: name your brands in the{' '}
            <a href="#brands">Brands</a> tab.
          </p>
        )}
        {shownPrompts.length === 0 ? (
          <p className="library-section__empty">
            {scoped.prompts.length === 0
              ? 'No prompt searched in the answers these filters keep.'
              : 'No prompt matches these words.'}
          </p>
        ) : (
          <VirtualTable
            label="Prompts by how many searches their answers ran"
            columns={PROMPT_FANOUT_COLUMNS}
            rows={shownPrompts}
            sort={promptSort}
            onSort={setPromptSort}
            minWidth="72rem"
          />
        )}
      </LibrarySection>
    </div>
  );
}
