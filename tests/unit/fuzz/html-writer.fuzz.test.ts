import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { writeExport } from '@/lib/export/format-writers';
import { transcriptBlocks } from '@/lib/export/markdown-transcript';
import { messageIndex } from '@/lib/export/message-index';
import type { ExportOptions } from '@/lib/runtime/contract/export-file';
import { arbitraryInspection } from '@/tests/unit/export/arbitrary-inspection';
import {
  attributeValues,
  eventHandlerAttributes,
  nestingProblems,
  SAFE_HREF,
  tagsOf,
  textsOf,
} from '@/tests/unit/export/html-checks';
import { EXPORTED_AT } from '@/tests/unit/export/rich-inspection';
import { fuzz } from './fuzz-property';

/**
 * export-format "HTML" on arbitrary inspections, whose messages hold headings, fences, raw HTML and links of
 * every scheme: the page is written, its tags nest, it runs and loads nothing, links only lead to the web,
 * mail or a relative place, and each speaker heading of the Markdown transcript is one heading of the page.
 */
const options = fc.record({
  citations: fc.constantFrom<ExportOptions['citations']>('inline', 'footnotes'),
  includeHiddenAndTools: fc.boolean(),
});

const SPEAKER_HEADING = /^### (User|Assistant|System)\n/;

describe('the HTML writer on fuzzed inspections', () => {
  fuzz(
    'writes a page that nests, runs nothing and keeps every speaker heading',
    fc.tuple(arbitraryInspection(), options),
    ([inspection, chosen]) => {
      const html = writeExport(inspection, 'html', { ...chosen, exportedAt: EXPORTED_AT });
      expect(nestingProblems(html)).toEqual([]);
      expect(
        tagsOf(html).filter((tag) => ['script', 'img', 'iframe', 'object', 'embed'].includes(tag.name)),
      ).toEqual([]);
      expect(eventHandlerAttributes(html)).toEqual([]);
      expect(attributeValues(html, 'src')).toEqual([]);
      expect(attributeValues(html, 'href').filter((href) => !SAFE_HREF.test(href))).toEqual([]);

      const speakers = [
        ...transcriptBlocks(
          inspection,
          messageIndex(inspection.conversation),
          chosen.citations,
          chosen.includeHiddenAndTools,
        ),
      ].flatMap((block) => SPEAKER_HEADING.exec(block)?.[1] ?? []);
      const transcript = html.slice(
        html.indexOf('<h2>Transcript</h2>'),
        html.lastIndexOf('<h2>Search queries</h2>'),
      );
      expect(
        textsOf(transcript, 'h3').filter((heading) => /^(User|Assistant|System)$/.test(heading)),
      ).toEqual(speakers);
    },
  );
});
