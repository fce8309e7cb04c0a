import { useEffect, useState } from 'react';
import { loadBrands } from '@/lens/runtime/contract/library-items';
import { type BrandSettings, NO_BRANDS } from '@/lib/library/brand-settings';

/** The brands the user set, once read (null until then; none when they cannot be read), and their setter. */
export function useBrands(): [BrandSettings | null, (brands: BrandSettings) => void] {
  const [brands, setBrands] = useState<BrandSettings | null>(null);
  useEffect(() => {
    loadBrands().then(setBrands, () => setBrands(NO_BRANDS));
  }, []);
  return [brands, setBrands];
}
