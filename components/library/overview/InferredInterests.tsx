import type { JSX } from 'react';
import { dayText } from '@/components/library/shared/date-text';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import type { LibraryOverview } from '@/lens/library/overview';

/**
 * The interests ChatGPT's ads inferred, as the last data export imported listed them (export-format
 * "Reading the data export"); nothing when no export said any.
 */
export function InferredInterests({
  interests,
}: {
  interests: LibraryOverview['interests'];
}): JSX.Element | null {
  if (interests === null) return null;
  return (
    <LibrarySection
      title="Interests ChatGPT's ads inferred"
      note={`From the data export imported on ${dayText(interests.importedAt)}.`}
    >
      <ul className="overview-interests">
        {interests.names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </LibrarySection>
  );
}
