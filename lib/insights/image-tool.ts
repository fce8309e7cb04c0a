import type { NormalizedMessage } from '@/lib/model/conversation';
import { readString } from '@/lib/model/json-read';
import { toolCommand, toolOf } from './tool-command';

/**
 * The model's image tool (site-interface 10.9): `dalle.text2im`, `image_gen.*`, or an opaque name such as
 * `t2uay3k.sj1i4kz`. The assistant's call to it holds JSON whose `prompt` describes the image asked for.
 */
const IMAGE_TOOL = /^(?:dalle\.|image_gen\b|t2uay3k\.)/;

/**
 * The members the image tool's messages carry in their metadata whatever the tool is called (the site gives
 * it a new random-looking name every few weeks, site-interface 10.9): its task, and its streams of partial
 * images.
 */
const IMAGE_METADATA = ['image_gen_task_id', 'image_gen_multi_stream', 'image_gen_async'] as const;

/** A call to the image tool or its answer, known by its name or, under any name, by its metadata. */
export function isImageStep(message: NormalizedMessage): boolean {
  const tool = toolOf(message);
  if (tool === null) return false;
  return IMAGE_TOOL.test(tool) || IMAGE_METADATA.some((key) => key in message.metadata);
}

/** The description an assistant's call to the image tool asks for; null for any other message. */
export function imagePrompt(message: NormalizedMessage): string | null {
  if (message.role !== 'assistant' || !isImageStep(message)) return null;
  const prompt = readString(toolCommand(message.text)?.prompt)?.trim();
  return prompt ? prompt : null;
}
