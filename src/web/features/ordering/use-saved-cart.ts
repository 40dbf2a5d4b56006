import { useEffect, useRef, useState } from 'react';
import type { StockMap } from '../../../shared/ordering/stock';
import type { MenuCategory } from '../../../shared/schemas/ordering';
import { useCart } from './cart-store';
import type { MenuTitles } from './model/menu';
import type { RestoredCart } from './model/restore';
import { readSavedCart, sessionStore, writeSavedCart } from './model/saved-cart';

/**
 * Keeps the shown menu's cart in the tab (model/saved-cart.ts): once the menu has loaded, the cart
 * saved for it is put back, checked against the menu as it is now (model/restore.ts, loaded only
 * when there is a saved cart), and from then on every change is saved. Answers what changed in the
 * kept cart (dishes dropped, fewer left, other prices), or null when it came back as it was.
 * The order page mounts it per menu, so each menu keeps its own cart.
 */
export function useSavedCart(
  menu: { id: number; categories: readonly MenuCategory[] },
  stock: StockMap,
  titles: MenuTitles,
  displayOnly: boolean,
): RestoredCart | null {
  const lines = useCart((s) => s.lines);
  const cartMenu = useCart((s) => s.dishlistId);
  const [restored, setRestored] = useState<RestoredCart | null>(null);
  // Set once this menu's kept cart was put back (or there was none): only then is the cart saved,
  // so the empty cart of a fresh page never overwrites the kept one.
  const ready = useRef(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || cartMenu !== menu.id) return;
    started.current = true;
    const saved = readSavedCart(sessionStore(), menu.id);
    // Nothing kept, or a closed menu (shown for viewing only): nothing to put back.
    if (saved.length === 0 || displayOnly) {
      ready.current = true;
      return;
    }
    const before = useCart.getState().lines;
    void import('./model/restore')
      .then(({ restoreSavedCart }) => {
        const result = restoreSavedCart(saved, menu.categories, stock);
        ready.current = true;
        useCart.getState().restore(menu.id, before, result.cart);
        if (result.missing.length + result.fewer.length + result.repriced.length > 0) setRestored(result);
      })
      .catch(() => {
        ready.current = true;
      });
  }, [cartMenu, menu, stock, displayOnly]);

  useEffect(() => {
    if (ready.current && cartMenu === menu.id) writeSavedCart(sessionStore(), menu.id, lines, titles);
  }, [lines, cartMenu, menu.id, titles]);

  return restored;
}
