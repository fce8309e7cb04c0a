import { describe, expect, it } from 'vitest';
import { siteAccessFace } from '@/components/shell/site-access-face';
import { emptyTabLens, type TabLens } from '@/lens/runtime/contract/tab-lens';

const CHAT = 'https://chatgpt.com/c/conv-1';
const GRANTED_AT = 5000;

const lensWrittenAt = (updatedAt: number): TabLens => ({
  ...emptyTabLens(3, updatedAt),
  url: CHAT,
  onChatSite: true,
  conversationId: 'conv-1',
});

describe('siteAccessFace', () => {
  it('says access is off while the browser hides the tab, and for any other site', () => {
    const off = { granted: false, regrantedAt: null };
    expect(siteAccessFace(off, null, null)).toEqual({ kind: 'access-off' });
    expect(siteAccessFace(off, null, lensWrittenAt(1))).toEqual({ kind: 'access-off' });
    expect(siteAccessFace(off, 'https://example.com/', null)).toEqual({ kind: 'access-off' });
  });

  it('serves a chatgpt.com tab a click gave the extension ("On click"): its data, or the load it needs', () => {
    const off = { granted: false, regrantedAt: null };
    expect(siteAccessFace(off, CHAT, lensWrittenAt(1))).toBeNull();
    expect(siteAccessFace(off, CHAT, null)).toEqual({ kind: 'reload-needed' });
  });

  it('leaves the face to the lens while access was never withdrawn in this view', () => {
    const on = { granted: true, regrantedAt: null };
    expect(siteAccessFace(on, CHAT, null)).toBeNull();
    expect(siteAccessFace(on, null, lensWrittenAt(1))).toBeNull();
  });

  it('asks for a reload of a chatgpt.com tab its relay has not reported from since the grant', () => {
    const regranted = { granted: true, regrantedAt: GRANTED_AT };
    expect(siteAccessFace(regranted, CHAT, null)).toEqual({ kind: 'reload-needed' });
    expect(siteAccessFace(regranted, CHAT, lensWrittenAt(GRANTED_AT - 1))).toEqual({ kind: 'reload-needed' });
    // The URL is not readable yet right after the grant: the tab may be the site's.
    expect(siteAccessFace(regranted, null, lensWrittenAt(1))).toEqual({ kind: 'reload-needed' });
  });

  it('shows the lens again once the reloaded tab reported, and never asks a reload of another site', () => {
    const regranted = { granted: true, regrantedAt: GRANTED_AT };
    expect(siteAccessFace(regranted, CHAT, lensWrittenAt(GRANTED_AT + 1))).toBeNull();
    expect(siteAccessFace(regranted, 'https://example.com/', null)).toBeNull();
  });
});
