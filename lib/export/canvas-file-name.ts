import type { CanvasDocument } from '@/lib/insights/canvas';
import { safeFileStem } from './file-name';

/**
 * A canvas as its own file in a ZIP (export-format "ZIP"): named by its title, with the extension of its
 * language, so an editor opens it as what it is. A `document` is Markdown; a language not listed here is
 * plain text rather than a guess.
 */
const EXTENSIONS: Readonly<Record<string, string>> = {
  document: 'md',
  'code/python': 'py',
  'code/javascript': 'js',
  'code/typescript': 'ts',
  'code/react': 'jsx',
  'code/html': 'html',
  'code/css': 'css',
  'code/json': 'json',
  'code/java': 'java',
  'code/c': 'c',
  'code/cpp': 'cpp',
  'code/csharp': 'cs',
  'code/go': 'go',
  'code/rust': 'rs',
  'code/ruby': 'rb',
  'code/php': 'php',
  'code/swift': 'swift',
  'code/kotlin': 'kt',
  'code/bash': 'sh',
  'code/shell': 'sh',
  'code/sql': 'sql',
  'code/yaml': 'yaml',
  'code/markdown': 'md',
};

export function canvasFileName(canvas: Pick<CanvasDocument, 'name' | 'type'>): string {
  return `${safeFileStem(canvas.name) || 'Canvas'}.${EXTENSIONS[canvas.type] ?? 'txt'}`;
}
