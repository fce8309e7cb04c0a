import { create } from 'zustand';
import type { FeatureId } from '@/features/index';

/**
 * What the popup and the side panel hold of their own, one store for both the shell and the views: which
 * view is shown, what is open, and the queries filter, which outlives a switch to another view and back.
 * The data comes from the storage items.
 */
interface ViewState {
  shownView: FeatureId;
  settingsOpen: boolean;
  exportMenuOpen: boolean;
  queryFilter: string;
  showView(view: FeatureId): void;
  toggleSettings(): void;
  setExportMenuOpen(open: boolean): void;
  setQueryFilter(filter: string): void;
}

export const useViewStore = create<ViewState>((set) => ({
  shownView: 'queries',
  settingsOpen: false,
  exportMenuOpen: false,
  queryFilter: '',
  showView: (shownView) => set({ shownView }),
  toggleSettings: () => set((state) => ({ settingsOpen: !state.settingsOpen })),
  setExportMenuOpen: (exportMenuOpen) => set({ exportMenuOpen }),
  setQueryFilter: (queryFilter) => set({ queryFilter }),
}));
