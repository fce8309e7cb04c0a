import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryKind, QueryOrigin, SearchQuery } from '@/features/queries/queries';
import { exportQueriesCsv } from '@/features/queries/queries-csv';
import { inspect } from '@/lens/insights/inspection';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';

/**
 * A small RFC 4180 reader, written from the RFC rather than from the writer: records end with CRLF, a
 * field is either plain (no comma, quote, CR or LF) or quoted with inner quotes doubled.
 */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let position = 0;
  while (position < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[position] === '"') {
        position += 1;
        for (;;) {
          const quote = text.indexOf('"', position);
          if (quote < 0) throw new Error('unterminated quoted field');
          field += text.slice(position, quote);
          if (text[quote + 1] === '"') {
            field += '"';
            position = quote + 2;
          } else {
            position = quote + 1;
            break;
          }
        }
      } else {
        const end = text.slice(position).search(/[,\r\n"]/);
        const stop = end < 0 ? text.length : position + end;
        if (text[stop] === '"') throw new Error('quote inside a plain field');
        field = text.slice(position, stop);
        position = stop;
      }
      record.push(field);
      if (text[position] === ',') {
        position += 1;
        continue;
      }
      if (text.startsWith('\r\n', position)) {
        position += 2;
        break;
      }
      throw new Error(`record not ended by CRLF at ${position}`);
    }
    records.push(record);
  }
  return records;
}

const HEADER = ['conversation_id', 'turn_index', 'message_id', 'kind', 'source', 'query'];

/** An inspection whose queries are exactly `queries` (the exporter reads nothing else of it). */
function withQueries(conversationId: string | null, queries: SearchQuery[]) {
  const inspection = inspect({
    conversation: conversationOf([message({ id: 'm1' })], { id: conversationId }),
  });
  return { ...inspection, queries: { queries, mayBeIncomplete: false, note: null } };
}

const query = (text: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  text,
  kind: 'search',
  source: 'search_model_queries',
  messageId: 'msg-1',
  turnIndex: 0,
  page: null,
  ...extra,
});

describe('exportQueriesCsv', () => {
  it('writes the header and one CRLF-ended record per query', () => {
    const csv = exportQueriesCsv(
      withQueries('conv-1', [
        query('cast iron skillet'),
        query('https://example.com/a', { kind: 'open', turnIndex: 2 }),
      ]),
    );
    expect(csv.split('\r\n')).toEqual([
      HEADER.join(','),
      'conv-1,0,msg-1,search,search_model_queries,cast iron skillet',
      'conv-1,2,msg-1,open,search_model_queries,https://example.com/a',
      '',
    ]);
  });

  it('quotes a field with a comma, a quote, CR or LF and doubles its quotes; leaves others bare', () => {
    const csv = exportQueriesCsv(
      withQueries('conv-1', [
        query('pots, pans'),
        query('the "best" pan'),
        query('two\nlines'),
        query('cr\rhere'),
      ]),
    );
    expect(csv).toContain(',"pots, pans"\r\n');
    expect(csv).toContain(',"the ""best"" pan"\r\n');
    expect(csv).toContain(',"two\nlines"\r\n');
    expect(csv).toContain(',"cr\rhere"\r\n');
    expect(exportQueriesCsv(withQueries('conv-1', [query(' spaced ')]))).toContain(', spaced \r\n');
  });

  it('keeps a query that starts like a spreadsheet formula exactly as the model ran it', () => {
    const texts = ['-site:pinterest.com oak table', '+wide feet', '=1+1', '@home'];
    const records = readCsv(
      exportQueriesCsv(
        withQueries(
          'conv-1',
          texts.map((text) => query(text)),
        ),
      ),
    );
    expect(records.slice(1).map((record) => record[5])).toEqual(texts);
  });

  it('leaves the conversation id empty when the conversation has none', () => {
    const records = readCsv(exportQueriesCsv(withQueries(null, [query('q')])));
    expect(records[1]?.[0]).toBe('');
  });

  it('reads back to the same fields for any text (RFC 4180 round trip)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^[a-z,"\r\n ]*$/));
    const arbitraryQuery = fc.record({
      text,
      kind: fc.constantFrom<QueryKind>('search', 'open', 'product'),
      source: fc.constantFrom<QueryOrigin>(
        'search_model_queries',
        'map_search_model_queries',
        'search_queries',
        'web.run',
      ),
      messageId: text,
      turnIndex: fc.nat(),
      page: fc.constant(null),
    });
    fc.assert(
      fc.property(text, fc.array(arbitraryQuery, { maxLength: 8 }), (conversationId, queries) => {
        const records = readCsv(
          exportQueriesCsv(withQueries(conversationId === '' ? null : conversationId, queries)),
        );
        expect(records).toEqual([
          HEADER,
          ...queries.map((q) => [conversationId, String(q.turnIndex), q.messageId, q.kind, q.source, q.text]),
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
