import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type Surface } from './App';
import './app.css';

export function mountApp(surface: Surface): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Chat Lens: #root is missing from the page');
  createRoot(root).render(
    <StrictMode>
      <App surface={surface} />
    </StrictMode>,
  );
}
