import { type JSX, useDeferredValue, useMemo } from 'react';
import { type Bar, BarChart } from '@/components/library/shared/BarChart';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { countText, ofText, shareIntervalText, shareText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { NO_VALUE, UrlCell } from '@/components/library/shared/TableCells';
import { weekRows } from '@/components/library/shared/week-rows';
import { type LibraryFilter, NO_FILTER } from '@/lib/library/library-filter';
import {
  type AdAnswer,
  adRates,
  contestedPrompts,
  creativesOf,
  type Movement,
  type Rate,
  shareOfVoice,
  weekOverWeek,
} from './ad-intelligence';
import { type AdGridRow, shownAdOfRow } from './ads-grid';
import { creativeCells } from './creatives-table';
import './ad-intelligence.css';

/** "30.0% (10.8–60.3%)"; a dash when there was nothing to count. */
const rateText = ({ share, interval }: Rate): string =>
  share === null || interval === null ? NO_VALUE : shareIntervalText(share, interval);

const RATE_COLUMNS = ['With an ad', 'n answers', 'Ad rate (95% interval)'];
const rateCells = (rate: Rate): string[] => [countText(rate.count), countText(rate.of), rateText(rate)];

const advertiserText = (advertiser: string | null): string => advertiser ?? 'No advertiser named';

/** A rate's bar, its interval drawn across its end; the table beside it says the same in words. */
const rateBar = (key: string, label: string, rate: Rate): Bar => ({
  key,
  label,
  value: rate.share ?? 0,
  valueText: rate.share === null ? NO_VALUE : shareText(rate.share),
  interval: rate.interval,
});

/** A day in UTC, as the weeks are. */
const utcDay = (ms: number | null): string =>
  ms === null ? NO_VALUE : new Date(ms).toISOString().slice(0, 10);

const MOVEMENT_TEXT: Record<Movement, string> = {
  new: '+ New: none the week before',
  gone: '− Gone: none this week',
  up: '▲ Up beyond its interval',
  down: '▼ Down beyond its interval',
};

/** The library page's grids the figures are read from (lens/library/grids.ts), by the page's filters. */
interface AdGrids {
  answers(filter: LibraryFilter): AdAnswer[];
  ads(filter: LibraryFilter): AdGridRow[];
}

/**
 * The Ads tab's figures (analysis "Ad intelligence"): the ad rate, the share of ad voice, the contested
 * prompts, the creatives and the weeks' movements, over the answers and ads the model, conversation and
 * date filters keep. The words filter narrows the grid above only: an ad rate of the answers whose ads
 * hold a word would count no answer without one.
 */
export function AdIntelligence({ tables, filter }: { tables: AdGrids; filter: LibraryFilter }): JSX.Element {
  const { from, to, model, conversationId } = useDeferredValue(filter);
  const { answers, ads } = useMemo(() => {
    const scoped = { ...NO_FILTER, from, to, model, conversationId };
    return { answers: tables.answers(scoped), ads: tables.ads(scoped).map(shownAdOfRow) };
  }, [tables, from, to, model, conversationId]);
  const rates = useMemo(() => adRates(answers, ads), [answers, ads]);
  const voices = useMemo(() => shareOfVoice(ads), [ads]);
  const contested = useMemo(() => contestedPrompts(answers, ads), [answers, ads]);
  const creatives = useMemo(() => creativesOf(ads).map(creativeCells), [ads]);
  const movements = useMemo(() => weekOverWeek(ads), [ads]);
  return (
    <div className="ad-intelligence">
      <LibrarySection
        title="Ad rate"
        note="Answers (turns with a prompt) served at least one ad, of all the answers the filters keep, by week (from Monday, UTC) and by model; an ad of the account's ad history is no answer's. A wide interval means too few answers for the rate to say much."
      >
        {rates.all.of === 0 ? (
          <p className="library-section__empty">
            No answer matches these filters: the ad rate needs answers, turns with a prompt.
          </p>
        ) : (
          <>
            <p className="ad-intelligence__total" data-testid="ad-rate">
              {ofText(rates.all.count, rates.all.of)} answers had an ad: {rateText(rates.all)}.
            </p>
            <h3>By week</h3>
            {rates.byWeek.length === 0 ? (
              <p className="library-section__empty">No answer is dated, so none falls in a week.</p>
            ) : (
              <SmallTable
                caption="Ad rate by week"
                columns={['Week', ...RATE_COLUMNS]}
                rows={weekRows(
                  rates.byWeek,
                  ({ rate }) => rate.of === 0,
                  ({ rate }) => rateCells(rate),
                  'No answer',
                )}
              />
            )}
            <h3>By model</h3>
            <div className="chart-and-table">
              <BarChart
                bars={rates.byModel.map(({ model, rate }) =>
                  rateBar(model === null ? 'none' : `named ${model}`, model ?? 'Model not recorded', rate),
                )}
              />
              <SmallTable
                caption="Ad rate by model"
                columns={['Model', ...RATE_COLUMNS]}
                rows={rates.byModel.map(({ model, rate }) => ({
                  key: model === null ? 'none' : `named ${model}`,
                  cells: [model ?? 'Model not recorded', ...rateCells(rate)],
                }))}
              />
            </div>
          </>
        )}
      </LibrarySection>
      <LibrarySection
        title="Share of ad voice"
        note="Each advertiser's ads, of all the ads the filters keep, dated ones of the account's ad history included. A wide interval means too few ads for the share to say much."
      >
        {voices.length === 0 ? (
          <p className="library-section__empty">No ad matches these filters, so no advertiser has a share.</p>
        ) : (
          <>
            <p className="ad-intelligence__total" data-testid="ad-voice-total">
              Of {countText(voices[0]?.share.of ?? 0)} ads in all.
            </p>
            <div className="chart-and-table">
              <BarChart
                bars={voices.map(({ advertiser, share }) =>
                  rateBar(
                    advertiser === null ? 'none' : `named ${advertiser}`,
                    advertiserText(advertiser),
                    share,
                  ),
                )}
              />
              <SmallTable
                caption="Share of ad voice by advertiser"
                columns={['Advertiser', 'Ads', 'Share of all ads (95% interval)']}
                rows={voices.map(({ advertiser, ads: count, share }) => ({
                  key: advertiser === null ? 'none' : `named ${advertiser}`,
                  cells: [advertiserText(advertiser), countText(count), rateText(share)],
                }))}
              />
            </div>
          </>
        )}
      </LibrarySection>
      <LibrarySection
        title="Contested prompts"
        note="Prompts whose versions (the same prompt in any turn or conversation, trimmed, spaces collapsed, case ignored) were shown ads of two or more advertisers, the most contested first."
      >
        {contested.length === 0 ? (
          <p className="library-section__empty">
            No prompt was shown ads of two advertisers: asking a prompt again, in another conversation, finds
            them.
          </p>
        ) : (
          <div className="ad-intelligence__wide">
            <SmallTable
              caption="Prompts shown ads of two or more advertisers"
              numeric={false}
              columns={['Prompt', 'Advertisers (ads)', 'Answers with an ad', 'n answers']}
              rows={contested.map(({ prompt, advertisers, answersWithAds, answers: count }) => ({
                key: prompt,
                cells: [
                  prompt,
                  advertisers
                    .map(({ advertiser, ads: shown }) => `${advertiser} (${countText(shown)})`)
                    .join(', '),
                  countText(answersWithAds),
                  countText(count),
                ],
              }))}
            />
          </div>
        )}
      </LibrarySection>
      <LibrarySection
        title="Creatives"
        note="Each distinct ad, by advertiser, title and link, and how often it was shown: the rows of the creatives table over the ads the filters keep. The library keeps no ad's body or image."
      >
        {creatives.length === 0 ? (
          <p className="library-section__empty">No ad matches these filters, so there is no creative.</p>
        ) : (
          <div className="ad-intelligence__wide">
            <SmallTable
              caption="Creatives, the most shown first"
              numeric={false}
              columns={['Advertiser', 'Title', 'Link', 'Models', 'Times shown', 'First seen', 'Last seen']}
              rows={creatives.map((row) => ({
                key: JSON.stringify([row.advertiser, row.title, row.link]),
                cells: [
                  advertiserText(row.advertiser),
                  row.title ?? NO_VALUE,
                  <UrlCell key="link" url={row.link} />,
                  row.models ?? NO_VALUE,
                  countText(row.times_shown ?? 0),
                  utcDay(row.first_seen),
                  utcDay(row.last_seen),
                ],
              }))}
            />
          </div>
        )}
      </LibrarySection>
      <LibrarySection
        title="Week over week"
        note="Advertisers that came, left, or whose share of the week's ads moved so far that the two weeks' 95% intervals do not overlap; a week is compared with the one before when both had ads. A share whose intervals overlap is left out: the ads are too few to tell it moved."
      >
        {movements.length === 0 ? (
          <p className="library-section__empty">
            No advertiser came, left or moved beyond its interval between two weeks that both had ads.
          </p>
        ) : (
          <div className="ad-intelligence__wide">
            <SmallTable
              caption="Advertisers that came, left or moved, by week"
              numeric={false}
              columns={['Advertiser', 'Week', 'Movement', 'Share the week before', 'Share this week']}
              rows={movements.map(({ advertiser, week, movement, before, after }) => ({
                key: `${week}/${advertiser ?? ''}`,
                cells: [
                  advertiserText(advertiser),
                  week,
                  MOVEMENT_TEXT[movement],
                  rateText(before),
                  rateText(after),
                ],
              }))}
            />
          </div>
        )}
      </LibrarySection>
    </div>
  );
}
