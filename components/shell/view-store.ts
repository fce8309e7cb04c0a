import { create } from 'zustand';
import type { SectionId } from './sections';

/** View state only (issue 9): what is selected and open. The data comes from the storage items. */
interface ViewState {
  section: SectionId;
  settingsOpen: boolean;
  exportMenuOpen: boolean;
  showSection(section: SectionId): void;
  toggleSettings(): void;
  setExportMenuOpen(open: boolean): void;
}

export const useViewStore = create<ViewState>((set) => ({
  section: 'queries',
  settingsOpen: false,
  exportMenuOpen: false,
  showSection: (section) => set({ section }),
  toggleSettings: () => set((state) => ({ settingsOpen: !state.settingsOpen })),
  setExportMenuOpen: (exportMenuOpen) => set({ exportMenuOpen }),
}));
