import type { WebSource } from './sources';

/** The rows of the sources list: per turn, per site, the pages. */
export type SourceRow =
  | { type: 'turn'; turnIndex: number; pages: number; cited: number }
  | { type: 'domain'; turnIndex: number; domain: string | null; pages: number; cited: number }
  | { type: 'page'; source: WebSource };

interface DomainGroup {
  domain: string | null;
  sources: WebSource[];
  cited: number;
}

const citedCount = (sources: readonly WebSource[]): number => sources.filter((source) => source.cited).length;

/** A turn's sites, most cited first, else in order of first appearance; pages keep the turn's order. */
function groupByDomain(sources: readonly WebSource[]): DomainGroup[] {
  const groups = new Map<string | null, DomainGroup>();
  for (const source of sources) {
    let group = groups.get(source.domain);
    if (group === undefined) {
      group = { domain: source.domain, sources: [], cited: 0 };
      groups.set(source.domain, group);
    }
    group.sources.push(source);
    if (source.cited) group.cited += 1;
  }
  return [...groups.values()].sort((a, b) => b.cited - a.cited);
}

/** Sources come in turn order (extractSources); each turn is one run of rows. */
export function sourceRows(sources: readonly WebSource[]): SourceRow[] {
  const rows: SourceRow[] = [];
  let index = 0;
  while (index < sources.length) {
    const turnIndex = (sources[index] as WebSource).turnIndex;
    let end = index;
    while (end < sources.length && (sources[end] as WebSource).turnIndex === turnIndex) end += 1;
    const turn = sources.slice(index, end);
    rows.push({ type: 'turn', turnIndex, pages: turn.length, cited: citedCount(turn) });
    for (const group of groupByDomain(turn)) {
      rows.push({
        type: 'domain',
        turnIndex,
        domain: group.domain,
        pages: group.sources.length,
        cited: group.cited,
      });
      for (const source of group.sources) rows.push({ type: 'page', source });
    }
    index = end;
  }
  return rows;
}
