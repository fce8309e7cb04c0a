import type { CanvasState } from '@/lib/insights/canvas';
import { inlineText } from './markdown-text';

/**
 * A canvas where the transcript shows it (export-format "Canvas"): its name as a heading under the speaker's,
 * then its text as it is, in a fenced block of its language (a `document` is Markdown) whose fence is longer
 * than any backtick run inside, so nothing in it can end the block or change the document around it.
 */
const CANVAS_HEADING_LEVEL = 4;

/**
 * `code/python` → python; `code/react` → jsx, as highlighters name it; a document (and any other text) →
 * markdown; anything else as it is, made safe for an info string.
 */
function language(type: string): string {
  if (!type.startsWith('code/')) return 'markdown';
  const name = type.slice('code/'.length);
  return name === 'react' ? 'jsx' : name.replace(/[^\w+#.-]/g, '');
}

function fenced(content: string, info: string): string {
  const longestRun = (content.match(/`{3,}/g) ?? []).reduce(
    (longest, run) => Math.max(longest, run.length),
    2,
  );
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${info}\n${content.replace(/\r\n?/g, '\n').replace(/\n$/, '')}\n${fence}`;
}

export function canvasMarkdown(canvas: CanvasState): string {
  const heading = `${'#'.repeat(CANVAS_HEADING_LEVEL)} ${inlineText(canvas.name) || 'Canvas'}`;
  const about = `_Canvas · ${inlineText(canvas.type)} · version ${canvas.version}_`;
  return `${heading}\n\n${about}\n\n${fenced(canvas.content, language(canvas.type))}`;
}
