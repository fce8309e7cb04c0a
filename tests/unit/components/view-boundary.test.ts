import { parseHTML } from 'linkedom';
import { act, createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureReport } from '@/components/shell/failure-report';
import { ViewBoundary } from '@/components/shell/ViewBoundary';

/** The version a failure report names, as the manifest gives it (read at the click, never at a render). */
vi.mock('#imports', () => ({ browser: { runtime: { getManifest: () => ({ version: '0.1.0' }) } } }));

/** A page with a header and one view in its boundary, rendered by React into a DOM of its own. */
async function rendered(view: () => ReactNode): Promise<Document> {
  const { window, document } = parseHTML('<html><body><div id="root"></div></body></html>');
  Object.assign(globalThis, { window, document, IS_REACT_ACT_ENVIRONMENT: true });
  const root = createRoot(document.getElementById('root') as unknown as HTMLElement);
  const page = createElement(
    'main',
    null,
    createElement('h1', null, 'Chat Lens library'),
    createElement(ViewBoundary, { where: 'The Variance tab' }, createElement(view)),
  );
  await act(async () => root.render(page));
  return document;
}

/** A kept record that lacks what the view reads, as an earlier version kept it. */
const FAILING = (): never => {
  throw new TypeError('versions is not iterable');
};

describe('a view that fails to render', () => {
  // React reports every caught render error on the console; the face is what the user sees.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    // The unit files share one module graph and its globals: the next file finds no DOM, as before.
    for (const name of ['window', 'document', 'IS_REACT_ACT_ENVIRONMENT'])
      Reflect.deleteProperty(globalThis, name);
  });

  it('says what failed in its own place, and the page around it stays', async () => {
    const document = await rendered(FAILING);
    expect(document.querySelector('h1')?.textContent).toBe('Chat Lens library');
    const face = document.querySelector('[role="alert"]');
    expect(face?.textContent).toMatch(/^The Variance tab could not be shown \(TypeError\)\./);
    const buttons = [...(face?.querySelectorAll('button') ?? [])].map((button) => button.textContent);
    expect(buttons).toEqual(['Try again', 'Copy a failure report']);
  });

  it('is shown again once trying again succeeds', async () => {
    let mended = false;
    const document = await rendered(() => {
      if (!mended) throw new TypeError('versions is not iterable');
      return createElement('p', null, 'Prompts by how much their answers move');
    });
    mended = true;
    const retry = [...document.querySelectorAll('button')].find(
      (button) => button.textContent === 'Try again',
    );
    await act(async () =>
      retry?.dispatchEvent(
        new (globalThis.window as unknown as typeof globalThis).Event('click', { bubbles: true }),
      ),
    );
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(document.querySelector('p')?.textContent).toBe('Prompts by how much their answers move');
  });
});

describe('failureReport', () => {
  it('names the failure and where in the code, never a value', () => {
    const error = new SyntaxError(
      `Unexpected token "Where to eat in Lisbon?" in 'best restaurants' at 1764892800000 reading 'versions'`,
    );
    error.stack = [
      'SyntaxError: …',
      '    at promptVariances (chrome-extension://abcdefghijklmnop/chunks/prompt-variance-CisTzNEg.js:1:2345)',
      '    at VarianceTab (chrome-extension://abcdefghijklmnop/chunks/library-x.js:3:44)',
    ].join('\n');
    const report = failureReport(
      'The Variance tab',
      error,
      '\n    at VarianceTab (chrome-extension://abcdefghijklmnop/chunks/library-x.js:3:44)\n    at div',
      '0.1.0',
    );
    expect(report).toBe(
      [
        'Chat Lens 0.1.0: The Variance tab could not be shown',
        '',
        `SyntaxError: Unexpected token "…" in "…" at # reading 'versions'`,
        '',
        'Where:',
        '  at promptVariances (prompt-variance-CisTzNEg.js)',
        '  at VarianceTab (library-x.js)',
        '',
        'In:',
        '  at VarianceTab (library-x.js)',
        '  at div',
        '',
      ].join('\n'),
    );
  });

  it('reads what is thrown that is no Error', () => {
    expect(failureReport('The Ads view', 'garbled', null, '0.1.0')).toContain('string: ');
  });
});
