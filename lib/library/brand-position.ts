import type { FirstMention } from './brand-matcher';

/**
 * Each brand's position in one answer (analysis "Position in the answer"): the rank, from 1, of its first
 * mention among the first mentions of the brands the answer names; null for a brand it does not name. Two
 * brands first named at the same offset (one's word inside the other's, "Acme" and "Acme Corp") are
 * ranked by the longer mention, the more specific name, then by their place in the settings, so the
 * positions of an answer are always 1 to the number of brands it names, each once.
 */
export function positionsIn(firsts: readonly (FirstMention | null)[]): (number | null)[] {
  const named = firsts
    .flatMap((first, place) => (first === null ? [] : [{ ...first, place }]))
    .sort((a, b) => a.at - b.at || b.length - a.length || a.place - b.place);
  const positions: (number | null)[] = firsts.map(() => null);
  named.forEach(({ place }, rank) => {
    positions[place] = rank + 1;
  });
  return positions;
}
