import type { NormalizedMessage } from '@/lib/model/conversation';
import { isRecord } from '@/lib/model/json-read';
import { parseJson } from '@/lib/model/parse-json';

/**
 * The JSON a call to a tool carries (web.run, canmore, research_kickoff_tool), whether its message is text or
 * code: a code message reads as a fenced block (lib/model/message-content.ts), so the fence is taken off
 * first. null when it is not a JSON object.
 */
export function toolCommand(text: string): Record<string, unknown> | null {
  const fenced = /^```[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(text.trim());
  const parsed = parseJson(fenced?.[1] ?? text);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : null;
}

/** The tool a message calls (an assistant's) or answers for (a tool's); null for any other. */
export function toolOf(message: NormalizedMessage): string | null {
  if (message.role === 'assistant') return message.recipient === 'all' ? null : message.recipient;
  return message.role === 'tool' ? message.authorName : null;
}
