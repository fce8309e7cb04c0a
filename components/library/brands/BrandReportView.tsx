import { type JSX, useMemo } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { countOf, countText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { VirtualTable } from '@/components/library/shared/VirtualTable';
import { PROMPT_COLUMNS } from '@/components/library/tables/prompt-columns';
import { shownRows } from '@/components/library/tables/TableTab';
import type { TableChoiceProps } from '@/components/library/tables/table-choices';
import type { BrandReport, MentionShare } from '@/lens/library/brands';
import { brandRows, citationRows } from './brand-shares';
import { MeanPositionTable } from './MeanPositionTable';
import { ShareChart } from './ShareChart';
import { ShareTable } from './ShareTable';

/** Why some answers count no mentions: their text was not kept. */
function mentionNote({ answersRead, answersWithoutText }: MentionShare): string {
  const counted = `Whole words in the ${countOf(answersRead, 'answer', 'answers')} kept with their text.`;
  if (answersWithoutText === 0) return counted;
  return `${counted} ${countOf(answersWithoutText, 'answer was', 'answers were')} kept without it (“Keep answer text” was off), so their mentions are not counted.`;
}

/** How every share of the tab is given and split. */
const SHARES_NOTE =
  'Each share is out of its total, with its 95% interval (the line across each bar); branded prompts are those that name your brand or a competitor.';

/** Said where a figure reads the answers' text and none was kept. */
function NoAnswerText(): JSX.Element {
  return (
    <p className="library-section__empty">
      No answer was kept with its text: turn on “Keep answer text” in the Manage tab to count mentions and
      positions in the conversations kept from then on.
    </p>
  );
}

/** The library read for the user's brands (lens/library/brands.ts): shares, positions, presence, gaps. */
export function BrandReportView({
  report,
  ownName,
  choice,
  onChoice,
}: TableChoiceProps & { report: BrandReport; ownName: string }): JSX.Element {
  const { sort } = choice;
  const prompts = useMemo(() => shownRows(report.prompts, PROMPT_COLUMNS, sort), [report.prompts, sort]);
  const { shares } = report;
  const { citationShare, mentionShare, namedFirst } = shares.all;
  const noText = mentionShare.answersRead === 0;
  return (
    <>
      <LibrarySection
        title="Citation share"
        note={`Pages the answers cite, once per answer, by whose domain they are on: ${countOf(citationShare.total, 'cited page', 'cited pages')}. ${SHARES_NOTE}`}
      >
        <ShareChart rows={citationRows(shares, ownName)} caption="Cited pages by brand" />
      </LibrarySection>
      <LibrarySection title="Mention share" note={mentionNote(mentionShare)}>
        {noText ? (
          <NoAnswerText />
        ) : mentionShare.total === 0 ? (
          <p className="library-section__empty">
            No answer kept with its text names your brand or a competitor.
          </p>
        ) : (
          <ShareChart
            rows={brandRows(shares, (of) => of.mentionShare, ownName)}
            caption="Mentions by brand"
          />
        )}
      </LibrarySection>
      <LibrarySection
        title="Position in the answer"
        note={
          namedFirst.total === 0
            ? 'Where each brand is first named among the brands an answer names.'
            : `Where each brand is first named among the brands an answer names, over the ${countOf(namedFirst.total, 'answer kept with its text that names', 'answers kept with their text that name')} a brand.`
        }
      >
        {noText ? (
          <NoAnswerText />
        ) : namedFirst.total === 0 ? (
          <p className="library-section__empty">
            No answer kept with its text names your brand or a competitor.
          </p>
        ) : (
          <>
            <h3>Named first</h3>
            <p className="library-section__note">
              Of the answers naming any brand, those whose first brand named is each one.
            </p>
            <ShareChart
              rows={brandRows(shares, (of) => of.namedFirst, ownName)}
              caption="Answers naming each brand first"
            />
            <h3>Mean position</h3>
            <p className="library-section__note">
              Over the answers naming each brand, its mean position (1 is first) with its 95% interval, and
              how many answers that is.
            </p>
            <MeanPositionTable shares={shares} ownName={ownName} />
          </>
        )}
      </LibrarySection>
      <LibrarySection
        title="Prompts whose answer cited each brand"
        note={`Of ${countOf(shares.all.citedPresence.total, 'prompt', 'prompts')}, those whose answer cited a page on each brand's domains at least once.`}
      >
        <ShareTable
          rows={brandRows(shares, (of) => of.citedPresence, ownName)}
          caption="Prompts whose answer cited each brand"
        />
      </LibrarySection>
      <LibrarySection
        title="Prompts whose answer named each brand"
        note={`Of the ${countOf(shares.all.namedPresence.total, 'answer', 'answers')} kept with their text, those that name each brand at least once.`}
      >
        {noText ? (
          <NoAnswerText />
        ) : (
          <ShareTable
            rows={brandRows(shares, (of) => of.namedPresence, ownName)}
            caption="Prompts whose answer kept with its text named each brand"
          />
        )}
      </LibrarySection>
      <LibrarySection
        title="Brands by prompt"
        note={`${countOf(report.prompts.length, 'prompt', 'prompts')}: for each, whether it names a brand and whether its answer cited or named yours and which competitors it did.`}
      >
        {report.prompts.length === 0 ? (
          <p className="library-section__empty">No prompt in the library yet.</p>
        ) : (
          <VirtualTable
            label="Brands by prompt"
            columns={PROMPT_COLUMNS}
            rows={prompts}
            sort={sort}
            onSort={(next) => onChoice({ ...choice, sort: next })}
            minWidth="78rem"
          />
        )}
      </LibrarySection>
      <LibrarySection
        title="Domains that cite competitors but never you"
        note="Domains of pages cited in answers that cite or name a competitor, and never in an answer that cites or names your brand."
      >
        {report.gapDomains.length === 0 ? (
          <p className="library-section__empty">No such domain.</p>
        ) : (
          <SmallTable
            caption="Domains, the answers citing them and the competitors named"
            columns={['Domain', 'Answers', 'Competitors named']}
            rows={report.gapDomains.map(({ domain, answers, competitors }) => ({
              key: domain,
              cells: [domain, countText(answers), competitors.join(', ')],
            }))}
          />
        )}
      </LibrarySection>
    </>
  );
}
