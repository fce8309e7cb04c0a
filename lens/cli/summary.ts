import { ratingsText } from '@/features/details/markdown-details';
import { unreadEntryText } from '@/features/details/unread';
import type { QueryKind } from '@/features/queries/queries';
import type { Inspection } from '@/lens/insights/inspection';
import { countOf } from '@/lib/model/count-text';
import type { DataExportMembers } from '@/lib/model/data-export-members';
import type { ExportAd, ExportAds } from '@/lib/model/export-ads';

function adsLine(inspection: Inspection): string {
  const { ads } = inspection;
  if (ads === null) return 'not in the file';
  if (!ads.shownAny) return 'none shown';
  const advertisers = ads.advertisers.length > 0 ? ` (${ads.advertisers.join(', ')})` : '';
  // An ad an answer streamed was never in the ads response: the summary says so, as the views do.
  const streamed = ads.ads.filter((ad) => ad.streamed).length;
  const streamedText = streamed > 0 ? `; ${streamed} streamed with an answer` : '';
  return `${countOf(ads.adCount, 'ad')}${advertisers}${streamedText}`;
}

function queriesLine(inspection: Inspection): string {
  const counts = new Map<QueryKind, number>();
  for (const query of inspection.queries.queries) counts.set(query.kind, (counts.get(query.kind) ?? 0) + 1);
  const byKind = [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
  const total = inspection.queries.queries.length;
  const line = total === 0 ? 'none' : `${total} (${byKind})`;
  return inspection.queries.mayBeIncomplete
    ? `${line}; may be incomplete: only the tree format was read`
    : line;
}

const DOMAINS_NAMED = 4;

/** Distinct pages, how many were cited and retrieved, and the domains most pages came from. */
function sourcesLine(inspection: Inspection): string {
  const pages = new Map<string, { cited: boolean; retrieved: boolean; domain: string | null }>();
  for (const source of inspection.sources) {
    const page = pages.get(source.url) ?? { cited: false, retrieved: false, domain: source.domain };
    page.cited ||= source.cited;
    page.retrieved ||= source.retrieved;
    pages.set(source.url, page);
  }
  if (pages.size === 0) return 'none';
  const counts = [...pages.values()];
  const cited = counts.filter((page) => page.cited).length;
  const retrieved = counts.filter((page) => page.retrieved).length;
  const byDomain = new Map<string, number>();
  for (const { domain } of counts) if (domain !== null) byDomain.set(domain, (byDomain.get(domain) ?? 0) + 1);
  const domains = [...byDomain].sort(([, a], [, b]) => b - a).map(([domain]) => domain);
  const named = domains.slice(0, DOMAINS_NAMED).join(', ');
  const more = domains.length > DOMAINS_NAMED ? `, +${domains.length - DOMAINS_NAMED} more` : '';
  const domainText = domains.length === 0 ? '' : `; ${countOf(domains.length, 'domain')} (${named}${more})`;
  return `${countOf(pages.size, 'page')}: ${cited} cited, ${retrieved} retrieved${domainText}`;
}

/** The short human summary `npm run inspect -- <file>` prints for one conversation. */
export function summarize(inspection: Inspection): string {
  const { conversation } = inspection;
  const hidden = conversation.messages.filter((message) => message.hidden).length;
  const sources = (['messages', 'tree'] as const)
    .filter((format) => conversation.formatLoads[format].loaded)
    .map((format) => `${format}${conversation.formatLoads[format].complete ? '' : ' (incomplete)'}`);
  const rows: Array<[string, string]> = [
    ['Title', conversation.title ?? '(untitled)'],
    ['Id', conversation.id ?? '(none)'],
    ['Model', conversation.modelSlug ?? '(unknown)'],
    ['Messages', `${conversation.messages.length}${hidden > 0 ? ` (${hidden} hidden)` : ''}`],
    ['Turns', String(conversation.turns.length)],
    ['Queries', queriesLine(inspection)],
    ['Sources', sourcesLine(inspection)],
    ['Ads', adsLine(inspection)],
    [
      'Offers',
      `${countOf(inspection.offers.length, 'offer')} for ${countOf(inspection.products.length, 'product')}`,
    ],
    ['Transport', inspection.transport],
    ['Formats', sources.join(' + ') || 'none'],
  ];
  if (conversation.extraKeys.length > 0) rows.push(['Extra keys', conversation.extraKeys.join(', ')]);
  // What no reader understood: a changed shape shows here rather than as less in the exports.
  if (inspection.unread.length > 0)
    rows.push(['Unread', inspection.unread.map((entry) => unreadEntryText(entry)).join('; ')]);
  if (inspection.ratings.length > 0) rows.push(['Rated', ratingsText(inspection.ratings)]);
  return rowsText(rows);
}

function rowsText(rows: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

const advertisersOf = (ads: readonly ExportAd[]): string[] => [
  ...new Set(ads.flatMap(({ entry }) => (entry.advertiser.name === null ? [] : [entry.advertiser.name]))),
];

function adHistoryLine(ads: ExportAds): string {
  const advertisers = advertisersOf(ads.shown);
  const named = advertisers.length > 0 ? ` (${advertisers.join(', ')})` : '';
  const ofAccount = ads.shown.filter((ad) => ad.conversationId === null).length;
  const parts = [
    `${countOf(ads.shown.length, 'ad')} shown${named}`,
    ...(ofAccount > 0 ? [`${ofAccount} in no conversation`] : []),
    `${ads.hidden.length} hidden, ${ads.reported.length} reported`,
    ...(ads.unreadable > 0 ? [`${countOf(ads.unreadable, 'entry', 'entries')} unreadable`] : []),
  ];
  return parts.join('; ');
}

/**
 * What `inspect` prints of a data export's side files after its conversations' summaries (site-interface
 * 10.8): the interests its ads inferred, its ad history, the answers rated, and the files no reader knows.
 * Empty when the export holds none of them.
 */
export function summarizeDataExport(members: DataExportMembers): string {
  const rows: Array<[string, string]> = [];
  const { ads, feedback } = members;
  if (ads !== null) {
    rows.push([
      "Interests ChatGPT's ads inferred",
      ads.interests.length > 0 ? ads.interests.join(', ') : 'none',
    ]);
    rows.push(['Ad history', adHistoryLine(ads)]);
  }
  if (feedback !== null) {
    const rated = [...feedback.byConversation.values()].reduce((sum, ratings) => sum + ratings.length, 0);
    const unreadable =
      feedback.unreadable > 0 ? `; ${countOf(feedback.unreadable, 'entry', 'entries')} unreadable` : '';
    rows.push([
      'Rated answers',
      `${rated} in ${countOf(feedback.byConversation.size, 'conversation')}${unreadable}`,
    ]);
  }
  if (members.unknown.length > 0)
    rows.push(['Unknown files', `${members.unknown.length} (${members.unknown.join(', ')})`]);
  if (members.unreadable.length > 0) rows.push(['Unreadable files', members.unreadable.join(', ')]);
  return rows.length === 0 ? '' : rowsText(rows);
}
