import { unreadEntryText } from '@/features/details/unread';
import type { QueryKind } from '@/features/queries/queries';
import type { Inspection } from '@/lib/insights/inspection';
import { countOf } from '@/lib/model/count-text';

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
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}
