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
