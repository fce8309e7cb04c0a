import { create } from 'zustand';

/** View state of the views only: the queries filter outlives a switch to another tab and back. */
interface ViewsState {
  queryFilter: string;
  setQueryFilter(filter: string): void;
}

export const useViewsState = create<ViewsState>((set) => ({
  queryFilter: '',
  setQueryFilter: (queryFilter) => set({ queryFilter }),
}));
