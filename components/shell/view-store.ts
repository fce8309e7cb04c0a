import { create } from 'zustand';
import type { ViewId } from '@/components/views/registry';

/** View state only: what is selected and open. The data comes from the storage items. */
interface ViewState {
  shownView: ViewId;
  settingsOpen: boolean;
  exportMenuOpen: boolean;
  showView(view: ViewId): void;
  toggleSettings(): void;
  setExportMenuOpen(open: boolean): void;
}

export const useViewStore = create<ViewState>((set) => ({
  shownView: 'queries',
  settingsOpen: false,
  exportMenuOpen: false,
  showView: (shownView) => set({ shownView }),
  toggleSettings: () => set((state) => ({ settingsOpen: !state.settingsOpen })),
  setExportMenuOpen: (exportMenuOpen) => set({ exportMenuOpen }),
}));
