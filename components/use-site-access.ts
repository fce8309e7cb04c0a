import { useEffect, useState } from 'react';
import type { SiteAccess } from '@/components/shell/site-access-face';
import { followSiteAccess, hasSiteAccess } from '@/lens/runtime/contract/site-access';

/**
 * The extension's access to chatgpt.com, from `first` (read before the first render, first-state.ts) and
 * then followed live as the user withdraws or grants it. undefined while no read answered.
 */
export function useSiteAccess(first: boolean | undefined): SiteAccess | undefined {
  const [access, setAccess] = useState<SiteAccess | undefined>(
    first === undefined ? undefined : { granted: first, regrantedAt: null },
  );
  useEffect(() => {
    const unfollow = followSiteAccess((granted) =>
      setAccess((shown) => {
        if (shown?.granted === granted) return shown;
        // A grant after the view saw the site withdrawn: the open tab may need a reload (site-access-face.ts).
        const regrantedAt = granted && shown?.granted === false ? Date.now() : null;
        return { granted, regrantedAt };
      }),
    );
    if (first === undefined)
      void hasSiteAccess().then(
        (granted) => setAccess((shown) => shown ?? { granted, regrantedAt: null }),
        () => undefined,
      );
    return unfollow;
  }, [first]);
  return access;
}
