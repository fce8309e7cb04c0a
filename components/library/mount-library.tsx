// First, for the reason components/mount-app.tsx gives: the base sheet before the components' own.
import '@/components/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LibraryPage } from './LibraryPage';
import { readLibraryFirst } from './library-first';

/** Renders once the settings and the summaries are read (library-first.ts): the first render has the data. */
export async function mountLibrary(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Chat Lens: #root is missing from the page');
  const first = await readLibraryFirst();
  createRoot(root).render(
    <StrictMode>
      <LibraryPage first={first} />
    </StrictMode>,
  );
}
