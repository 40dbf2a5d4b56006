import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { formatDay } from '../../lib/dates.js';
import type { Tx } from '../client.js';
import {
  allergens,
  balances,
  categories,
  complexGroups,
  complexOptions,
  dishAllergens,
  dishes,
  menuDishes,
  menus,
} from '../schema/index.js';
import { DEMO_ALLERGENS, DEMO_CATEGORIES, DEMO_COMPLEXES, DEMO_MENUS, type CategoryKey } from './demo-catalogue.js';
import { DEMO_MENU_HOURS } from './demo-content.js';
import { DEMO_DIETS, DEMO_DISHES } from './demo-dishes.js';

const ZONE = DEFAULT_TIMEZONE;

/** The seeded catalogue's ids by demo code and key, for the menus. */
export interface SeededCatalogue {
  dishId: Map<string, number>;
  categoryId: Map<CategoryKey, number>;
  dishCategory: Map<string, CategoryKey>;
}

/** Writes the demo provider's allergens, categories, dishes and set meals (part of seedDemo's transaction). */
export async function seedCatalogue(tx: Tx, providerId: number): Promise<SeededCatalogue> {
  // Allergens: the migration adds the regulation's 14 (reference data); the demo uses them.
  await tx
    .insert(allergens)
    .values(DEMO_ALLERGENS.map((a, i) => ({ code: a.code, title: a.title, position: i + 1 })))
    .onConflictDoNothing({ target: allergens.code });
  const allergenRows = await tx.select({ id: allergens.id, code: allergens.code }).from(allergens);
  const allergenId = new Map(allergenRows.map((a) => [a.code, a.id]));

  // Categories
  const categoryRows = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c, i) => ({
        providerId: providerId,
        title: c.title,
        groupName: c.groupName,
        simple: c.simple,
        status: true,
        position: i + 1,
      })),
    )
    .returning({ id: categories.id });
  const categoryId = new Map<CategoryKey, number>(DEMO_CATEGORIES.map((c, i) => [c.key, categoryRows[i]!.id]));

  // Simple dishes, positions counted per category
  const perCategory = new Map<CategoryKey, number>();
  const nextPosition = (key: CategoryKey) => {
    const p = (perCategory.get(key) ?? 0) + 1;
    perCategory.set(key, p);
    return p;
  };
  const dishRows = await tx
    .insert(dishes)
    .values(
      DEMO_DISHES.map((d) => ({
        providerId: providerId,
        categoryId: categoryId.get(d.category)!,
        title: d.title,
        summary: d.summary ?? {},
        code: d.code,
        priceCents: d.priceCents,
        position: nextPosition(d.category),
        type: 'simple' as const,
        diets: DEMO_DIETS[d.code] ?? [],
        allergensConfirmed: true,
      })),
    )
    .returning({ id: dishes.id, code: dishes.code });
  const dishId = new Map(dishRows.map((d) => [d.code, d.id]));
  const dishCategory = new Map<string, CategoryKey>(DEMO_DISHES.map((d) => [d.code, d.category]));

  const links = DEMO_DISHES.flatMap((d) => d.allergens.map((code) => ({ dishId: dishId.get(d.code)!, allergenId: allergenId.get(code)! })));
  await tx.insert(dishAllergens).values(links);

  // Complex dishes: a set meal costs its base price plus the chosen options (the ordering rule
  // in src/shared/ordering); the demo sets have no base price, so they cost what is chosen.
  for (const complex of DEMO_COMPLEXES) {
    const [row] = await tx
      .insert(dishes)
      .values({
        providerId: providerId,
        categoryId: categoryId.get('sets')!,
        title: complex.title,
        summary: complex.summary,
        code: complex.code,
        priceCents: 0,
        position: nextPosition('sets'),
        type: 'complex',
      })
      .returning({ id: dishes.id });
    dishId.set(complex.code, row!.id);
    dishCategory.set(complex.code, 'sets');
    for (const [gi, group] of complex.groups.entries()) {
      const [g] = await tx
        .insert(complexGroups)
        .values({
          dishId: row!.id,
          categoryId: categoryId.get(group.category)!,
          title: group.title,
          optional: group.optional,
          position: gi + 1,
        })
        .returning({ id: complexGroups.id });
      await tx.insert(complexOptions).values(
        group.options.map((o, oi) => ({
          groupId: g!.id,
          dishId: dishId.get(o.code)!,
          priceCents: o.priceCents ?? null,
          position: oi + 1,
        })),
      );
    }
  }
  return { dishId, categoryId, dishCategory };
}

/** Writes the demo menus with their dishes, prices and stock (part of seedDemo's transaction). */
export async function seedMenus(
  tx: Tx,
  providerId: number,
  { dishId, categoryId, dishCategory }: SeededCatalogue,
  now: Date,
  opts: { minOpenMinutes?: number },
): Promise<void> {
  // Menus: open all day (DEMO_MENU_HOURS, Riga) so the demo can order at any working hour.
  const today = DateTime.fromJSDate(now).setZone(ZONE).startOf('day');
  const complexCodes = DEMO_COMPLEXES.map((c) => c.code);
  const optionCodes = [...new Set(DEMO_COMPLEXES.flatMap((c) => c.groups.flatMap((g) => g.options.map((o) => o.code))))];
  // Today's menu stays open at least `minOpenMinutes` from now (the journeys' server: a run
  // started at 23:55 must not see its menu close mid-run); every other menu keeps its hours.
  const deadlineOf = (day: DateTime, dayOffset: number) => {
    const usual = day.set(DEMO_MENU_HOURS.to).toJSDate();
    const least = new Date(now.getTime() + (opts.minOpenMinutes ?? 0) * 60_000);
    return dayOffset === 0 && usual < least ? least : usual;
  };
  for (const plan of DEMO_MENUS) {
    const day = today.plus({ days: plan.dayOffset });
    const [menu] = await tx
      .insert(menus)
      .values({
        providerId: providerId,
        title: `Pusdienas ${formatDay(day, day.zoneName!)}`,
        from: day.set(DEMO_MENU_HOURS.from).toJSDate(),
        to: deadlineOf(day, plan.dayOffset),
        status: true,
      })
      .returning({ id: menus.id });
    const codes = [...new Set([...complexCodes, ...optionCodes, ...plan.extraDishes])];
    await tx.insert(menuDishes).values(
      codes.map((code) => ({
        menuId: menu!.id,
        dishId: dishId.get(code)!,
        categoryId: categoryId.get(dishCategory.get(code)!)!,
        priceCents: plan.prices[code] ?? null,
      })),
    );
    await tx
      .insert(balances)
      .values(Object.entries(plan.balances).map(([code, qty]) => ({ menuId: menu!.id, dishId: dishId.get(code)!, qty })));
  }
}
