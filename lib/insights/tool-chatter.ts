import type { NormalizedMessage } from '@/lib/model/conversation';
import { isImageStep } from './image-tool';

/**
 * A tool's message that speaks to the model, not to the reader (export-format "Markdown"): what the image
 * tool tells the model after it made an image ("GPT-4o returned 1 images. From now on, do not say or show
 * ANYTHING…"), the canvas tool's and the research kickoff tool's acknowledgements (their effect, the document
 * and the research task, is shown instead). The transcript leaves it out unless hidden and tool messages are
 * asked for. A tool message holding an image, and every other tool's output (a search's headline), is kept.
 */
const TOOLS_THAT_ONLY_ACKNOWLEDGE = /^(?:canmore\.|research_kickoff_tool\b)/;

/** Words the tools use when they instruct the model. */
const INSTRUCTIONS_TO_THE_MODEL = [
  /\bfrom now on,? do not say or show anything\b/i,
  /^\s*(?:GPT-4o|DALL[·.\-\s]?E(?:\s?\d)?|the image tool) (?:returned|displayed|generated) \d+ images?\b/i,
  /^\s*(?:please )?end this turn now\b/i,
];

export function isToolChatter(message: NormalizedMessage): boolean {
  if (message.role !== 'tool' || message.assets.length > 0) return false;
  const tool = message.authorName;
  if (isImageStep(message) || (tool !== null && TOOLS_THAT_ONLY_ACKNOWLEDGE.test(tool))) return true;
  return INSTRUCTIONS_TO_THE_MODEL.some((words) => words.test(message.text));
}
