import { useEffect } from 'react';
import type { ThemeChoice } from '@/lens/runtime/contract/settings';

/**
 * The theme setting on <html>: "system" leaves the attribute off, so app.css follows
 * prefers-color-scheme; "light" and "dark" force their tokens through data-theme.
 */
export function useTheme(theme: ThemeChoice): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') root.removeAttribute('data-theme');
    else root.dataset.theme = theme;
  }, [theme]);
}
