import { isChatSiteUrl } from '@/lib/capture/endpoint';
import type { TabLens } from '@/lib/runtime/contract/tab-lens';
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
 * tab's URL, so the face says so whatever the tab. Granted again while a chatgpt.com tab was open, that
 * tab has no relay (browsers inject content scripts at a page's load only) until it is reloaded, which the
 * tab's lens shows: no write since the grant.
 */
export function siteAccessFace(
  access: SiteAccess,
  tabUrl: string | null,
  lens: TabLens | null,
): Extract<LensFace, { kind: 'access-off' | 'reload-needed' }> | null {
  if (!access.granted) return { kind: 'access-off' };
  if (access.regrantedAt === null) return null;
  const mayBeChat = tabUrl === null || isChatSiteUrl(tabUrl);
  const relayQuiet = lens === null || lens.updatedAt < access.regrantedAt;
  return mayBeChat && relayQuiet ? { kind: 'reload-needed' } : null;
}
