import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { isChatSiteUrl } from '@/lib/capture/endpoint';
import type { LensFace } from './lens-face';

/** The extension's access to chatgpt.com as this view has seen it. */
export interface SiteAccess {
  granted: boolean;
  /** When the user granted it again while this view was open (epoch ms); null when it never was off here. */
  regrantedAt: number | null;
}

/**
 * The face the site's access earns before any other (architecture "Site access"), or null when it is on
 * and the tab is served as usual. Withdrawn, nothing of chatgpt.com reaches the extension, not even the
 * tab's URL, so the face says so whatever the tab, unless a click gave the extension that tab alone. Granted again while a chatgpt.com tab was open, that
 * tab has no relay (browsers inject content scripts at a page's load only) until it is reloaded, which the
 * tab's lens shows: no write since the grant.
 */
export function siteAccessFace(
  access: SiteAccess,
  tabUrl: string | null,
  lens: TabLens | null,
): Extract<LensFace, { kind: 'access-off' | 'reload-needed' }> | null {
  if (!access.granted) {
    // "On click" (Chromium): a click on the extension's button gives it this tab alone, which
    // permissions.contains does not count. The browser then shows the extension the tab's address, which it
    // hides while the site's access is off (use-target-tab.ts reads the tab again on every change of access).
    if (tabUrl === null || !isChatSiteUrl(tabUrl)) return { kind: 'access-off' };
    // Its relay runs once the page loads with the grant: until the tab reported, it needs that load.
    return lens === null ? { kind: 'reload-needed' } : null;
  }
  if (access.regrantedAt === null) return null;
  const mayBeChat = tabUrl === null || isChatSiteUrl(tabUrl);
  const relayQuiet = lens === null || lens.updatedAt < access.regrantedAt;
  return mayBeChat && relayQuiet ? { kind: 'reload-needed' } : null;
}
