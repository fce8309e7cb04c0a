import { fileURLToPath } from 'node:url';

/** A release the upgrade test installs before this build (testing "Upgrades"). */
export interface EarlierRelease {
  commit: string;
  /** What its library lacks that this build reads. */
  why: string;
}

/**
 * The releases a user may update from, oldest first: `npm run earlier-releases` builds each from the
 * repository's history into its ZIP (earlierReleaseZip). The newest is the release before this one.
 */
export const EARLIER_RELEASES: readonly EarlierRelease[] = [
  {
    commit: 'af7b61fffa85aaa7e91dd8eaa178c02b8d62786c',
    why: 'database version 2: records without versions of a prompt, shapes not read or dated ads',
  },
  {
    commit: 'a799d8d559543996068b432fe9dc3ab6373a68f5',
    why: 'the release before this one',
  },
];

/** Where a release's Chromium build is kept, as a ZIP of its output folder. */
export const earlierReleaseZip = (release: EarlierRelease): string =>
  fileURLToPath(new URL(`../e2e/releases/${release.commit.slice(0, 7)}.chrome.zip`, import.meta.url));
