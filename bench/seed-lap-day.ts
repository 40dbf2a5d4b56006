import {
  allergens,
  cashBalances,
  dishAllergens,
  dishTraces,
  categories,
  dishes,
  lapLocations,
  laps,
  locations,
  menuDishes,
  menus,
  orderItemOptions,
  orderItems,
  orders,
  providers,
  sessions,
  shifts,
  users,
} from '../src/server/db/schema/index.js';
import type { Database } from '../src/server/db/client.js';
import { hashToken, newToken } from '../src/server/lib/tokens.js';

export interface LapDayOptions {
  locations: number;
  /** Placed orders per location. */
  orders: number;
  /**
   * Set meals of two dishes: 'also' adds one to every other order, 'instead' makes every other
   * order a set meal alone (one portion per order either way with `plainQty` 1).
   */
  sets: 'also' | 'instead' | 'none';
  /** The quantity of an order's plain line (n counts the orders). */
  plainQty(n: number): number;
}

/** Allergen codes of the plain dishes, by dish index (migration 0006 seeds the EU list). */
const DISH_ALLERGENS = [
  ['gluten', 'milk'],
  ['eggs'],
  ['fish', 'gluten'],
  [],
  ['celery', 'mustard'],
  ['milk'],
  ['nuts', 'gluten', 'eggs'],
  ['soybeans'],
  [],
];
/**
 * What the labels print (issue 28): each plain dish's ingredients (as a kitchen types them: most
 * allergens named, some not, so the labels append them), shelf life (hours; null: the end of the
 * day), portion grams and "may contain" traces.
 */
const DISH_LABELS: { lv: string; en: string; hours: number | null; grams: number | null; traces: string[] }[] = [
  {
    lv: 'Ūdens, kartupeļi, burkāni, sīpoli, kviešu milti, piens, sviests, sāls, pipari',
    en: 'Water, potatoes, carrots, onions, wheat flour, milk, butter, salt, pepper',
    hours: 24,
    grams: 350,
    traces: ['celery'],
  },
  { lv: 'Olas, piens, siers, spināti, sāls', en: 'Eggs, milk, cheese, spinach, salt', hours: 12, grams: 250, traces: [] },
  {
    lv: 'Lasis, zivis, rīsi, citrons, dilles, kviešu milti, rapšu eļļa',
    en: 'Salmon, fish, rice, lemon, dill, wheat flour, rapeseed oil',
    hours: 24,
    grams: 320,
    traces: ['molluscs', 'crustaceans'],
  },
  {
    lv: 'Vistas fileja, kartupeļi, ķiploki, rozmarīns, olīveļļa, sāls',
    en: 'Chicken fillet, potatoes, garlic, rosemary, olive oil, salt',
    hours: null,
    grams: 380,
    traces: [],
  },
  {
    lv: 'Liellopu gaļa, selerijas, burkāni, sinepes, tomāti, lauru lapa',
    en: 'Beef, celery, carrots, mustard, tomatoes, bay leaf',
    hours: 48,
    grams: 400,
    traces: ['gluten'],
  },
  { lv: 'Biezpiens, cukurs, vaniļa, ogas', en: 'Curd cheese, sugar, vanilla, berries', hours: 24, grams: 180, traces: ['nuts'] },
  {
    lv: 'Rieksti, kviešu milti, olas, medus, cukurs, sviests',
    en: 'Nuts, wheat flour, eggs, honey, sugar, butter',
    hours: 72,
    grams: 120,
    traces: ['peanuts', 'sesame'],
  },
  {
    lv: 'Tofu, sojas mērce, rīsi, brokoļi, ingvers',
    en: 'Tofu, soy sauce, rice, broccoli, ginger',
    hours: 24,
    grams: 300,
    traces: ['sesame'],
  },
  { lv: '', en: '', hours: null, grams: null, traces: [] },
];
/** The customers' "I avoid" lists, by customer index modulo its length. */
const AVOIDS = [['milk'], [], ['gluten'], [], ['nuts', 'eggs'], []];

