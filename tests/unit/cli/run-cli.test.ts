import { describe, expect, it } from 'vitest';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import {
  conversationsExport,
  getConversation,
  messagesResponse,
  treeResponse,
} from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY } from '@/tests/replica/fixtures/products';
import { conversationEntries, har } from '@/tests/support/build-har';
import { citationsPage } from '@/tests/unit/fixtures/citations';
import { cutAt, run } from './run-in-memory';

const webSearch = getConversation(FIXTURE_IDS.webSearch);
if (webSearch === undefined) throw new Error('fixture missing');
const messagesFile = messagesResponse(webSearch, { numTurns: 100 });
const treeFile = treeResponse(webSearch);

describe('inspect command', () => {
  it('prints a short summary of a messages-format response', async () => {
    const result = await run(['conversation.json'], { 'conversation.json': messagesFile });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Title\s+Hiking boots for wide feet$/m);
    expect(result.stdout).toMatch(/^Queries\s+\d+ \(\d+ search, \d+ open, \d+ product\)$/m);
    expect(result.stdout).toMatch(/^Formats\s+messages$/m);
  });

  it('reads a file read whole that starts with a byte order mark, in any chunks: messages, tree or HAR', async () => {
    // One chunk, and the mark's three bytes each in a chunk of its own.
    const splitMark = cutAt([1, 2, 3]);
    const files = {
      'conversation.json': messagesFile,
      'tree.json': treeFile,
      'session.har': har(conversationEntries(FIXTURE_IDS.webSearch)),
    };
    for (const [name, file] of Object.entries(files)) {
      const plain = await run([name], { [name]: file });
      expect(plain.code).toBe(0);
      const marked = `\uFEFF${JSON.stringify(file)}`;
      for (const chunking of [undefined, splitMark]) {
        const result = await run([name], { [name]: marked }, { chunking });
        expect(result.code).toBe(0);
        expect(result.stdout).toBe(plain.stdout);
      }
    }
  });

  it('warns that a tree-format response may lack queries', async () => {
    const result = await run(['tree.json'], { 'tree.json': treeFile });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/may be incomplete: only the tree format was read/);
  });

  it('prints exactly one JSON value, an array for a data export', async () => {
    const single = await run(['c.json', '--format', 'json'], { 'c.json': messagesFile });
    expect(JSON.parse(single.stdout)).toMatchObject({
      schema: 'chat-lens/export@1',
      conversation: { id: webSearch.id },
    });

    const conversations = [FIXTURE_IDS.webSearch, FIXTURE_IDS.plain].map((id) => getConversation(id));
    const exportFile = conversationsExport(conversations.filter((item) => item !== undefined));
    const many = await run(['conversations.json', '--format', 'json'], { 'conversations.json': exportFile });
    const documents = JSON.parse(many.stdout) as Array<{ conversation: { id: string } }>;
    expect(documents.map((document) => document.conversation.id)).toEqual([
      FIXTURE_IDS.webSearch,
      FIXTURE_IDS.plain,
    ]);
  });

  it('reads a HAR file: both formats, ads, offers and the transport, without any secret', async () => {
    const file = har(
      conversationEntries(FIXTURE_IDS.products, {
        ads: true,
        products: true,
        webSocketFrames: 3,
        sseAnswer: true,
      }),
    );
    const result = await run(['session.har', '--format', 'json'], { 'session.har': file });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.conversation.sources.messages.loaded).toBe(true);
    expect(document.conversation.sources.tree.loaded).toBe(true);
    expect(document.ads.shownAny).toBe(true);
    expect(document.offers.length).toBeGreaterThan(0);
    expect(document.transport).toBe('websocket');
    expect(document.formats).not.toBeNull();
    for (const canary of [AD_TRACKING_CANARY, PRODUCT_TOKEN_CANARY, 'canary-access-token-']) {
      expect(result.stdout).not.toContain(canary);
    }
  });

  it('writes Markdown and CSV to --out', async () => {
    const md = await run(['c.json', '--format', 'md', '--out', 'c.md'], { 'c.json': messagesFile });
    expect(md.code).toBe(0);
    expect(md.stdout).toBe('');
    expect(md.written.get('c.md')).toMatch(/^---\n/);

    const csv = await run(['c.json', '--format', 'csv', '--out', 'q.csv'], { 'c.json': messagesFile });
    const lines = csv.written.get('q.csv')?.split('\r\n') ?? [];
    expect(lines[0]).toBe('conversation_id,turn_index,message_id,kind,source,query');
    expect(lines.length).toBeGreaterThan(2);
  });

  it('prints the pages searches returned and answers cited: in the summary and as sources-csv', async () => {
    const files = { 'cite.json': citationsPage() };
    const summary = await run(['cite.json'], files);
    expect(summary.stdout).toMatch(
      /^Sources\s+9 pages: 8 cited, 7 retrieved; 9 domains \(timeout\.com, theguardian\.com, nytimes\.com, eater\.com, \+5 more\)$/m,
    );
    expect((await run(['c.json'], { 'c.json': messagesFile })).stdout).toMatch(
      /^Sources\s+4 pages: 4 cited, 4 retrieved/m,
    );

    const csv = await run(['cite.json', '--format', 'sources-csv'], files);
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe(
      'conversation_id,turn_index,message_id,url,title,domain,attribution,cited,retrieved',
    );
    expect(lines).toHaveLength(11);
  });

  it('writes Markdown citations as footnotes on --citations footnotes', async () => {
    const files = { 'cite.json': citationsPage() };
    const inline = await run(['cite.json', '--format', 'md'], files);
    expect(inline.stdout).toContain('within a walk ([Time Out](<https://www.timeout.com/');
    const footnotes = await run(['cite.json', '--format', 'md', '--citations', 'footnotes'], files);
    expect(footnotes.stdout).toContain('within a walk[^1][^2][^3]');
    expect(footnotes.stdout).toMatch(/^\[\^1\]: \[Where to stay in Lisbon/m);
  });

  it('writes one CSV header for a file of many conversations', async () => {
    // The tree format of a data export keeps the older search_queries metadata: two copies of one
    // conversation under two ids give rows for both.
    const exportFile = conversationsExport([webSearch, { ...webSearch, id: 'copy-of-web-search' }]);
    const result = await run(['conversations.json', '--format', 'csv'], { 'conversations.json': exportFile });
    const rows = result.stdout.split('\r\n').filter((row) => row !== '');
    expect(rows.filter((row) => row.startsWith('conversation_id,'))).toHaveLength(1);
    expect(new Set(rows.slice(1).map((row) => row.split(',')[0]))).toEqual(
      new Set([FIXTURE_IDS.webSearch, 'copy-of-web-search']),
    );
  });

  it('fails clearly, with a non-zero exit, on unreadable input', async () => {
    const missing = await run(['nope.json'], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read nope.json/);

    const broken = await run(['broken.json'], { 'broken.json': '{"messages": [' });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken.json: .*JSON/i);

    const foreign = await run(['other.json'], { 'other.json': { hello: 'world' } });
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(/Not a conversation file/);
  });

  it('rejects bad arguments with the usage', async () => {
    for (const argv of [
      [],
      ['a.json', '--format', 'xml'],
      ['a.json', '--citations', 'endnotes'],
      ['a.json', '--citations'],
      ['a.json', '--out'],
      ['a.json', 'b.json'],
      ['--verbose'],
    ]) {
      const result = await run(argv, {});
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/Usage: npm run inspect/);
    }
  });
});
