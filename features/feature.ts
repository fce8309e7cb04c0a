import type * as v from 'valibot';
import type { FormatComparison } from '@/features/details/format-comparison';
import type { GridRecord } from '@/lib/library/grid-conversation';
import type { LibraryTable } from '@/lib/library/library-table';
import type { KeptOf } from '@/lib/library/record-schema';
import type { ScopedGrid } from '@/lib/library/scoped-grid';
import type { Cell, TableColumn } from '@/lib/library/table-column';
import type { AdAccount } from '@/lib/model/ad-account';
import type { AdsReport } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';
import type { AnswerRating } from '@/lib/model/message-feedback';
import type { Product } from '@/lib/model/product-entity';
import type { StreamedTurn } from '@/lib/model/streamed-turn';
import type { TransportObservation } from '@/lib/model/transport';
import type { SnapshotBase } from '@/lib/snapshot/snapshot-base';

/** What a conversation is inspected from: the conversation, and what else was captured of it. */
export interface InspectionInput {
  conversation: Conversation;
  adsReport?: AdsReport | null;
  /** What the answer streams assembled (site-interface 10.6): their ads join the ads response's. */
  streamedTurns?: readonly StreamedTurn[];
  account?: AdAccount | null;
  products?: readonly Product[];
  transportObservation?: TransportObservation | null;
  /** null unless both formats were loaded and compared (site-interface 2.4, site-interface 4.2). */
  formats?: FormatComparison | null;
  /** The answers the user rated, as a data export's message_feedback.json lists them (site-interface 10.8). */
  ratings?: readonly AnswerRating[];
}

/** What a feature's outputs read: its own members of the inspection, and the conversation. */
export type Inspected<Members> = Members & { readonly conversation: Conversation };

/**
 * What the library keeps of a feature, beside what every kept record holds (architecture "The library"): its
 * members declared as schemas read tolerantly (lib/library/record-schema.ts), so that the record's type
 * and the reader of library files follow from them.
 */
export interface FeatureLibrary<
  Members extends object,
  Kept extends v.ObjectEntries,
  KeptTurn extends v.ObjectEntries,
  Tables extends readonly LibraryTable[],
  Grids extends Readonly<Record<string, GridOfRecords>>,
> {
  /** Its members of the kept conversation, and how they are filled from the inspection. */
  record?: { members: Kept; fill(inspection: Inspected<Members>): KeptOf<Kept> };
  /** Its members of each kept turn, and its columns at the end of the joined table. */
  turn?: {
    members: KeptTurn;
    /** Each turn's members by the turn's index: what the inspection says of every turn is read once. */
    fillOf(inspection: Inspected<Members>): (turnIndex: number) => KeptOf<KeptTurn>;
    columns: readonly TableColumn[];
    cells(turn: KeptOf<KeptTurn>): Readonly<Record<string, Cell>>;
    /**
     * The version of the joined table that first held these columns (export-format "Team dataset"): the
     * table's version is the highest any feature names, since columns are only ever added at the end.
     */
    since: number;
  };
  /**
   * Its tables of the library's files (export-format "Library tables"), each reading its feature's members
   * of the kept records: lens/library/library-tables.ts puts them after the joined table, those of one
   * conversation's rows before those that sum conversations up.
   */
  tables?: Tables;
  /**
   * Its grids of the library page, by name, each built once per load from the kept records (and the
   * account's) it reads: lens/library/grids.ts builds every feature's, and the page's tabs read them.
   */
  grids?: Grids;
}

/** A grid of the library page, built from the kept records as much as it reads of them. */
export type GridOfRecords = (records: readonly GridRecord<never>[], account: never) => ScopedGrid<unknown>;

/**
 * An insight, everywhere it shows (architecture "Features"): its members of the inspection, read from what
 * was captured, and each output's part of them. Every output iterates over `FEATURES` (features/index.ts),
 * and tests/unit/inspection-contract.test.ts names the part a feature lacks.
 */
export interface Feature<
  Id extends string,
  Members extends object,
  Json extends object,
  Snapshot extends object,
  // biome-ignore lint/complexity/noBannedTypes: a feature the library keeps nothing of declares no members.
  Kept extends v.ObjectEntries = {},
  // biome-ignore lint/complexity/noBannedTypes: as above, for the kept turns.
  KeptTurn extends v.ObjectEntries = {},
  Tables extends readonly LibraryTable[] = [],
  // biome-ignore lint/complexity/noBannedTypes: a feature with no grid declares none.
  Grids extends Readonly<Record<string, GridOfRecords>> = {},
> {
  id: Id;
  /** Its members of the inspection; a reader never throws and keeps no secret (architecture "Secrets"). */
  read(input: InspectionInput): Members;
  /** Its `##` section of the Markdown export after the transcript, or 'transcript' when the transcript shows it. */
  markdown: ((inspection: Inspected<Members>) => string) | 'transcript';
  /**
   * Its members of the JSON export, listed one by one: the contract `chat-lens/export@1` (export-format
   * "JSON") changes only on purpose, and only by members added.
   */
  json(inspection: Inspected<Members>): Json;
  /** Its members of the snapshot the popup and the side panel read (small, plain JSON); null before any format is held. */
  snapshot(inspection: Inspected<Members> | null): Snapshot;
  /** What the library keeps of it; a feature without it is shown and exported, not kept. */
  library?: FeatureLibrary<Members, Kept, KeptTurn, Tables, Grids>;
}

/** A feature, its types inferred from its reader and its outputs. */
export const defineFeature = <
  Id extends string,
  Members extends object,
  Json extends object,
  Snapshot extends object,
  // biome-ignore lint/complexity/noBannedTypes: see Feature.
  Kept extends v.ObjectEntries = {},
  // biome-ignore lint/complexity/noBannedTypes: see Feature.
  KeptTurn extends v.ObjectEntries = {},
  const Tables extends readonly LibraryTable[] = [],
  // biome-ignore lint/complexity/noBannedTypes: see Feature.
  Grids extends Readonly<Record<string, GridOfRecords>> = {},
>(
  feature: Feature<Id, Members, Json, Snapshot, Kept, KeptTurn, Tables, Grids>,
): Feature<Id, Members, Json, Snapshot, Kept, KeptTurn, Tables, Grids> => feature;

/** What a feature's view reads of the snapshot: the snapshot's own members, and the feature's. */
export type ViewSnapshot<F extends { snapshot: (inspection: never) => object }> = SnapshotBase &
  ReturnType<F['snapshot']>;
