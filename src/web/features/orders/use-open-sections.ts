import { useState } from 'react';
import type { OrderSectionsResult } from './api';
import { OPEN_ALL_UP_TO, type AcceptedFilter, type SectionKey } from './filter';

/** The cancelled orders' section (no location id is this). */
export const CANCELLED: SectionKey = 'cancelled';

/**
 * Which sections of the orders page are open (decision 056). A menu with at most OPEN_ALL_UP_TO
 * orders on its tab when first read opens them all (as the page always did); a bigger one opens
 * none, so the page reads a section's orders only when asked. "Show / Hide orders" overrides.
 */
export function useOpenSections(menuId: number | null, filter: AcceptedFilter, data: OrderSectionsResult | undefined) {
  const scope = `${menuId} ${filter}`;
  const [state, setState] = useState<{ scope: string; all: boolean | null; toggled: ReadonlyMap<SectionKey, boolean> }>({
    scope,
    all: null,
    toggled: new Map(),
  });
  // A new menu or tab starts again; the first answer decides whether all open (set while rendering, React's way).
  let current = state.scope === scope ? state : { scope, all: null, toggled: new Map<SectionKey, boolean>() };
  if (current.all === null && data) current = { ...current, all: data.totals.count <= OPEN_ALL_UP_TO };
  if (current !== state) setState(current);
  const isOpen = (key: SectionKey) => current.toggled.get(key) ?? current.all === true;
  return {
    isOpen,
    toggle: (key: SectionKey) =>
      setState((prev) => {
        const toggled = new Map(prev.toggled);
        toggled.set(key, !(prev.toggled.get(key) ?? prev.all === true));
        return { ...prev, toggled };
      }),
  };
}
