import type { JSX } from 'react';
import { LockIcon } from '@/components/views/LockIcon';
import type { ProductSecretFlags } from '@/lib/model/product-entity';

const MEMBER_NAMES: Record<keyof ProductSecretFlags, string> = {
  hasLookupKeyData: 'Lookup key',
  hasIdToTokenMap: 'Token map',
  hasCheckoutPayload: 'Checkout payload',
  hasCheckoutImageUrls: 'Checkout images',
};

/**
 * The token-bearing members a product carried, shown as present and nothing more: their values never reached
 * the model (architecture "Secrets"), so there is nothing else to show.
 */
export function TokenMembers({ flags }: { flags: ProductSecretFlags }): JSX.Element | null {
  const present = (Object.keys(MEMBER_NAMES) as Array<keyof ProductSecretFlags>).filter(
    (flag) => flags[flag],
  );
  if (present.length === 0) return null;
  return (
    <ul className="token-members" aria-label="Token-bearing members, values withheld">
      {present.map((flag) => (
        <li key={flag}>
          {MEMBER_NAMES[flag]}{' '}
          <span className="token-members__present">
            <LockIcon /> present
          </span>
        </li>
      ))}
    </ul>
  );
}
