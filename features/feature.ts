import type { FormatComparison } from '@/features/details/format-comparison';
import type { TransportObservation } from '@/features/details/transport';
import type { AdAccount } from '@/lib/model/ad-account';
import type { AdsReport } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';
import type { AnswerRating } from '@/lib/model/message-feedback';
import type { Product } from '@/lib/model/product-entity';
import type { StreamedTurn } from '@/lib/model/streamed-turn';

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
 * An insight, everywhere it shows (architecture "Features"): its members of the inspection, read from what
 * was captured, and each output's part of them. Every output iterates over `FEATURES` (features/index.ts),
 * and tests/unit/inspection-contract.test.ts names the part a feature lacks.
 */
export interface Feature<
  Id extends string,
  Members extends object,
  Json extends object,
  Snapshot extends object,
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
}

/** A feature, its types inferred from its reader and its outputs. */
export const defineFeature = <
  Id extends string,
  Members extends object,
  Json extends object,
  Snapshot extends object,
>(
  feature: Feature<Id, Members, Json, Snapshot>,
): Feature<Id, Members, Json, Snapshot> => feature;
