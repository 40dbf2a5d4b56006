import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { menuComplexPrices, menuDishes } from '../../db/schema/index.js';
import type { PlannedDish } from './menus.dishes.js';

/** The audited fields of a menu (times as ISO strings). */
/** A stored time for the audit entry; a date JavaScript cannot read (repaired in the editor) is null. */
const auditTime = (d: Date) => (Number.isNaN(d.getTime()) ? null : d.toISOString());
export function menuFields(m: { title: string; from: Date; to: Date; status: boolean }) {
  return { title: m.title, from: auditTime(m.from), to: auditTime(m.to), status: m.status };
}
export const dishIdsOf = (planned: PlannedDish[]) => planned.map((p) => p.dishId).sort((a, b) => a - b);
/**
 * A menu's own prices for the audit log (issue 16, "who changed this price"): per dish id its
 * menu price in cents (null: the catalogue's), and per "setMealId/optionId" the option's price in
 * that set meal on this menu.
 */
type MenuPrices = Record<string, number | null>;

export function plannedPrices(planned: PlannedDish[]): MenuPrices {
  const out: MenuPrices = {};
  for (const p of planned) {
    out[String(p.dishId)] = p.priceCents;
    for (const c of p.complex) out[`${p.dishId}/${c.optionDishId}`] = c.priceCents;
  }
  return out;
}

export async function storedPrices(tx: Tx, menuId: number): Promise<MenuPrices> {
  const [own, options] = await Promise.all([
    tx.select({ dishId: menuDishes.dishId, price: menuDishes.priceCents }).from(menuDishes).where(eq(menuDishes.menuId, menuId)),
    tx
      .select({ set: menuComplexPrices.complexDishId, option: menuComplexPrices.optionDishId, price: menuComplexPrices.priceCents })
      .from(menuComplexPrices)
      .where(eq(menuComplexPrices.menuId, menuId)),
  ]);
  const out: MenuPrices = {};
  for (const d of own) out[String(d.dishId)] = d.price;
  for (const o of options) out[`${o.set}/${o.option}`] = o.price;
  return out;
}

/** Only the prices that differ (a dish added or removed shows as null on the other side). */
export function priceChanges(before: MenuPrices, after: MenuPrices): { before: MenuPrices; after: MenuPrices } | null {
  const b: MenuPrices = {};
  const a: MenuPrices = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [x, y] = [before[key] ?? null, after[key] ?? null];
    if (x === y && key in before === key in after) continue;
    b[key] = x;
    a[key] = y;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

export async function menuDishIds(tx: Tx, menuId: number): Promise<number[]> {
  const rows = await tx.select({ id: menuDishes.dishId }).from(menuDishes).where(eq(menuDishes.menuId, menuId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
