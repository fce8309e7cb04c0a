import type { InspectionInput } from '@/features/feature';
import { type FeatureMembers, featureMembers } from '@/features/index';
import type { Conversation } from '@/lib/model/conversation';

/**
 * Everything Chat Lens knows about one conversation, in one bundle: the conversation and every feature's
 * members (architecture "Features"). The exporters, the popup, the side panel and the CLI all read this, so
 * they can never disagree about what was found.
 */
export type Inspection = { conversation: Conversation } & FeatureMembers;

export function inspect(input: InspectionInput): Inspection {
  return { conversation: input.conversation, ...featureMembers(input) };
}
