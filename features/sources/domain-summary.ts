import type { WebSource } from './sources';

/** How often one site's pages were retrieved and cited over a conversation. */
export interface DomainTally {
  /** null for pages whose URL names no host (sources.ts keeps them rather than dropping them). */
  domain: string | null;
  retrieved: number;
  cited: number;
}

/**
 * One tally per domain, counting rows of the sources (a page per turn: a page retrieved again in a later turn
 * was retrieved again), most cited first, then most retrieved, then by name so the order never flickers.
 */
export function summarizeDomains(sources: readonly WebSource[]): DomainTally[] {
  const tallies = new Map<string | null, DomainTally>();
  for (const source of sources) {
    let tally = tallies.get(source.domain);
    if (tally === undefined) {
      tally = { domain: source.domain, retrieved: 0, cited: 0 };
      tallies.set(source.domain, tally);
    }
    if (source.retrieved) tally.retrieved += 1;
    if (source.cited) tally.cited += 1;
  }
  return [...tallies.values()].sort(
    (a, b) =>
      b.cited - a.cited ||
      b.retrieved - a.retrieved ||
      (a.domain ?? '\uffff').localeCompare(b.domain ?? '\uffff'),
  );
}
