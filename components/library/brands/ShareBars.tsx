import type { CSSProperties, JSX } from 'react';
import { countText, shareText } from '@/components/library/shared/number-text';
import type { ShareRow } from './brand-shares';
import './share-bars.css';

/** A fraction of the largest end as a CSS length along the track. */
const percent = (value: number, largest: number): string => `${largest === 0 ? 0 : (value / largest) * 100}%`;

/**
 * A share over every prompt as horizontal bars, each with its 95% interval drawn across its end: laid out
 * in HTML so the labels keep their size at any width (320 px included). A picture only: the table beside it
 * says the same to a screen reader and the keyboard, so it is hidden from them.
 */
export function ShareBars({ rows }: { rows: readonly ShareRow[] }): JSX.Element {
  const largest = Math.max(
    0,
    ...rows.map(({ parts }) => Math.max(parts.all.share ?? 0, parts.all.interval?.high ?? 0)),
  );
  return (
    <div className="share-bars" aria-hidden="true">
      {rows.map(({ key, label, parts, own, muted }) => {
        const { share, count, interval } = parts.all;
        const tone = own ? 'own' : muted ? 'muted' : 'plain';
        const bar: CSSProperties = { width: percent(share ?? 0, largest) };
        const span: CSSProperties | null =
          interval === null
            ? null
            : { left: percent(interval.low, largest), width: percent(interval.high - interval.low, largest) };
        return (
          <div key={key} className={`share-bars__row share-bars__row--${tone}`}>
            <span className="share-bars__label">{label}</span>
            <span className="share-bars__track">
              <span className="share-bars__bar" style={bar} />
              {span !== null && <span className="share-bars__interval" style={span} />}
            </span>
            <span className="share-bars__value">{share === null ? countText(count) : shareText(share)}</span>
          </div>
        );
      })}
    </div>
  );
}
