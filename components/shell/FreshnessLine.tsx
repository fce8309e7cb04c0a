import type { JSX } from 'react';
import { useNow } from '@/components/use-now';
import { agoText, clockTime } from './time-text';

/** "updated 12 s ago", or while the governor waits "rate limited until 14:03:20" (site-interface 7). */
export function FreshnessLine({
  updatedAt,
  rateLimitedUntil,
}: {
  updatedAt: number;
  rateLimitedUntil: number | null;
}): JSX.Element {
  const now = useNow();
  if (rateLimitedUntil !== null && rateLimitedUntil > now) {
    return (
      <span className="freshness freshness--limited" data-testid="freshness">
        rate limited until{' '}
        <time dateTime={new Date(rateLimitedUntil).toISOString()}>{clockTime(rateLimitedUntil)}</time>
      </span>
    );
  }
  return (
    <span className="freshness" data-testid="freshness">
      updated <time dateTime={new Date(updatedAt).toISOString()}>{agoText(updatedAt, now)}</time>
    </span>
  );
}