/**
 * A day of one lap for the benchmarks (bench/lap-report.ts, bench/labels.ts), as a real day looks:
 * a provider, 9 plain dishes in 3 categories (most with allergens) and a set meal, a menu,
 * `locations` locations on one lap with a customer each (a third avoiding allergens, so orders
 * carry the kitchen's warnings), a quarter of the locations with two shifts (their orders split
 * between them), `orders` placed orders per location (cash, card, bank; a third of the locations
 * with a subsidy; with `sets`, every other order also has a set meal), cash recorded at every
 * other location, and a kitchen user with a session `token`.
 */
export async function seedLapDay(db: Database['db'], opts: LapDayOptions) {
  const now = new Date();
  const [provider] = await db
    .insert(providers)
    .values({ title: 'Bench Virtuve', legalName: 'SIA “Bench Virtuve”', address: 'Ganību dambis 17A', city: 'Rīga', postalCode: 'LV-1045' })
    .returning();
  const cats = await db
    .insert(categories)
    .values(
      ['Zupas', 'Pamatēdieni', 'Deserti'].map((title, i) => ({ providerId: provider!.id, title: { lv: title, en: title }, position: i })),
    )
    .returning();
  const plain = await db
    .insert(dishes)
    .values(
      Array.from({ length: 9 }, (_, i) => ({
        providerId: provider!.id,
        categoryId: cats[i % 3]!.id,
        title: { lv: `Ēdiens ar ķiplokiem Nr. ${i + 1}`, en: `Dish ${i + 1}` },
        priceCents: 250 + i * 40,
        position: i,
        allergensConfirmed: true,
        ingredients: { lv: DISH_LABELS[i]!.lv, en: DISH_LABELS[i]!.en },
        shelfLifeHours: DISH_LABELS[i]!.hours,
        portionGrams: DISH_LABELS[i]!.grams,
      })),
    )
    .returning();
  const allergenIds = new Map((await db.select({ id: allergens.id, code: allergens.code }).from(allergens)).map((a) => [a.code, a.id]));
  const idsOf = (codes: string[]) =>
    codes
      .map((c) => {
        const id = allergenIds.get(c);
        if (id === undefined) throw new Error(`No allergen "${c}" (migration 0006 seeds them)`);
        return id;
      })
      .sort((a, b) => a - b);
  const dishAllergenIds = DISH_ALLERGENS.map(idsOf);
  await db.insert(dishAllergens).values(plain.flatMap((d, i) => dishAllergenIds[i]!.map((allergenId) => ({ dishId: d.id, allergenId }))));
  await db
    .insert(dishTraces)
    .values(plain.flatMap((d, i) => idsOf(DISH_LABELS[i]!.traces).map((allergenId) => ({ dishId: d.id, allergenId }))));
  const [set] = await db
    .insert(dishes)
    .values({
      providerId: provider!.id,
      categoryId: cats[1]!.id,
      type: 'complex',
      title: { lv: 'Dienas komplekss', en: 'Set of the day' },
      priceCents: 0,
      allergensConfirmed: true,
    })
    .returning();
  const [menu] = await db
    .insert(menus)
    .values({ providerId: provider!.id, title: 'Pusdienas (bench)', from: now, to: new Date(now.getTime() + 3600_000), status: true })
    .returning();
  await db.insert(menuDishes).values([...plain, set!].map((d) => ({ menuId: menu!.id, dishId: d.id, categoryId: d.categoryId })));
  const locs = await db
    .insert(locations)
    .values(
      Array.from({ length: opts.locations }, (_, i) => ({
        title: `Birojs Šķūņu iela ${i + 1}`,
        address: `Ģertrūdes iela ${i + 1}, Rīga, LV-10${String(i).padStart(2, '0')}`,
        token: newToken(),
        subsidyCents: i % 3 === 0 ? 150 : 0,
      })),
    )
    .returning({ id: locations.id, subsidy: locations.subsidyCents });
  const [lap] = await db.insert(laps).values({ providerId: provider!.id, title: 'Rīta maršruts (bench)' }).returning();
  await db.insert(lapLocations).values(locs.map((l, position) => ({ lapId: lap!.id, locationId: l.id, position })));
  const shiftRows = await db
    .insert(shifts)
    .values(
      locs
        .filter((_, i) => i % 4 === 1)
        .flatMap((l) => [
          { locationId: l.id, title: 'Rīta maiņa', position: 0 },
          { locationId: l.id, title: 'Vakara maiņa', position: 1 },
        ]),
    )
    .returning({ id: shifts.id, locationId: shifts.locationId });
  const customers = await db
    .insert(users)
    .values(
      locs.map((l, i) => ({
        email: `lap${i}@bench.lv`,
        firstName: `Klients ${i}`,
        role: 'customer' as const,
        locationId: l.id,
        avoidedAllergens: idsOf(AVOIDS[i % AVOIDS.length]!),
      })),
    )
    .returning({ id: users.id, locationId: users.locationId, avoided: users.avoidedAllergens });

  // Orders: two lines each (a plain dish × 1–2 and, every other order, a set meal of two dishes).
  const PAY = ['cash', 'card', 'cash', 'bank'] as const;
  let n = 0;
  for (const c of customers) {
    const subsidy = locs.find((l) => l.id === c.locationId)!.subsidy;
    for (let k = 0; k < opts.orders; k++, n++) {
      const a = plain[n % plain.length]!;
      const qty = opts.plainQty(n);
      const withSet = opts.sets !== 'none' && n % 2 === 0;
      const withPlain = !(withSet && opts.sets === 'instead');
      const amount = (withPlain ? a.priceCents * qty : 0) + (withSet ? plain[0]!.priceCents + plain[4]!.priceCents : 0);
      const used = Math.min(subsidy, amount);
      const plainAllergens = dishAllergenIds[n % plain.length]!;
      const setAllergens = [...new Set([...dishAllergenIds[0]!, ...dishAllergenIds[4]!])].sort((x, y) => x - y);
      const eaten = new Set([...(withPlain ? plainAllergens : []), ...(withSet ? setAllergens : [])]);
      const locShifts = shiftRows.filter((r) => r.locationId === c.locationId);
      const [o] = await db
        .insert(orders)
        .values({
          menuId: menu!.id,
          userId: c.id,
          locationId: c.locationId,
          paymentType: PAY[n % PAY.length]!,
          amountCents: amount,
          subsidyCents: used,
          amountToPayCents: amount - used,
          status: 2,
          allergenWarnings: c.avoided.filter((x) => eaten.has(x)),
          shiftId: locShifts.length ? locShifts[k % locShifts.length]!.id : null,
        })
        .returning({ id: orders.id });
      if (withPlain)
        await db
          .insert(orderItems)
          .values({ orderId: o!.id, dishId: a.id, qty, unitPriceCents: a.priceCents, title: a.title, allergenIds: plainAllergens });
      if (withSet) {
        const [line] = await db
          .insert(orderItems)
          .values({
            orderId: o!.id,
            dishId: set!.id,
            qty: 1,
            unitPriceCents: plain[0]!.priceCents + plain[4]!.priceCents,
            title: set!.title,
            position: 1,
            allergenIds: setAllergens,
          })
          .returning({ id: orderItems.id });
        await db.insert(orderItemOptions).values([
          { orderItemId: line!.id, dishId: plain[0]!.id, title: plain[0]!.title, priceCents: plain[0]!.priceCents },
          { orderItemId: line!.id, dishId: plain[4]!.id, title: plain[4]!.title, priceCents: plain[4]!.priceCents },
        ]);
      }
    }
  }
  // Cash recorded at every other location.
  await db
    .insert(cashBalances)
    .values(locs.filter((_, i) => i % 2 === 0).map((l) => ({ menuId: menu!.id, locationId: l.id, amountCents: 1000 })));
  const [staff] = await db
    .insert(users)
    .values({ email: 'kitchen@bench.lv', firstName: 'Virtuve', role: 'kitchen' })
    .returning({ id: users.id });
  const token = newToken();
  await db.insert(sessions).values({
    userId: staff!.id,
    tokenHash: hashToken(token),
    remember: true,
    expiresAt: new Date(now.getTime() + 86400_000),
    lastSeenAt: now,
  });
  return { provider: provider!, menu: menu!, lap: lap!, token, orders: n };
}
