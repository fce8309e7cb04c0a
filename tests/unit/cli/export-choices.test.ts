import { describe, expect, it } from 'vitest';
import { conversationsExport, getConversation, messagesResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { run } from './run-in-memory';

const webSearch = getConversation(FIXTURE_IDS.webSearch);
const plain = getConversation(FIXTURE_IDS.plain);
if (webSearch === undefined || plain === undefined) throw new Error('fixture missing');
const messagesFile = messagesResponse(webSearch, { numTurns: 100 });

/** The front matter of a Markdown export: the lines between its two `---`. */
const frontMatterOf = (markdown: string): string[] => {
  const lines = markdown.split('\n');
  expect(lines[0]).toBe('---');
  return lines.slice(1, lines.indexOf('---', 1));
};

describe('inspect: the export choices the extension takes from its settings', () => {
  it('writes the front matter a template asks for, quoted, and none for an empty one', async () => {
    const template = 'title: {title}\ntags: chatgpt\nsource: {url} ({model})\nchanged: {updated}';
    const result = await run(['c.json', '--format', 'md', '--front-matter', template], {
      'c.json': messagesFile,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(frontMatterOf(result.stdout)).toEqual([
      `title: "${webSearch.title}"`,
      'tags: "chatgpt"',
      expect.stringMatching(
        new RegExp(`^source: "https://chatgpt.com/c/${FIXTURE_IDS.webSearch} \\(gpt-[\\w.-]+\\)"$`),
      ),
      expect.stringMatching(/^changed: "\d{4}-\d\d-\d\dT[\d:.]+Z"$/),
    ]);
    const none = await run(['c.json', '--format', 'md', '--front-matter', ''], { 'c.json': messagesFile });
    expect(none.stdout.startsWith(`# ${webSearch.title}`)).toBe(true);
  });

  it('writes hidden messages only with --include-hidden', async () => {
    const shown = await run(['c.json', '--format', 'md', '--include-hidden'], { 'c.json': messagesFile });
    const hidden = await run(['c.json', '--format', 'md'], { 'c.json': messagesFile });
    expect(shown.code).toBe(0);
    expect(shown.stdout.length).toBeGreaterThan(hidden.stdout.length);
  });

  it("writes the reasoning, the tool calls and the prompts' times as --reasoning, --tool-calls and --timestamps say", async () => {
    const markdown = async (...flags: string[]) => {
      const result = await run(['c.json', '--format', 'md', ...flags], { 'c.json': messagesFile });
      expect(result.code, result.stderr).toBe(0);
      return result.stdout;
    };
    const defaults = await markdown();
    for (const shown of ['> _Reasoning_', '> _Thinking preamble_', '_Thought for 14s_', '_Searched: '])
      expect(defaults).toContain(shown);
    expect(defaults).not.toMatch(/^_\d{4}-\d\d-\d\d \d\d:\d\d UTC_$/m);
    expect(await markdown('--reasoning', 'full', '--tool-calls', 'shown', '--timestamps', 'off')).toBe(
      defaults,
    );
    const summary = await markdown('--reasoning', 'summary');
    expect(summary).not.toContain('> _Reasoning_');
    expect(summary).toContain('_Thought for 14s_');
    const none = await markdown('--reasoning', 'none', '--tool-calls', 'none');
    for (const left of ['_Reasoning_', '_Thinking preamble_', '_Thought for', '_Searched: ', '_web.run: '])
      expect(none).not.toContain(left);
    expect(none).toContain('**Altra Lone Peak Hiker 3**');
    expect(await markdown('--timestamps', 'on')).toMatch(/^### User\n\n_\d{4}-\d\d-\d\d \d\d:\d\d UTC_$/m);
  });

  it('writes every version of an edited prompt with --branches all, from a tree, and says so from the messages format', async () => {
    const node = (id: string, parent: string | null, children: string[], role: string, words: string) => ({
      id,
      parent,
      children,
      message: { id, author: { role }, content: { content_type: 'text', parts: [words] } },
    });
    const tree = {
      conversation_id: 'c-edit',
      title: 'Edited',
      current_node: 'a2',
      mapping: {
        u1: node('u1', null, ['a1'], 'user', 'How far is Sintra?'),
        a1: node('a1', 'u1', ['u2', 'u3'], 'assistant', 'About 30 km.'),
        u2: node('u2', 'a1', [], 'user', 'By train?'),
        u3: node('u3', 'a1', ['a2'], 'user', 'By train from Rossio?'),
        a2: node('a2', 'u3', [], 'assistant', 'About 40 minutes.'),
      },
    };
    const files = { 't.json': JSON.stringify(tree), 'c.json': messagesFile };
    const all = await run(['t.json', '--format', 'md', '--branches', 'all'], files);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain('_Branch 1 of 2 (edited prompt)_\n\n### User\n\nBy train?');
    expect(all.stdout).toContain('_Branch 2 of 2 (edited prompt, the one the site shows)_');
    const active = await run(['t.json', '--format', 'md'], files);
    expect(active.stdout).not.toContain('By train?\n');
    const flat = await run(['c.json', '--format', 'md', '--branches', 'all'], files);
    expect(flat.stdout).toContain('_The branch the site shows only: the tree format');
  });

  it('refuses a choice it does not know, naming the ones it does', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--reasoning', 'brief'], /Unknown reasoning "brief": use full, summary, none\./],
      [['--tool-calls', 'hidden'], /Unknown tool calls "hidden": use shown, none\./],
      [['--timestamps', 'yes'], /Unknown timestamps "yes": use on, off\./],
      [['--timestamps'], /--timestamps needs a value\./],
      [['--branches', 'every'], /Unknown branches "every": use active, all\./],
    ];
    for (const [flags, message] of cases) {
      const result = await run(['c.json', '--format', 'md', ...flags], { 'c.json': messagesFile });
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('writes Markdown into --out-dir when no --format is given, as --zip does', async () => {
    const result = await run(['conversations.json', '--out-dir', 'vault'], {
      'conversations.json': conversationsExport([webSearch]),
    });
    expect(result.code, result.stderr).toBe(0);
    const documents = [...result.written.keys()].filter((name) => /^vault\/\d{4}\/\d\d\/.+\.md$/.test(name));
    expect(documents).toHaveLength(1);
    expect(result.written.get(documents[0] ?? '')).toContain(`id: "${FIXTURE_IDS.webSearch}"`);
  });

  it('writes each conversation of a data export to its own file in --out-dir, under its month, named by --file-name', async () => {
    const exportFile = conversationsExport([webSearch, plain, { ...plain, id: 'same-title-other-id' }]);
    const result = await run(
      ['conversations.json', '--format', 'md', '--out-dir', 'vault/', '--file-name', '{title} ({date})'],
      { 'conversations.json': exportFile },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.folders.has('vault')).toBe(true);
    const names = [...result.written.keys()].filter((name) => /^vault\/\d{4}\//.test(name)).sort();
    expect(names).toHaveLength(3);
    for (const name of names)
      expect(name).toMatch(/^vault\/(\d{4})\/(\d\d)\/[^/]+ \(\1-\2-\d\d\)(?: \(2\))?\.md$/);
    for (const name of names) expect(result.folders.has(name.slice(0, name.lastIndexOf('/')))).toBe(true);
    // Two conversations of one title and day: the second gets " (2)", and nothing is written over.
    expect(names.filter((name) => name.includes(' (2).md'))).toHaveLength(1);
    const bodies = names.map((name) => result.written.get(name) ?? '');
    expect(bodies.filter((body) => body.includes(`id: "${FIXTURE_IDS.webSearch}"`))).toHaveLength(1);
    expect(bodies.filter((body) => body.includes('id: "same-title-other-id"'))).toHaveLength(1);
    // The layout of a ZIP of many conversations: an index, the tables and a report beside the months.
    for (const top of ['index.md', 'library.csv', 'library.ads.csv', 'library.offers.csv', 'report.json'])
      expect(result.written.has(`vault/${top}`), top).toBe(true);
  });

  it('reads --flag=value too, and says what is wrong with a flag, its value or the files', async () => {
    const searched = await run(['c.json', '--format=md', '--reasoning=none'], { 'c.json': messagesFile });
    expect(searched.code, searched.stderr).toBe(0);
    expect(searched.stdout.startsWith('---\n')).toBe(true);
    const cases: Array<[string[], RegExp]> = [
      [['c.json', '--colour', 'red'], /^Unknown option --colour\./],
      [['c.json', '-x'], /^Unknown option -x\./],
      [['c.json', '--include-hidden=yes'], /^--include-hidden takes no value\./],
      [
        ['c.json', '--zip', 'a.zip', '--search', '-ferry'],
        /^--search needs a value: for one that starts with "-", write --search=<value>\./,
      ],
      [['c.json', 'd.json'], /^Give one file\./],
      [['--format', 'md'], /^Give the file to inspect\./],
    ];
    for (const [flags, message] of cases) {
      const result = await run(flags, { 'c.json': messagesFile });
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it('says which field of a template is unknown, and what --out-dir needs', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['c.json', '--file-name', '{date} {tilte}'], /--file-name: \{tilte\} is not a field: use \{title\}/],
      [['c.json', '--file-name', '{date'], /--file-name: A \{ or \} has no partner/],
      [['c.json', '--front-matter', 'title {title}'], /--front-matter: "title \{title\}" needs a key/],
      [['c.json', '--front-matter', 'my title: {title}'], /"my title" is not a plain key/],
      [['c.json', '--front-matter', 'a: 1\na: 2'], /"a" is given twice/],
      [
        ['c.json', '--format', 'library-csv', '--out-dir', 'vault'],
        /--out-dir writes one file per conversation in a text export format/,
      ],
      [
        ['c.json', '--format', 'md', '--out-dir', 'v', '--out', 'x.md'],
        /Give one of --out, --out-dir and --zip/,
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv, { 'c.json': messagesFile });
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.written.size).toBe(0);
    }
  });

  it('fails clearly when the folder cannot be made, writing nothing', async () => {
    const result = await run(
      ['c.json', '--format', 'md', '--out-dir', 'locked'],
      { 'c.json': messagesFile },
      {
        readOnlyDisk: true,
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Cannot write locked: EACCES/);
    expect(result.written.size).toBe(0);
  });
});
