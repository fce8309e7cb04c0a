import type { FeatureSnapshot } from '@/features/index';
import type { SnapshotVersions } from '@/features/queries/prompt-variance';
import type { SnapshotBase } from '@/lib/snapshot/snapshot-base';

/**
 * What the views read: the snapshot's own members, the versions of its prompts (worked out from the kept
 * record, which every feature fills), and every feature's members (features/index.ts).
 */
export type LensSnapshot = SnapshotBase & SnapshotVersions & FeatureSnapshot;
