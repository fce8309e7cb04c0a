import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readFirstState } from './first-state';
import type { Surface } from './surface';
import './app.css';

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
