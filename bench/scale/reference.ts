/**
 * The big caterer's standing data: providers, their catalogue (plain dishes and set meals with
 * groups and options), locations with shifts and subsidies, users, laps. Ids are given here (the
 * day generator refers to them by formula) and the sequences are set afterwards.
 */
import type pg from 'pg';
import { CopyTable } from './copy.js';
import {
  CATEGORIES_PER_PROVIDER,
  PLAIN_DISHES,
  SET_MEALS,
  categoryId,
  companyOf,
  dishAllergens,
  dishId,
  dishPrice,
  firstUserOf,
  prng,
  providerOf,
  registrationOf,
  type Shape,
} from './shape.js';

const CATEGORY_TITLES = [
  { lv: 'Zupas', en: 'Soups', ru: 'Супы' },
  { lv: 'Pamatēdieni', en: 'Mains', ru: 'Основные блюда' },
  { lv: 'Salāti', en: 'Salads', ru: 'Салаты' },
  { lv: 'Deserti', en: 'Desserts', ru: 'Десерты' },
  { lv: 'Kompleksās pusdienas', en: 'Set meals', ru: 'Комплексные обеды' },
];
const NAMES = ['Anna', 'Jānis', 'Līga', 'Pēteris', 'Olga', 'Dmitrijs', 'Inese', 'Mārtiņš', 'Elena', 'Kristaps', 'Ieva', 'Sergejs'];

export const dishTitle = (provider: number, i: number) =>
  i < PLAIN_DISHES
    ? { lv: `Ēdiens ${provider}-${i + 1}`, en: `Dish ${provider}-${i + 1}`, ru: `Блюдо ${provider}-${i + 1}` }
    : { lv: `Komplekss ${i - PLAIN_DISHES + 1}`, en: `Set meal ${i - PLAIN_DISHES + 1}`, ru: `Комплекс ${i - PLAIN_DISHES + 1}` };

/** Category index of dish i: ten plain dishes per category, set meals in the last. */
export const dishCategory = (i: number) => (i < PLAIN_DISHES ? Math.floor(i / 10) : CATEGORIES_PER_PROVIDER - 1);

/** The set meal's two groups (soup, main), five options each: group and option ids by formula. */
export const groupIdOf = (provider: number, meal: number, g: number) => ((provider - 1) * SET_MEALS + meal) * 2 + g + 1;
export const groupOptions = (g: number) => Array.from({ length: 5 }, (_, k) => g * 10 + k);

/** Subsidy of location l in cents; every tenth location is fully subsidised. */
export const locationSubsidy = (l: number) =>
  l % 10 === 0 ? { full: true, cents: 0 } : { full: false, cents: l % 10 <= 3 ? 150 + (l % 3) * 50 : 0 };
/** Shift ids of location l: every fifth location has two shifts. */
export const shiftsOf = (l: number) => (l % 5 === 0 ? [(l / 5 - 1) * 2 + 1, (l / 5 - 1) * 2 + 2] : []);

/** The laps of a provider: the big caterer's locations in laps of ten, the others one lap each. */
export function lapsOf(s: Shape): { id: number; provider: number; locations: number[] }[] {
  const laps: { id: number; provider: number; locations: number[] }[] = [];
  for (let p = 1; p <= s.providers; p++) {
    const locs = Array.from({ length: s.locations }, (_, i) => i + 1).filter((l) => providerOf(s, l) === p);
    const size = p === 1 ? 10 : locs.length;
    for (let i = 0; i < locs.length; i += size) laps.push({ id: laps.length + 1, provider: p, locations: locs.slice(i, i + size) });
  }
  return laps;
}

/** Whether user `u` (of a location, 0-based index) gets "remind me to order" (one in ten). */
export const reminds = (u: number) => u % 10 === 3;

