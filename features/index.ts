import type * as v from 'valibot';
import { adsFeature } from '@/features/ads/feature';
import { detailsFeature } from '@/features/details/feature';
import { offersFeature } from '@/features/offers/feature';
import { queriesFeature } from '@/features/queries/feature';
import { sourcesFeature } from '@/features/sources/feature';
import type { Inspected, InspectionInput } from './feature';

/**
 * Every feature, in the order the outputs show them (architecture "Features"): the inspection, the Markdown
 * sections, the JSON export's members and the snapshot iterate over this list. The popup's and side panel's
 * views are listed apart (components/views/registry.ts), so that a page never loads the readers and writers.
 */
export const FEATURES = [queriesFeature, sourcesFeature, adsFeature, offersFeature, detailsFeature] as const;

type AnyFeature = (typeof FEATURES)[number];
export type FeatureId = AnyFeature['id'];

/** The members of a union, as one type holding them all. */
type AllOf<Union> = (Union extends unknown ? (member: Union) => void : never) extends (
  member: infer All,
) => void
  ? All
  : never;

/** The features' members of the inspection. */
export type FeatureMembers = AllOf<ReturnType<AnyFeature['read']>>;
/** The features' members of the JSON export. */
export type FeatureJson = AllOf<ReturnType<AnyFeature['json']>>;
/** The features' members of the snapshot. */
export type FeatureSnapshot = AllOf<ReturnType<AnyFeature['snapshot']>>;

/** Every feature's members of the inspection, read from what was captured. */
export const featureMembers = (input: InspectionInput): FeatureMembers =>
  Object.assign({}, ...FEATURES.map((feature) => feature.read(input)));

/** Every feature's members of the JSON export. */
export const featureJson = (inspection: Inspected<FeatureMembers>): FeatureJson =>
  Object.assign({}, ...FEATURES.map((feature) => feature.json(inspection)));

/** Every feature's members of the snapshot; null before any format of the conversation is held. */
export const featureSnapshot = (inspection: Inspected<FeatureMembers> | null): FeatureSnapshot =>
  Object.assign({}, ...FEATURES.map((feature) => feature.snapshot(inspection)));

/** A feature's members of the kept record and of each kept turn, as their schemas read them. */
type KeptRecordOf<F> = F extends { library?: { record?: { fill: (...args: never) => infer Kept } } }
  ? Kept
  : never;
type KeptTurnOf<F> = F extends {
  library?: { turn?: { fillOf: (...args: never) => (turnIndex: number) => infer KeptTurn } };
}
  ? KeptTurn
  : never;

/** The features' members of a record the library keeps. */
export type FeatureKept = AllOf<KeptRecordOf<AnyFeature>>;
/** The features' members of each turn the library keeps. */
export type FeatureKeptTurn = AllOf<KeptTurnOf<AnyFeature>>;

/** The schemas of the features' members of a kept record (lens/library/library-record.ts reads with them). */
export const FEATURE_KEPT: v.ObjectEntries = Object.assign(
  {},
  ...FEATURES.map((feature) => feature.library?.record?.members ?? {}),
);

/** The schemas of the features' members of each kept turn. */
export const FEATURE_KEPT_TURN: v.ObjectEntries = Object.assign(
  {},
  ...FEATURES.map((feature) => feature.library?.turn?.members ?? {}),
);

/** Every feature's members of the record the library keeps of an inspection. */
export const featureKept = (inspection: Inspected<FeatureMembers>): FeatureKept =>
  Object.assign({}, ...FEATURES.map((feature) => feature.library?.record?.fill(inspection) ?? {}));

/** Every feature's members of each kept turn, by the turn's index. */
export function featureKeptTurns(
  inspection: Inspected<FeatureMembers>,
): (turnIndex: number) => FeatureKeptTurn {
  const fills = FEATURES.flatMap((feature) => feature.library?.turn?.fillOf(inspection) ?? []);
  return (turnIndex) => Object.assign({}, ...fills.map((fill) => fill(turnIndex)));
}

/** The features' columns at the end of the joined table, in the order of `FEATURES`. */
export const FEATURE_TURN_COLUMNS = FEATURES.flatMap((feature) => feature.library?.turn ?? []);

type TablesOf<F> = F extends { library?: { tables?: infer Tables extends readonly unknown[] } }
  ? Tables[number]
  : never;
/** A feature's table of the library's files. */
export type FeatureTable = TablesOf<AnyFeature>;

/** The features' tables of the library's files, in the order of `FEATURES`. */
export const FEATURE_TABLES: readonly FeatureTable[] = FEATURES.flatMap(
  (feature): readonly FeatureTable[] => feature.library?.tables ?? [],
);

type GridsOf<F> = F extends { library?: { grids?: infer Grids extends object } } ? Grids : never;
/** The features' grids of the library page, by name. */
export type FeatureGrids = AllOf<GridsOf<AnyFeature>>;

/** The features' grids of the library page (lens/library/grids.ts builds them once per load). */
export const FEATURE_GRIDS: FeatureGrids = Object.assign(
  {},
  ...FEATURES.map((feature) => feature.library?.grids ?? {}),
);
