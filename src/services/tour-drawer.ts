import { useSyncExternalStore } from 'react';

// Whether the tour holds the menu drawer open (below 768 px the menu items it shows live there).
// A tiny store rather than the tour's actor: the shell only needs this one flag.

let pinned = false;
const listeners = new Set<() => void>();

export function setTourDrawer(open: boolean): void {
  if (open === pinned) return;
  pinned = open;
  listeners.forEach((l) => l());
}

export function useTourDrawer(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pinned,
  );
}
