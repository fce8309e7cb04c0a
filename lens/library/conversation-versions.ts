import { type PromptVariance, promptVariances } from '@/features/queries/prompt-variance';
import type { Inspection } from '@/lens/insights/inspection';
import { shortened } from '@/lib/export/markdown-text';
import { hasOtherBranches } from '@/lib/model/other-branches';
import { recordOfInspection } from './record-of-inspection';

/** A prompt is shortened to the length of a turn's label: the snapshot keeps no transcript. */
const PROMPT_LENGTH = 120;

/**
 * The prompts of one conversation that the tree holds other versions of (a regenerated answer, an edited
 * prompt: architecture "Versions of a prompt"), for the side panel; none without a fork, which is the
 * common case and costs a look at the tree's nodes only.
 */
export function conversationVersions(inspection: Inspection): PromptVariance[] {
  if (!hasOtherBranches(inspection.conversation)) return [];
  const record = recordOfInspection(inspection, { keepAnswerText: false, savedAt: 0 });
  if (record === null) return [];
  return promptVariances([record], null)
    .filter((variance) => variance.branchVersions > 0)
    .map((variance) => ({ ...variance, prompt: shortened(variance.prompt, PROMPT_LENGTH) }));
}
