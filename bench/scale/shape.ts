/**
 * The big caterer's size (issue 26): what `--scale` means, the seeded random numbers and the
 * fixed ids every generated table refers to. Full size (scale 1): 200 locations, 150 users at
 * each (2 of them managers) plus 100 staff, 3 providers, 250 working days of menus and 150
 * orders per location per working day (7.5 million orders). A smaller scale keeps the caterer
 * (locations, users, today's 28,500 orders on the big menu) and shortens its history: scale 0.1
 * is 25 working days, 0.01 three. So the timed reads compare one caterer at two ages, which is
 * what the target "cost must not grow with history" asks.
 */

export interface Shape {
  scale: number;
  /** Working days with menus and orders, the last one today. */
  days: number;
  locations: number;
  usersPerLocation: number;
  managersPerLocation: number;
  admins: number;
  kitchenStaff: number;
  providers: number;
  /** Orders per location per working day (every user of the location orders once). */
  ordersPerLocation: number;
  /** Locations 1..bigLocations order from provider 1 (the big caterer), the rest from 2 and 3. */
  bigLocations: number;
  /** Locations whose portions are handed over by scanning their labels (portion_handovers rows). */
  scanningLocations: number;
  seed: number;
}

export function shapeFor(scale: number, overrides: Partial<Shape> = {}): Shape {
  return {
    scale,
    days: Math.max(2, Math.round(250 * scale)),
    locations: 200,
    usersPerLocation: 150,
    managersPerLocation: 2,
    admins: 20,
    kitchenStaff: 80,
    providers: 3,
    ordersPerLocation: 150,
    bigLocations: 190,
    scanningLocations: 20,
    seed: 26,
    ...overrides,
  };
}

/** mulberry32: a small, fast, seeded PRNG (deterministic data for one seed). */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [lo, hi]. */
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
export type Rng = ReturnType<typeof prng>;

export const staffCount = (s: Shape) => s.admins + s.kitchenStaff;
/** User ids: admins 1.., kitchen staff next, then each location's users (managers first). */
export const firstUserOf = (s: Shape, location: number) => staffCount(s) + (location - 1) * s.usersPerLocation + 1;
export const userCount = (s: Shape) => staffCount(s) + s.locations * s.usersPerLocation;
export const kitchenIds = (s: Shape) => Array.from({ length: s.kitchenStaff }, (_, i) => s.admins + i + 1);

/** The provider a location orders from. */
export function providerOf(s: Shape, location: number): number {
  if (location <= s.bigLocations) return 1;
  return location % 2 === 0 ? 2 : 3;
}

/** Company of a location: four neighbouring locations share a registration number. */
export const companyOf = (location: number) => Math.ceil(location / 4);
export const registrationOf = (company: number) => `4000${String(company).padStart(7, '0')}`;

/** The working days (Monday to Friday, UTC dates at midnight) ending today, oldest first; today always included. */
export function workingDays(count: number, today: Date): Date[] {
  const days: Date[] = [];
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  days.push(new Date(d));
  while (days.length < count) {
    d.setUTCDate(d.getUTCDate() - 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) days.push(new Date(d));
  }
  return days.reverse();
}

/** Menu id of provider `p` on day index `day` (one menu per provider per working day). */
export const menuIdOf = (s: Shape, day: number, provider: number) => day * s.providers + provider;

/** Dishes per provider: 40 plain (10 per category) then 2 set meals; ids are consecutive per provider. */
export const PLAIN_DISHES = 40;
export const SET_MEALS = 2;
export const DISHES_PER_PROVIDER = PLAIN_DISHES + SET_MEALS;
export const CATEGORIES_PER_PROVIDER = 5;
export const dishId = (provider: number, i: number) => (provider - 1) * DISHES_PER_PROVIDER + i + 1;
export const categoryId = (provider: number, i: number) => (provider - 1) * CATEGORIES_PER_PROVIDER + i + 1;
export const dishPrice = (i: number) => (i < PLAIN_DISHES ? 180 + ((i * 37) % 420) : 590 + (i - PLAIN_DISHES) * 100);
/** Plain dishes on day `day`'s menu: 12 of the 40, rotating; the set meals every day. */
export const menuPlainDishes = (day: number) => Array.from({ length: 12 }, (_, k) => (day * 7 + k * 3) % PLAIN_DISHES);

/** Allergens (ids 1..14, migration 0006) of plain dish i: a few dishes have none. */
export const dishAllergens = (i: number) =>
  (i % 5 === 0 ? [] : [1 + (i % 14), ...(i % 3 === 0 ? [1 + ((i * 5) % 14)] : [])]).filter((v, k, a) => a.indexOf(v) === k);
