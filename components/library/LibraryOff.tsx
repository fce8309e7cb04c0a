import type { JSX } from 'react';

/** What the library keeps and where, in the words of the page's empty state (architecture "The library"). */
function WhatItKeeps(): JSX.Element {
  return (
    <ul className="library-face__facts">
      <li>
        Every conversation you inspect with Chat Lens: its searches, the pages retrieved and cited, the ads
        and the offers, so you can compare them across conversations.
      </li>
      <li>Kept in this browser profile only, in its IndexedDB storage: nothing leaves the browser.</li>
      <li>The text of the answers only while “Keep answer text” is on (it counts brand mentions).</li>
      <li>Erasable at once: delete one conversation or everything in the Manage tab.</li>
      <li>Deleted automatically after a number of days, if you choose one.</li>
    </ul>
  );
}

/**
 * The library is off (the default). With nothing kept, the page is this explanation and its switch; with
 * conversations kept from before, a banner above them: what is kept stays readable.
 */
export function LibraryOff({ kept, onTurnOn }: { kept: number; onTurnOn: () => void }): JSX.Element {
  const button = (
    <button type="button" className="button button--primary" onClick={onTurnOn}>
      Turn on the library
    </button>
  );
  if (kept > 0)
    return (
      <div className="banner library-banner" data-testid="library-off">
        <p>
          The library is off: nothing new is kept. The conversations kept before stay here until you delete
          them.
        </p>
        {button}
      </div>
    );
  return (
    <section className="face library-face" aria-labelledby="library-off-title" data-testid="library-off">
      <h2 id="library-off-title">The library is off</h2>
      <WhatItKeeps />
      {button}
    </section>
  );
}
