/** Where the shell is shown: the toolbar popup, or the side panel (Firefox: the sidebar). */
export type Surface = 'popup' | 'sidepanel';