export async function writeReference(client: pg.PoolClient, s: Shape, start: Date): Promise<void> {
  const rng = prng(s.seed);
  const t = (table: string, cols: string[]) => new CopyTable(client, table, cols);

  const providers = t('providers', [
    'id',
    'title',
    'email',
    'card_commission_cents',
    'bank_commission_cents',
    'legal_name',
    'registration_number',
    'vat_number',
    'address',
    'city',
    'postal_code',
    'iban',
    'created_at',
  ]);
  for (let p = 1; p <= s.providers; p++)
    providers.push(
      p,
      p === 1 ? 'Lielā Virtuve' : `Virtuve ${p}`,
      `info${p}@virtuve.lv`,
      25,
      15,
      `SIA Virtuve ${p}`,
      `5000000000${p}`,
      `LV5000000000${p}`,
      `Ražotāju iela ${p}`,
      'Rīga',
      `LV-10${p}0`,
      `LV00HABA000000000000${p}`,
      start,
    );
  await providers.flush();

  const categories = t('categories', ['id', 'provider_id', 'title', 'position', 'created_at']);
  const dishes = t('dishes', [
    'id',
    'provider_id',
    'category_id',
    'title',
    'summary',
    'code',
    'price_cents',
    'position',
    'type',
    'allergens_confirmed',
    'kcal',
    'created_at',
  ]);
  const dishAllergenRows = t('dish_allergens', ['dish_id', 'allergen_id']);
  const groups = t('complex_groups', ['id', 'dish_id', 'category_id', 'title', 'optional', 'position']);
  const options = t('complex_options', ['id', 'group_id', 'dish_id', 'price_cents', 'position']);
  for (let p = 1; p <= s.providers; p++) {
    for (let c = 0; c < CATEGORIES_PER_PROVIDER; c++) categories.push(categoryId(p, c), p, CATEGORY_TITLES[c]!, c, start);
    for (let i = 0; i < PLAIN_DISHES + SET_MEALS; i++) {
      const set = i >= PLAIN_DISHES;
      dishes.push(
        dishId(p, i),
        p,
        categoryId(p, dishCategory(i)),
        dishTitle(p, i),
        { lv: 'Sātīgs ēdiens.', en: 'A filling dish.' },
        `D${i + 1}`,
        dishPrice(i),
        i,
        set ? 'complex' : 'simple',
        !set,
        set ? null : 250 + i * 10,
        start,
      );
      if (!set) for (const a of dishAllergens(i)) dishAllergenRows.push(dishId(p, i), a);
    }
    for (let m = 0; m < SET_MEALS; m++)
      for (let g = 0; g < 2; g++) {
        const gid = groupIdOf(p, m, g);
        groups.push(gid, dishId(p, PLAIN_DISHES + m), categoryId(p, g), CATEGORY_TITLES[g]!, false, g);
        groupOptions(g).forEach((i, k) => options.push((gid - 1) * 5 + k + 1, gid, dishId(p, i), 0, k));
      }
  }
  for (const x of [categories, dishes, dishAllergenRows, groups, options]) await x.flush();

  const locations = t('locations', [
    'id',
    'title',
    'address',
    'city',
    'postal_code',
    'contact_name',
    'contact_email',
    'full_subsidy',
    'subsidy_cents',
    'company_name',
    'registration_number',
    'vat_number',
    'token',
    'created_at',
  ]);
  const shifts = t('shifts', ['id', 'location_id', 'title', 'position']);
  for (let l = 1; l <= s.locations; l++) {
    const sub = locationSubsidy(l);
    const company = companyOf(l);
    locations.push(
      l,
      `Birojs ${l}`,
      `Biroju iela ${l}`,
      'Rīga',
      `LV-${1000 + l}`,
      `Kontakts ${l}`,
      `office${l}@company${company}.lv`,
      sub.full,
      sub.cents,
      `SIA Uzņēmums ${company}`,
      registrationOf(company),
      `LV${registrationOf(company)}`,
      `loc-token-${l}-${s.seed}`,
      start,
    );
    shiftsOf(l).forEach((id, k) => shifts.push(id, l, k === 0 ? 'Rīta maiņa' : 'Dienas maiņa', k));
  }
  await locations.flush();
  await shifts.flush();

  const users = t('users', [
    'id',
    'email',
    'first_name',
    'role',
    'location_id',
    'is_location_manager',
    'remind_to_make_order',
    'lang',
    'avoided_allergens',
    'created_at',
  ]);
  for (let i = 1; i <= s.admins; i++) users.push(i, `admin${i}@virtuve.lv`, `Admins ${i}`, 'admin', null, false, false, 'lv', [], start);
  for (let i = 1; i <= s.kitchenStaff; i++)
    users.push(s.admins + i, `kitchen${i}@virtuve.lv`, `Pavārs ${i}`, 'kitchen', null, false, false, 'lv', [], start);
  for (let l = 1; l <= s.locations; l++)
    for (let u = 0; u < s.usersPerLocation; u++) {
      const id = firstUserOf(s, l) + u;
      const avoid = rng.chance(0.08) ? [rng.int(1, 14)] : [];
      users.push(
        id,
        `user${id}@company${companyOf(l)}.lv`,
        `${rng.pick(NAMES)} ${id}`,
        'customer',
        l,
        u < s.managersPerLocation,
        reminds(u),
        rng.pick(['lv', 'lv', 'en', 'ru']),
        avoid,
        start,
      );
    }
  await users.flush();

  const laps = t('laps', ['id', 'provider_id', 'title', 'position', 'active', 'departs_at', 'created_at']);
  const lapLocations = t('lap_locations', ['lap_id', 'location_id', 'position']);
  for (const lap of lapsOf(s)) {
    laps.push(lap.id, lap.provider, `Maršruts ${lap.id}`, lap.id, true, `${String(9 + (lap.id % 3)).padStart(2, '0')}:30:00`, start);
    lap.locations.forEach((l, k) => lapLocations.push(lap.id, l, k));
  }
  await laps.flush();
  await lapLocations.flush();
}
