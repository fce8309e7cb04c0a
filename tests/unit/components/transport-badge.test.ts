import { parseHTML } from 'linkedom';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TRANSPORT_UNSEEN_HINT, TransportBadge } from '@/components/shell/TransportBadge';
import type { Transport } from '@/lib/model/transport';

const render = (transport: Transport, resumed = false): Document =>
  parseHTML(`<body>${renderToStaticMarkup(createElement(TransportBadge, { transport, resumed }))}</body>`)
    .document;

describe('TransportBadge (site-interface 6)', () => {
  it('says "not seen yet" before an answer streams, and why, as its tooltip and its description', () => {
    const page = render('unknown');
    const badge = page.querySelector('[data-testid="transport-badge"]');
    expect(badge?.textContent).toBe('Transport: not seen yet');
    expect(badge?.getAttribute('title')).toBe(TRANSPORT_UNSEEN_HINT);
    const described = page.getElementById(badge?.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('The transport is known once an answer streams in this tab.');
    expect(described?.hidden).toBe(true);
  });

  it.each([
    ['websocket', 'WebSocket'],
    ['sse', 'SSE'],
  ] as const)('names the %s transport once seen, with nothing to explain', (transport, label) => {
    const page = render(transport);
    const badge = page.querySelector('[data-testid="transport-badge"]');
    expect(badge?.textContent).toBe(`Transport: ${label}`);
    expect(badge?.hasAttribute('title')).toBe(false);
    expect(badge?.hasAttribute('aria-describedby')).toBe(false);
  });

  it('names an SSE answer read from a resume call as resumed (site-interface 10.15), and only SSE so', () => {
    const badge = (transport: Transport) =>
      render(transport, true).querySelector('[data-testid="transport-badge"]')?.textContent;
    expect(badge('sse')).toBe('Transport: SSE (resumed)');
    expect(badge('websocket')).toBe('Transport: WebSocket');
  });
});
