import { type Inspection, inspect } from '@/lens/insights/inspection';
import { type MessageIndex, messageIndex } from '@/lib/export/message-index';
import type { BranchDetail } from '@/lib/export/transcript-options';
import { everyBranch } from '@/lib/model/every-branch';
import type { TranscriptWriting } from './markdown-transcript';

/** What the transcript is written from: the inspection, or one of every branch (export-format "Options"). */
export interface TranscriptInput extends Pick<TranscriptWriting, 'branchMarks' | 'note'> {
  inspection: Inspection;
  index: MessageIndex;
}

const ACTIVE_ONLY =
  '_The branch the site shows only: the tree format, which alone holds every branch, was not loaded._';

/**
 * The active branch is the inspection as it is. Every branch is read from the tree only when asked for, and
 * inspected on its own for its queries and cited pages; the rest of the document (queries, ads, details)
 * stays that of the active branch, as the site shows it.
 */
export function transcriptInput(inspection: Inspection, branches: BranchDetail): TranscriptInput {
  const active = { inspection, index: messageIndex(inspection.conversation) };
  if (branches === 'active') return active;
  const every = everyBranch(inspection.conversation);
  if (every === null) return { ...active, note: ACTIVE_ONLY };
  return {
    inspection: inspect({ conversation: every.conversation }),
    index: messageIndex(every.conversation),
    branchMarks: every.marks,
  };
}
