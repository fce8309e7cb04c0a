import type { NormalizedMessage } from '@/lib/model/conversation';
import { readString } from '@/lib/model/json-read';
import { toolCommand } from './tool-command';

/**
 * The model's image tool (site-interface 10.9): `dalle.text2im`, `image_gen.*`, or an opaque name such as
 * `t2uay3k.sj1i4kz`. The assistant's call to it holds JSON whose `prompt` describes the image asked for.
 */
export const IMAGE_TOOL = /^(?:dalle\.|image_gen\b|t2uay3k\.)/;

/** The description an assistant's call to the image tool asks for; null for any other message. */
export function imagePrompt(message: NormalizedMessage): string | null {
  if (message.role !== 'assistant' || message.recipient === null || !IMAGE_TOOL.test(message.recipient))
    return null;
  const prompt = readString(toolCommand(message.text)?.prompt)?.trim();
  return prompt ? prompt : null;
}
