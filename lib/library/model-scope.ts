import type { LibraryConversation, LibraryTurn } from './library-record';
import { compareText } from './sort-rows';

/** Every model that answered in the records, in reading order: what a model choice offers. */
export function modelsAnswering(records: readonly LibraryConversation[]): string[] {
  const models = new Set<string>();
  for (const record of records) {
    for (const model of record.models) models.add(model);
    for (const turn of record.turns) if (turn.model !== null) models.add(turn.model);
  }
  return [...models].sort(compareText);
}

/**
 * The records as one model answered them, for the library page's analyses (architecture "The library"):
 * each conversation's turns and versions that model answered, with the ads served with them and, where
 * any turn is left, its offers. A turn that names no model is the model's when its conversation was
 * answered by it, as the grids' model filter reads it (library-filter.ts). A conversation left with no turn
 * is left out; null keeps every record as it is.
 */
export function answeredBy(
  records: readonly LibraryConversation[],
  model: string | null,
): readonly LibraryConversation[] {
  if (model === null) return records;
  return records.flatMap((record) => {
    const ours = (turn: LibraryTurn): boolean =>
      turn.model === null ? record.models.includes(model) : turn.model === model;
    const turns = record.turns.filter(ours);
    if (turns.length === 0) return [];
    const kept = new Set(turns.map((turn) => turn.index));
    return [
      {
        ...record,
        turns,
        versions: record.versions.filter(ours),
        ads: record.ads.filter((ad) => ad.turnIndex !== null && kept.has(ad.turnIndex)),
      },
    ];
  });
}
