import { type JSX, useState } from 'react';
import { brandsFileText } from '@/lens/library/brands-file';
import { downloadFile } from '@/lens/runtime/contract/download-file';
import { type BrandSettings, namesAnyBrand } from '@/lib/library/brand-settings';
import { countOf } from '@/lib/model/count-text';
import { BrandEditor } from './BrandEditor';
import { ownLabel } from './brand-shares';
import './brand-editor.css';

const JSON_TYPE = 'application/json';

/** What the folded editor says of the brands set. */
const summaryOf = (brands: BrandSettings): string =>
  namesAnyBrand(brands)
    ? `${ownLabel(brands.own.name)} and ${countOf(brands.competitors.length, 'competitor', 'competitors')}`
    : 'No brand set yet';

/** The brands as the file `inspect --brands` reads (lens/library/brands-file.ts), downloaded. */
function exportBrands(brands: BrandSettings): void {
  const text = brandsFileText(brands, new Date());
  downloadFile(document, {
    fileName: 'chat-lens-brands.json',
    mimeType: JSON_TYPE,
    body: new Blob([text], { type: JSON_TYPE }),
  });
}

/**
 * The user's brand and competitors, in a disclosure: open while no brand is set, so the editor is the
 * first thing to fill; folded once they are, so the figures come first. A native `<details>`, opened and
 * closed by the keyboard as by the pointer.
 */
export function BrandSettingsDisclosure({
  brands,
  onSave,
}: {
  brands: BrandSettings;
  onSave: (brands: BrandSettings) => Promise<void>;
}): JSX.Element {
  const [open, setOpen] = useState(() => !namesAnyBrand(brands));
  return (
    <details className="brand-settings" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="brand-settings__title">Your brand and competitors</span>{' '}
        <span className="brand-settings__summary">{summaryOf(brands)}</span>
      </summary>
      <p className="library-section__note">
        Pages on a brand's domains (and their subdomains) count as citing it; its words, as whole words in an
        answer, as naming it.
      </p>
      <BrandEditor brands={brands} onSave={onSave} />
      {namesAnyBrand(brands) && (
        <button type="button" className="button brand-settings__export" onClick={() => exportBrands(brands)}>
          Export brands (JSON, for inspect --brands)
        </button>
      )}
    </details>
  );
}
