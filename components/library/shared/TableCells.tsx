import type { JSX } from 'react';
import { ExternalLink } from '@/components/views/ExternalLink';
import { dayText } from './date-text';

/** What an empty cell shows. */
export const NO_VALUE = '—';

/** A cell's text, the whole of it on hover: cells are one line and cut long text short. */
export function TextCell({ text }: { text: string | null }): JSX.Element {
  return <span title={text ?? undefined}>{text ?? NO_VALUE}</span>;
}

export function DayCell({ at }: { at: number | null }): JSX.Element {
  return <>{at === null ? NO_VALUE : dayText(at)}</>;
}

/** The row's conversation on chatgpt.com, in a new tab. */
export function ConversationLink({ url, title }: { url: string | null; title: string | null }): JSX.Element {
  const text = title ?? 'Untitled conversation';
  if (url === null) return <TextCell text={text} />;
  return (
    <span title={text}>
      <ExternalLink href={url}>{text}</ExternalLink>
    </span>
  );
}

/** A link out (a page, an ad's destination, an offer), or the empty mark. */
export function UrlCell({ url, text }: { url: string | null; text?: string | null }): JSX.Element {
  if (url === null) return <>{NO_VALUE}</>;
  return (
    <span title={url}>
      <ExternalLink href={url}>{text ?? url}</ExternalLink>
    </span>
  );
}
