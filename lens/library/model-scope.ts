import { inScope, NO_FILTER } from '@/lib/library/library-filter';
import { compareText } from '@/lib/library/sort-rows';
import type { LibraryConversation, LibraryTurn } from './library-record';

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
 * any is left, its offers. A turn, or an ad of no turn, that names no model is the model's when its
 * conversation was answered by it, as the grids' model filter reads a row (library-filter.ts). A
 * conversation left with neither a turn nor an ad is left out; null keeps every record as it is.
 */
export function answeredBy(
  records: readonly LibraryConversation[],
  model: string | null,
): readonly LibraryConversation[] {
  if (model === null) return records;
  const filter = { ...NO_FILTER, model };
  return records.flatMap((record) => {
    const ours = (turn: LibraryTurn): boolean =>
      inScope(
        { conversationId: record.id, at: null, model: turn.model, conversationModels: record.models },
        filter,
      );
    const turns = record.turns.filter(ours);
    const kept = new Set(turns.map((turn) => turn.index));
    const ads = record.ads.filter((ad) =>
      ad.turnIndex === null ? record.models.includes(model) : kept.has(ad.turnIndex),
    );
    if (turns.length === 0 && ads.length === 0) return [];
    return [{ ...record, turns, versions: record.versions.filter(ours), ads }];
  });
}
