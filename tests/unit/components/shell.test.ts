import { describe, expect, it } from 'vitest';
import { lensFace } from '@/components/shell/lens-face';
import { agoText, clockTime } from '@/components/shell/time-text';
import { viewForKey } from '@/components/shell/view-keys';
import { VIEWS, type ViewId } from '@/components/views/registry';
import { featureSnapshot } from '@/features/index';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import { emptyTabLens, NO_CAPTURE, type TabLens } from '@/lens/runtime/contract/tab-lens';
import { NOTHING_OBSERVED } from '@/lib/model/transport';

const CHAT = 'https://chatgpt.com/c/conv-1';

function snapshotOf(extra: Partial<LensSnapshot> = {}): LensSnapshot {
  return {
    conversationId: 'conv-1',
    summary: {
      title: 'Headphones',
      model: 'gpt-5',
      messageCount: 4,
      turnCount: 2,
      extraKeys: [],
      answering: false,
    },
    ...featureSnapshot(null),
    turnLabels: {},
    promptVersions: [],
    transport: 'websocket',
    transportCounts: NOTHING_OBSERVED,
    progress: { pagesLoaded: 1, messagesLoaded: 4, hasMore: false, loading: null },
    load: { status: 'idle', rateLimitedUntil: null, error: null },
    offersRefresh: { running: false, done: 0, total: 0, failures: 0, rateLimitedUntil: null, error: null },
    errors: [],
    warnings: [],
    governor: { blockedUntil: null, strikes: 0 },
    rateLimitedUntil: null,
    updatedAt: 1000,
    ...extra,
  };
}

function lensOf(url: string, snapshot: LensSnapshot | null): TabLens {
  const conversationId = /\/c\/([^/?#]+)/.exec(url)?.[1] ?? null;
  return {
    ...emptyTabLens(3, 0),
    url,
    onChatSite: url.startsWith('https://chatgpt.com'),
    conversationId,
    captured: NO_CAPTURE,
    snapshot,
  };
}

describe('lensFace', () => {
  it('tells another site, the chat site without a conversation, and a conversation still loading apart', () => {
    expect(lensFace({ url: null }, null).kind).toBe('not-on-site');
    expect(lensFace({ url: 'https://example.com/c/x' }, null).kind).toBe('not-on-site');
    expect(lensFace({ url: 'https://chatgpt.com/' }, null).kind).toBe('no-conversation');
    expect(lensFace({ url: CHAT }, lensOf('https://chatgpt.com/gpts', null)).kind).toBe('no-conversation');
    expect(lensFace({ url: CHAT }, null).kind).toBe('loading');
    expect(lensFace({ url: CHAT }, lensOf(CHAT, null)).kind).toBe('loading');
    expect(lensFace({ url: CHAT }, lensOf(CHAT, snapshotOf({ summary: null }))).kind).toBe('loading');
  });

  it('replaces the views with the load outcome only while nothing of the conversation is held', () => {
    const signedOut = snapshotOf({
      summary: null,
      load: { status: 'signed-out', rateLimitedUntil: null, error: null },
    });
    expect(lensFace({ url: CHAT }, lensOf(CHAT, signedOut))).toEqual({ kind: 'signed-out' });
    const limited = snapshotOf({ summary: null, rateLimitedUntil: 9000 });
    expect(lensFace({ url: CHAT }, lensOf(CHAT, limited))).toEqual({ kind: 'rate-limited', until: 9000 });
    const error = { code: 'server' as const, message: 'The server answered 503.' };
    const failed = snapshotOf({ summary: null, load: { status: 'failed', rateLimitedUntil: null, error } });
    expect(lensFace({ url: CHAT }, lensOf(CHAT, failed))).toEqual({ kind: 'error', error });
  });

  it('keeps the data on screen with banners once the conversation is held', () => {
    const error = { code: 'network' as const, message: 'The request did not complete.' };
    const snapshot = snapshotOf({
      load: { status: 'signed-out', rateLimitedUntil: null, error: null },
      rateLimitedUntil: 5000,
      errors: [{ code: 'signed-out', message: '401' }, error],
    });
    expect(lensFace({ url: CHAT }, lensOf(CHAT, snapshot))).toEqual({
      kind: 'views',
      snapshot,
      banners: [{ kind: 'signed-out' }, { kind: 'rate-limited', until: 5000 }, { kind: 'error', error }],
    });
    expect(lensFace({ url: CHAT }, lensOf(CHAT, snapshotOf()))).toMatchObject({ kind: 'views', banners: [] });
  });
});

describe('a refused prompt', () => {
  const refusal = { status: 403, words: 'Unusual activity has been detected from your device.' };

  it('is its own face on a new chat, never "no conversation" or "loading"', () => {
    const newChat = { ...lensOf('https://chatgpt.com/', null), refusal };
    expect(lensFace({ url: 'https://chatgpt.com/' }, newChat)).toEqual({ kind: 'refused', refusal });
    expect(lensFace({ url: CHAT }, { ...lensOf(CHAT, null), refusal })).toEqual({ kind: 'refused', refusal });
  });

  it('is a banner first above a conversation already held', () => {
    expect(lensFace({ url: CHAT }, { ...lensOf(CHAT, snapshotOf()), refusal })).toMatchObject({
      kind: 'views',
      banners: [{ kind: 'refused', refusal }],
    });
  });
});

describe('viewForKey', () => {
  // The views' places in VIEWS, so a view added there is reached without a change here.
  const ids: ViewId[] = VIEWS.map((view) => view.id);
  const viewAt = (index: number): ViewId => ids.at(index) ?? expect.unreachable(`no view at ${index}`);

  it('moves with the arrows, wrapping, jumps with Home, End and the digits, and ignores other keys', () => {
    expect(viewForKey('ArrowRight', viewAt(0))).toBe(viewAt(1));
    expect(viewForKey('ArrowLeft', viewAt(1))).toBe(viewAt(0));
    expect(viewForKey('ArrowLeft', viewAt(0))).toBe(viewAt(-1));
    expect(viewForKey('ArrowRight', viewAt(-1))).toBe(viewAt(0));
    expect(viewForKey('End', viewAt(1))).toBe(viewAt(-1));
    expect(viewForKey('Home', viewAt(-2))).toBe(viewAt(0));
    expect(ids.map((_, index) => viewForKey(String(index + 1), viewAt(0)))).toEqual(ids);
    // The digit after the last view's reaches none.
    expect(viewForKey(String(ids.length + 1), viewAt(-1))).toBeNull();
    expect(viewForKey('a', viewAt(-1))).toBeNull();
  });
});

describe('time texts', () => {
  it('says how long ago coarsely, and never in the future', () => {
    expect(agoText(10_000, 9_000)).toBe('just now');
    expect(agoText(0, 12_000)).toBe('12 s ago');
    expect(agoText(0, 5 * 60_000)).toBe('5 min ago');
    expect(agoText(0, 3 * 3_600_000)).toBe('3 h ago');
    expect(agoText(0, 72 * 3_600_000)).toBe('3 days ago');
  });

  it('writes a wall-clock time as HH:MM:SS', () => {
    expect(clockTime(new Date(2026, 0, 2, 9, 5, 7).getTime())).toBe('09:05:07');
  });
});
