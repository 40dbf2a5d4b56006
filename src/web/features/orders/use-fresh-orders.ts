import { useEffect, useRef, useState } from 'react';
import type { Order } from './api';
import type { SectionKey } from './filter';

/**
 * Orders that arrived while the page was open: highlighted until seen (accepted, or "Mark as
 * seen"). A section's first list (read when it opens, decision 056) is what was there already;
 * its later lists add what is new.
 */
export function useFreshOrders(menuId: number | null, sections: ReadonlyMap<SectionKey, readonly Order[]>) {
  const known = useRef<{ menuId: number | null; sections: Set<SectionKey>; ids: Set<number> }>({
    menuId: null,
    sections: new Set(),
    ids: new Set(),
  });
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (known.current.menuId !== menuId) {
      known.current = { menuId, sections: new Set(), ids: new Set() };
      setFresh(new Set());
    }
    const arrived = newlyArrived(known.current, sections);
    if (arrived.length > 0) setFresh((prev) => new Set([...prev, ...arrived]));
  }, [sections, menuId]);
  return {
    fresh,
    /** These orders were seen (accepted): no longer highlighted. */
    seen: (ids: number[]) =>
      setFresh((prev) => {
        const next = new Set(prev);
        for (const id of ids) next.delete(id);
        return next;
      }),
    /** "Mark as seen": none highlighted. */
    seenAll: () => setFresh(new Set()),
  };
}

/** Adds the sections' orders to what is known; answers those that arrived in a section read before. */
function newlyArrived(k: { sections: Set<SectionKey>; ids: Set<number> }, sections: ReadonlyMap<SectionKey, readonly Order[]>): number[] {
  const arrived: number[] = [];
  for (const [key, orders] of sections) {
    const first = !k.sections.has(key);
    k.sections.add(key);
    for (const o of orders) {
      if (k.ids.has(o.id)) continue;
      k.ids.add(o.id);
      if (!first) arrived.push(o.id);
    }
  }
  return arrived;
}
