import type { JSX } from 'react';
import { refusalText } from '@/lib/model/site-refusal';
import { errorAdvice } from './error-advice';
import type { LensBanner } from './lens-face';
import { clockTime } from './time-text';

function bannerText(banner: LensBanner): string {
  switch (banner.kind) {
    case 'signed-out':
      return 'Signed out: sign in to chatgpt.com in this tab to load anything new. What was loaded stays here.';
    case 'rate-limited':
      return `Rate limited until ${clockTime(banner.until)}: nothing is sent until then; what was loaded stays here.`;
    case 'error':
      return `${banner.error.message} ${errorAdvice(banner.error.code)}`;
    case 'refused':
      return `${refusalText(banner.refusal)} No answer came to the last prompt; what was loaded stays here.`;
  }
}

/** Above the views, when the data shown may be behind: the data stays on screen (site-interface 7). */
export function StateBanner({ banner }: { banner: LensBanner }): JSX.Element {
  return (
    <p className={`banner banner--${banner.kind}`} data-banner={banner.kind} role="status">
      {bannerText(banner)}
    </p>
  );
}
