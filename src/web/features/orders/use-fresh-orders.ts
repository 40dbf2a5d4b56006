import { useEffect, useRef, useState } from 'react';
import type { Order } from './api';

/**
 * Orders that arrived while the page was open: highlighted until seen (accepted, or "Mark as
 * seen"). The first list of a menu is what was there already; later lists add what is new.
 */
export function useFreshOrders(menuId: number | null, groups: readonly { orders: readonly Order[] }[] | undefined) {
  const known = useRef<{ menuId: number | null; ids: Set<number> | null }>({ menuId: null, ids: null });
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!groups) return;
    const ids = groups.flatMap((g) => g.orders.map((o) => o.id));
    const k = known.current;
    if (k.menuId !== menuId || k.ids === null) {
      known.current = { menuId, ids: new Set(ids) };
      setFresh(new Set());
      return;
    }
    const arrived = ids.filter((id) => !k.ids!.has(id));
    for (const id of arrived) k.ids.add(id);
    if (arrived.length > 0) setFresh((prev) => new Set([...prev, ...arrived]));
  }, [groups, menuId]);
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
