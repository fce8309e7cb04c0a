// First: each page is built into one style sheet in the order of its imports (wxt.config.ts), and the
// base sheet must come before the components' own sheets, which refine it (`.button--danger` after
// `.button`).
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readFirstState } from './first-state';
import type { Surface } from './surface';

/** Renders once the stored state is read (first-state.ts), so the first render shows the data. */
export async function mountApp(surface: Surface): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Chat Lens: #root is missing from the page');
  const first = await readFirstState();
  createRoot(root).render(
    <StrictMode>
      <App surface={surface} first={first} />
    </StrictMode>,
  );
}
