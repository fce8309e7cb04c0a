import type { NormalizedMessage } from '@/lib/model/conversation';
import { readString } from '@/lib/model/json-read';
import { toolCommand } from './tool-command';

/**
 * What the assistant hands the deep-research tool before its report (site-interface 10.9): the questions it
 * asks the user first (`research_kickoff_tool.clarify_with_text`) and the research task it starts
 * (`research_kickoff_tool.start_research_task`). The transcript shows each as a small section of its own
 * (export-format "Deep research").
 */
export interface ResearchStep {
  kind: 'clarify' | 'task';
  text: string;
}

const KICKOFF_TOOL = 'research_kickoff_tool.';

/** The members a call's JSON holds its words in, most telling first. */
const WORD_MEMBERS = [
  'prompt',
  'task',
  'instructions',
  'question',
  'questions',
  'text',
  'content',
  'message',
];

function callWords(text: string): string {
  const command = toolCommand(text);
  if (command === null) return text.trim();
  for (const member of WORD_MEMBERS) {
    const words = readString(command[member])?.trim();
    if (words) return words;
  }
  return '';
}

export function researchStep(message: NormalizedMessage): ResearchStep | null {
  if (message.role !== 'assistant' || message.recipient?.startsWith(KICKOFF_TOOL) !== true) return null;
  const method = message.recipient.slice(KICKOFF_TOOL.length);
  const kind = method === 'clarify_with_text' ? 'clarify' : method === 'start_research_task' ? 'task' : null;
  const text = kind === null ? '' : callWords(message.text);
  return kind === null || text === '' ? null : { kind, text };
}
