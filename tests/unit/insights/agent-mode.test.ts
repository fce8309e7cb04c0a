import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentStep, agentUnknowns, isAgentStep, withFileNames } from '@/lib/insights/agent-mode';
import { message } from './build-conversation';

const call = (recipient: string, command: unknown) =>
  message({
    id: 'a',
    recipient,
    contentType: 'code',
    text: typeof command === 'string' ? command : JSON.stringify(command),
  });

const actionsOf = (...actions: unknown[]) => {
  const step = agentStep(call('computer.do', { actions }));
  return step?.kind === 'actions' ? step.actions : null;
};

describe('agentStep (site-interface 10.9)', () => {
  it('reads every action of a computer.do call the site is seen to send', () => {
    expect(
      actionsOf(
        { action: 'click', x: 154, y: 50, button: 1 },
        { action: 'click', x: 10, y: 20, button: 3 },
        { action: 'double_click', x: 5, y: 6 },
        { action: 'keypress', keys: ['CTRL', 'A'] },
        { action: 'type', text: 'rust' },
        { action: 'scroll', x: 1001, y: 651, scroll_x: 0, scroll_y: -728 },
        { action: 'move', x: 3, y: 4 },
        {
          action: 'drag',
          path: [
            { x: 1, y: 2 },
            { x: 5, y: 6 },
            { x: 9, y: 9 },
          ],
        },
        { action: 'wait' },
        { type: 'screenshot' },
        { action: 'open_url', url: 'https://example.com/' },
      ),
    ).toEqual([
      { type: 'click', at: { x: 154, y: 50 }, button: 'left', count: 1 },
      { type: 'click', at: { x: 10, y: 20 }, button: 'right', count: 1 },
      { type: 'click', at: { x: 5, y: 6 }, button: 'left', count: 2 },
      { type: 'keypress', keys: ['CTRL', 'A'] },
      { type: 'type', text: 'rust' },
      { type: 'scroll', direction: 'up' },
      { type: 'move', at: { x: 3, y: 4 } },
      { type: 'drag', from: { x: 1, y: 2 }, to: { x: 9, y: 9 } },
      { type: 'wait' },
      { type: 'screenshot' },
      { type: 'open', url: 'https://example.com/' },
    ]);
  });

  it('reads a call holding one action, fenced or not', () => {
    const step = agentStep(call('computer.do', '```json\n{"action": "scroll", "scroll_y": 300}\n```'));
    expect(step).toEqual({ kind: 'actions', actions: [{ type: 'scroll', direction: 'down' }] });
  });

  it('reads the other calls by what they did', () => {
    expect(agentStep(call('computer.initialize', {}))).toEqual({ kind: 'start' });
    expect(agentStep(call('computer.sync_file', { filepath: '/home/oai/share/sales 2026.csv' }))).toEqual({
      kind: 'save',
      name: 'sales 2026.csv',
    });
    expect(agentStep(call('container.exec', { cmd: ['bash', '-lc', 'ls -la /tmp'], timeout: 10 }))).toEqual({
      kind: 'run',
      command: 'ls -la /tmp',
    });
    expect(agentStep(call('container.exec', { cmd: ['python3', 'a.py'] }))).toEqual({
      kind: 'run',
      command: 'python3 a.py',
    });
    expect(agentStep(call('container.open_image', { path: '/home/oai/share/chart.png' }))).toEqual({
      kind: 'open-image',
      name: 'chart.png',
    });
    expect(agentStep(call('computer.get', {}))).toEqual({ kind: 'look' });
  });

  it('reads the page a computer output showed, and knows the run by its opening message', () => {
    const output = message({
      id: 'o',
      role: 'tool',
      authorName: 'computer.do',
      contentType: 'computer_output',
      text: '[Screenshot: file_1, 1024×768]\n\nFares\nhttps://fares.example/',
    });
    expect(agentStep(output)).toEqual({
      kind: 'view',
      page: { url: 'https://fares.example/', title: 'Fares' },
    });
    const opening = message({ id: 'e', role: 'tool', authorName: 'q1w2e3.metadata' });
    expect(isAgentStep({ ...opening, metadata: { agent_entrypoint: 'agent_mode' } })).toBe(true);
    expect(isAgentStep(opening)).toBe(false);
    expect(agentStep(message({ id: 'p', recipient: 'python' }))).toBeNull();
  });

  it('names what it cannot read: an action, an action without a name, a method', () => {
    expect(agentUnknowns(call('computer.do', { actions: [{ action: 'pinch', x: 1 }, { x: 2 }] }))).toEqual([
      'computer.do:pinch',
      'computer.do:(none)',
    ]);
    expect(agentUnknowns(call('computer.teleport', {}))).toEqual(['computer.teleport']);
    expect(agentUnknowns(call('computer.do', { actions: [{ action: 'click', x: 1, y: 2 }] }))).toEqual([]);
  });

  it('never throws, whatever a call holds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('computer.do', 'computer.sync_file', 'container.exec', 'computer.x'),
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (recipient, text) => {
          agentStep(call(recipient, text));
          agentUnknowns(call(recipient, text));
        },
      ),
    );
  });
});

describe('withFileNames (site-interface 10.9)', () => {
  const write = (name: string | null): string => `<${name ?? 'a file'}>`;
  const reference = (id: string, name: Record<string, string>) => ({ type: 'file', file_id: id, ...name });

  it('names each placeholder by the file references, under whatever key and in either form', () => {
    const text = 'See {{file:file-A1}}, {{file:file-B2}}, {{file:file-C3}} and {{file:file-D4}}.';
    const metadata = {
      n7jupd_crefs: [reference('file-A1', { file_name: 'fares.csv' })],
      n7jupd_crefs_by_file: { 'file-B2': [reference('file-B2', { filepath: '/home/oai/share/map.png' })] },
      q4xk2m_crefs: [{ cite_key: 'file-C3', name: 'notes.txt' }],
    };
    expect(withFileNames(text, metadata, write)).toBe(
      'See <fares.csv>, <map.png>, <notes.txt> and <a file>.',
    );
  });

  it('leaves a text without placeholders alone, and never throws on odd metadata', () => {
    expect(withFileNames('No files here.', { n7jupd_crefs: 'odd' }, write)).toBe('No files here.');
    const odd = { n7jupd_crefs: [null, 3, { file_id: 7 }, { file_id: 'file-X', file_name: '' }] };
    expect(withFileNames('{{file:file-X}}{{file:}}', odd, write)).toBe('<a file><a file>');
  });
});
