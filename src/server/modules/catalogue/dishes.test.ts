import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complexGroups, menuDishes, menus, orderItems, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider, makeUser } from '../../test/factories.js';
import { makeAllergen, makeCategory, makeComplex, makeDish } from './catalogue.factories.js';

let ctx: TestContext;
let admin: Client;
let kitchen: Client;
let customer: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.as('admin');
  kitchen = await ctx.as('kitchen');
  customer = await ctx.as('customer');
});
afterAll(() => ctx.close());

async function setup() {
  const p = await makeProvider(ctx.db);
  const soups = await makeCategory(ctx.db, p.id);
  const mains = await makeCategory(ctx.db, p.id);
  const sets = await makeCategory(ctx.db, p.id);
  const q = `provider_id=${p.id}`;
  return { p, soups, mains, sets, q };
}

describe('dishes: create, read, update', () => {
  it('creates a simple dish with defaults and allergens', async () => {
    const { soups, q } = await setup();
    const milk = await makeAllergen(ctx.db);
    const celery = await makeAllergen(ctx.db);
    const res = await admin.post(`/app/dishes?${q}`, {
      title: { lv: 'Borščs', en: 'Borscht', ru: 'Борщ' },
      summary: { lv: 'Ar krējumu' },
      code: 'Z02',
      category_id: soups.id,
      allergens: [celery.id, milk.id],
      price: 2.9,
    });
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({
      title: { lv: 'Borščs', en: 'Borscht', ru: 'Борщ' },
      summary: { lv: 'Ar krējumu', en: '', ru: '' },
      code: 'Z02',
      category_id: soups.id,
      category: { id: soups.id },
      price: 2.9,
      priceFrom: 2.9,
      status: true,
      position: 0,
      type: 'simple',
      has_image: false,
      image_version: null,
      complex: [],
    });
    expect(d.allergens.sort()).toEqual([milk.id, celery.id].sort());
    const read = await kitchen.get(`/app/dishes/${d.id}?${q}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(d);
  });

  it('creates a complex with groups and price overrides, and answers the full complex', async () => {
    const { p, soups, mains, sets, q } = await setup();
    const soup1 = await makeDish(ctx.db, p.id, soups.id, { priceCents: 300 });
    const soup2 = await makeDish(ctx.db, p.id, soups.id, { priceCents: 250 });
    const main1 = await makeDish(ctx.db, p.id, mains.id, { priceCents: 600 });
    const res = await admin.post(`/app/dishes?${q}`, {
      title: { lv: 'Dienas komplekss' },
      category_id: sets.id,
      type: 'complex',
      price: 0.5,
      complex: [
        {
          category_id: soups.id,
          title: { lv: 'Zupa', en: 'Soup' },
          dishes: [
            { id: soup1.id, price: 1.5 },
            { id: soup2.id, price: null },
          ],
        },
        { category_id: mains.id, dishes: [{ id: main1.id, price: 4.2 }] },
        { category_id: soups.id, optional: true, dishes: [{ id: soup2.id }] },
      ],
    });
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d.type).toBe('complex');
    // 0.50 base + cheapest soup (1.50 override vs 2.50) + main 4.20; the optional group adds nothing.
    expect(d.priceFrom).toBe(6.2);
    expect(d.complex).toHaveLength(3);
    expect(d.complex[0]).toMatchObject({
      category_id: soups.id,
      title: { lv: 'Zupa', en: 'Soup', ru: '' },
      optional: false,
      position: 0,
      dishes: [
        { id: soup1.id, price: 1.5, base_price: 3, status: true },
        { id: soup2.id, price: null, base_price: 2.5 },
      ],
    });
    expect(d.complex[1].dishes).toEqual([expect.objectContaining({ id: main1.id, price: 4.2, base_price: 6 })]);
    expect(d.complex[2]).toMatchObject({ optional: true, position: 2 });
    expect((await admin.get(`/app/dishes/${d.id}?${q}`)).json()).toEqual(d);
  });

  it('updates only what is sent; groups keep their ids, missing groups go, simple drops groups', async () => {
    const { p, soups, mains, sets, q } = await setup();
    const soup = await makeDish(ctx.db, p.id, soups.id);
    const soup2 = await makeDish(ctx.db, p.id, soups.id);
    const main = await makeDish(ctx.db, p.id, mains.id);
    const created = (
      await admin.post(`/app/dishes?${q}`, {
        title: { lv: 'K' },
        category_id: sets.id,
        type: 'initial',
        complex: [
          { category_id: soups.id, dishes: [{ id: soup.id }] },
          { category_id: mains.id, dishes: [{ id: main.id }] },
        ],
      })
    ).json();
    const [g1] = created.complex;
    const put = await admin.put(`/app/dishes/${created.id}?${q}`, {
      price: 1,
      complex: [{ id: g1.id, category_id: soups.id, optional: true, dishes: [{ id: soup2.id, price: 2 }, { id: soup.id }] }],
    });
    expect(put.statusCode).toBe(200);
    const u = put.json();
    expect(u).toMatchObject({ title: { lv: 'K' }, type: 'initial', price: 1, priceFrom: 1 });
    expect(u.complex).toHaveLength(1);
    expect(u.complex[0]).toMatchObject({
      id: g1.id,
      optional: true,
      dishes: [
        { id: soup2.id, price: 2 },
        { id: soup.id, price: null },
      ],
    });

    const title = await admin.put(`/app/dishes/${created.id}?${q}`, { title: { lv: 'Jauns', en: 'New' }, status: false });
    expect(title.json()).toMatchObject({ title: { lv: 'Jauns', en: 'New', ru: '' }, status: false, price: 1 });
    expect(title.json().complex[0].id).toBe(g1.id);

    const simple = await admin.put(`/app/dishes/${created.id}?${q}`, { type: 'simple' });
    expect(simple.json()).toMatchObject({ type: 'simple', complex: [] });
    expect(await ctx.db.select().from(complexGroups).where(eq(complexGroups.dishId, created.id))).toHaveLength(0);

    const allergen = await makeAllergen(ctx.db);
    const withAllergen = await admin.put(`/app/dishes/${soup.id}?${q}`, { allergens: [allergen.id] });
    expect(withAllergen.json().allergens).toEqual([allergen.id]);
    expect((await admin.put(`/app/dishes/${soup.id}?${q}`, { allergens: [] })).json().allergens).toEqual([]);
    expect((await admin.put(`/app/dishes/999999?${q}`, { status: true })).statusCode).toBe(404);
  });
});

describe('dishes: validation', () => {
  it('checks field types and formats (422 per field, request language)', async () => {
    const { q } = await setup();
    const res = await admin.post(`/app/dishes?${q}&lang=en`, {
      title: { en: 'No lv' },
      price: 1.234,
      type: 'weird',
      allergens: ['x'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'title.lv': ['This field is required.'],
      category_id: ['This field is required.'],
      price: ['This value is not valid.'],
      type: ['This value is not valid.'],
      'allergens.0': ['This value has the wrong type.'],
    });
    const neg = await admin.post(`/app/dishes?${q}&lang=lv`, { title: { lv: 'X' }, category_id: 1, price: -1 });
    expect(neg.json().errors).toEqual({ price: ['Vērtībai jābūt vismaz 0.'] });
  });

  it('checks references and set-meal rules', async () => {
    const { p, soups, mains, sets, q } = await setup();
    const other = await makeProvider(ctx.db);
    const foreignCat = await makeCategory(ctx.db, other.id);
    const foreignDish = await makeDish(ctx.db, other.id, foreignCat.id);
    const soup = await makeDish(ctx.db, p.id, soups.id);
    const main = await makeDish(ctx.db, p.id, mains.id);
    const complex = await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: soups.id, dishIds: [soup.id] }]);

    const unknown = await admin.post(`/app/dishes?${q}&lang=en`, {
      title: { lv: 'X' },
      category_id: foreignCat.id,
      allergens: [999999],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      category_id: ['This category does not exist.'],
      'allergens.0': ['This allergen does not exist.'],
    });

    const noGroups = await admin.post(`/app/dishes?${q}&lang=en`, { title: { lv: 'X' }, category_id: sets.id, type: 'complex' });
    expect(noGroups.json().errors).toEqual({ complex: ['A set meal needs at least one group of dishes.'] });
    const simpleGroups = await admin.post(`/app/dishes?${q}&lang=en`, {
      title: { lv: 'X' },
      category_id: sets.id,
      complex: [{ category_id: soups.id, dishes: [{ id: soup.id }] }],
    });
    expect(simpleGroups.json().errors).toEqual({ complex: ['Only set meals (complex or initial) have groups.'] });
    const emptyGroup = await admin.post(`/app/dishes?${q}&lang=en`, {
      title: { lv: 'X' },
      category_id: sets.id,
      type: 'complex',
      complex: [{ category_id: soups.id, dishes: [] }],
    });
    expect(emptyGroup.json().errors).toEqual({ 'complex.0.dishes': ['Add at least 1.'] });

    const badOptions = await admin.post(`/app/dishes?${q}&lang=en`, {
      title: { lv: 'X' },
      category_id: sets.id,
      type: 'complex',
      complex: [
        { category_id: soups.id, dishes: [{ id: soup.id }, { id: main.id }, { id: complex.id }, { id: foreignDish.id }, { id: soup.id }] },
        { id: 999999, category_id: foreignCat.id, dishes: [{ id: soup.id }] },
      ],
    });
    expect(badOptions.statusCode).toBe(422);
    expect(badOptions.json().errors).toEqual({
      'complex.0.dishes.1.id': ['This dish is not in the category chosen for the group.'],
      'complex.0.dishes.2.id': ['Only simple dishes can be options of a set meal.'],
      'complex.0.dishes.3.id': ['This dish does not exist.'],
      'complex.0.dishes.4.id': ['This dish is already in the group.'],
      'complex.1.id': ['This group does not belong to the dish.'],
      'complex.1.category_id': ['This category does not exist.'],
      'complex.1.dishes.0.id': ['This dish is not in the category chosen for the group.'],
    });

    // A dish offered inside a set meal must stay simple; a set meal cannot contain itself.
    const toComplex = await admin.put(`/app/dishes/${soup.id}?${q}&lang=lv`, {
      type: 'complex',
      complex: [{ category_id: mains.id, dishes: [{ id: main.id }] }],
    });
    expect(toComplex.statusCode).toBe(422);
    expect(toComplex.json().errors.type[0]).toMatch(/^Šis ēdiens ir kompleksa\(-u\) .* izvēle/);
    const self = await admin.put(`/app/dishes/${complex.id}?${q}&lang=en`, {
      complex: [{ category_id: sets.id, dishes: [{ id: complex.id }] }],
    });
    expect(self.json().errors).toEqual({ 'complex.0.dishes.0.id': ['A set meal cannot contain itself.'] });
    // Nothing was written by the refused calls.
    expect((await admin.get(`/app/dishes/${soup.id}?${q}`)).json().type).toBe('simple');
  });

  it("keeps a set-meal option in its group's category (422 on category_id naming the set meals)", async () => {
    const { p, soups, mains, sets, q } = await setup();
    const soup = await makeDish(ctx.db, p.id, soups.id);
    const spare = await makeDish(ctx.db, p.id, soups.id);
    const lunch = await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: soups.id, dishIds: [soup.id] }], {
      title: { lv: 'Pusdienas', en: 'Lunch' },
    });
    const dinner = await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: soups.id, dishIds: [soup.id] }], {
      title: { lv: 'Vakariņas', en: 'Dinner' },
    });

    const moved = await admin.put(`/app/dishes/${soup.id}?${q}&lang=en`, { category_id: mains.id, title: { lv: 'Cits' } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({
      category_id: [
        'This dish is an option of the set meal(s) Lunch, Dinner, whose groups take dishes of its current category. Remove it from them first.',
      ],
    });
    expect((await admin.get(`/app/dishes/${soup.id}?${q}`)).json()).toMatchObject({
      category_id: soups.id,
      title: { lv: soup.title.lv },
    });

    // Sending the same category, or moving a dish no set meal offers, is fine.
    expect((await admin.put(`/app/dishes/${soup.id}?${q}`, { category_id: soups.id, price: 4 })).statusCode).toBe(200);
    expect((await admin.put(`/app/dishes/${spare.id}?${q}`, { category_id: mains.id })).json().category_id).toBe(mains.id);
    // Once the set meals no longer offer it, it may move.
    for (const set of [lunch, dinner]) {
      const put = await admin.put(`/app/dishes/${set.id}?${q}`, {
        complex: [{ category_id: mains.id, dishes: [{ id: spare.id }] }],
      });
      expect(put.statusCode).toBe(200);
    }
    expect((await admin.put(`/app/dishes/${soup.id}?${q}`, { category_id: mains.id })).json().category_id).toBe(mains.id);
  });
});

describe('dishes: list', () => {
  it('pages, sorts, filters (status, category, type, initial) and searches every language and the code', async () => {
    const { p, soups, mains, sets, q } = await setup();
    const a = await makeDish(ctx.db, p.id, soups.id, {
      title: { lv: 'Gaļas soļanka', en: 'Meat solyanka', ru: 'Мясная солянка' },
      code: 'Z01',
      priceCents: 340,
      position: 2,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const b = await makeDish(ctx.db, p.id, soups.id, {
      title: { lv: 'Ķirbju krēmzupa', en: 'Pumpkin cream soup', ru: 'Тыквенный крем-суп' },
      code: 'Z03',
      priceCents: 310,
      position: 1,
      status: false,
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    const c = await makeDish(ctx.db, p.id, mains.id, {
      title: { lv: 'Cūkgaļas karbonāde', en: 'Pork chop', ru: 'Свиная отбивная' },
      code: 'P10',
      priceCents: 650,
      position: 0,
      createdAt: new Date('2026-01-03T00:00:00Z'),
    });
    const k = await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: soups.id, dishIds: [a.id] }], {
      title: { lv: 'Komplekss', en: 'Set', ru: 'Комплекс' },
      code: 'K1',
      position: 3,
      createdAt: new Date('2026-01-04T00:00:00Z'),
    });
    const init = await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: mains.id, dishIds: [c.id] }], {
      type: 'initial',
      title: { lv: 'Sākuma', en: 'Initial', ru: 'Начальный' },
      code: 'K2',
      position: 4,
      createdAt: new Date('2026-01-05T00:00:00Z'),
    });
    const ids = async (query: string) => {
      const res = await kitchen.get(`/app/dishes?${q}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().data.map((d: { id: number }) => d.id);
    };

    expect(await ids('')).toEqual([c.id, b.id, a.id, k.id, init.id]);
    const page = (await admin.get(`/app/dishes?${q}&per_page=2&page=2`)).json();
    expect(page).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    expect(page.data.map((d: { id: number }) => d.id)).toEqual([a.id, k.id]);
    expect((await admin.get(`/app/dishes?${q}`)).json().per_page).toBe(50);
    expect(await ids('per_page=all&sort[created_at]=desc')).toEqual([init.id, k.id, c.id, b.id, a.id]);
    expect(await ids('sort[price]=desc&initial=0')).toEqual([c.id, a.id, b.id]);
    expect(await ids('sort[code]=asc')).toEqual([k.id, init.id, c.id, a.id, b.id]);

    expect(await ids('filter[status]=0')).toEqual([b.id]);
    expect(await ids('filter[status]=1&filter[category_id]=' + soups.id)).toEqual([a.id]);
    expect(await ids('initial=1')).toEqual([k.id, init.id]);
    expect(await ids('initial=true&filter[type]=initial')).toEqual([init.id]);
    expect(await ids('filter[type]=simple&sort[position]=desc')).toEqual([a.id, b.id, c.id]);

    expect(await ids('search=SOĻANKA')).toEqual([a.id]); // lv, case-insensitive with diacritics
    expect(await ids('search=cream')).toEqual([b.id]); // en
    expect(await ids('search=ОТБИВН')).toEqual([c.id]); // ru, case-insensitive
    expect(await ids('search=z0')).toEqual([b.id, a.id]); // code
    expect(await ids('search=komp&initial=1')).toEqual([k.id]);
    expect(await ids('search=nothing-like-this')).toEqual([]);

    const listed = (await admin.get(`/app/dishes?${q}&search=Set`)).json().data[0];
    expect(listed.complex[0].dishes[0].id).toBe(a.id);

    const bad = await admin.get(`/app/dishes?${q}&initial=maybe&lang=en`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ initial: ['This value is not valid.'] });
    expect((await admin.get(`/app/dishes?${q}&filter[type]=odd`)).statusCode).toBe(422);
  });
});

describe('dishes: sorting by price', () => {
  // Acceptance: set meals ("from 7.90 €") sorted before 1.00 € by their base price of 0.
  it('sorts by the price shown: a set meal by its "from" price', async () => {
    const { p, soups, mains, sets, q } = await setup();
    const water = await makeDish(ctx.db, p.id, soups.id, { priceCents: 100 });
    const soup = await makeDish(ctx.db, p.id, soups.id, { priceCents: 290 });
    const soup2 = await makeDish(ctx.db, p.id, soups.id, { priceCents: 350 });
    const chop = await makeDish(ctx.db, p.id, mains.id, { priceCents: 650 });
    // 0 base + cheapest soup 2.90 + chop 5.00 (override) = 7.90; the optional group adds nothing.
    const set = await makeComplex(ctx.db, p.id, sets.id, [
      { categoryId: soups.id, dishIds: [soup2.id, soup.id] },
      { categoryId: mains.id, dishIds: [chop.id], prices: [500] },
      { categoryId: soups.id, dishIds: [water.id], optional: true },
    ]);
    // 0.50 base + water 1.00 = 1.50: between 1.00 and 2.90.
    const small = await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: soups.id, dishIds: [water.id] }], { priceCents: 50 });
    const listed = async (dir: string) =>
      (await admin.get(`/app/dishes?${q}&per_page=all&sort[price]=${dir}`)).json().data as { id: number; priceFrom: number }[];
    const asc = await listed('asc');
    expect(asc.map((d) => d.id)).toEqual([water.id, small.id, soup.id, soup2.id, chop.id, set.id]);
    expect(asc.map((d) => d.priceFrom)).toEqual([1, 1.5, 2.9, 3.5, 6.5, 7.9]);
    expect((await listed('desc')).map((d) => d.id)).toEqual([set.id, chop.id, soup2.id, soup.id, small.id, water.id]);
  });

  it('lists in category order with sort[category] (the menu builder groups its page by category)', async () => {
    const p = await makeProvider(ctx.db);
    const mains = await makeCategory(ctx.db, p.id, { position: 2 });
    const soups = await makeCategory(ctx.db, p.id, { position: 1 });
    const desserts = await makeCategory(ctx.db, p.id, { position: 3 });
    const cake = await makeDish(ctx.db, p.id, desserts.id, { position: 0 });
    const chop = await makeDish(ctx.db, p.id, mains.id, { position: 1 });
    const soup = await makeDish(ctx.db, p.id, soups.id, { position: 5 });
    const stew = await makeDish(ctx.db, p.id, mains.id, { position: 0 });
    const ids = async (query: string) =>
      ((await admin.get(`/app/dishes?provider_id=${p.id}&per_page=all&${query}`)).json().data as { id: number }[]).map((d) => d.id);
    expect(await ids('sort[category]=asc')).toEqual([soup.id, stew.id, chop.id, cake.id]);
    expect(await ids('sort[category]=asc&sort[title]=desc&lang=en')).toHaveLength(4);
    expect(await ids('sort[category]=desc')).toEqual([cake.id, stew.id, chop.id, soup.id]);
  });
});

describe('dishes: delete', () => {
  it('deletes an unused dish', async () => {
    const { p, soups, q } = await setup();
    const d = await makeDish(ctx.db, p.id, soups.id);
    const res = await admin.delete(`/app/dishes/${d.id}?${q}`);
    expect(res.json()).toEqual({ success: true });
    expect((await admin.get(`/app/dishes/${d.id}?${q}`)).statusCode).toBe(404);
    expect((await admin.delete(`/app/dishes/${d.id}?${q}`)).statusCode).toBe(404);
  });

  it('refuses (409) a dish on a menu, ordered, or offered in a set meal, saying why', async () => {
    const { p, soups, sets, q } = await setup();
    const onMenu = await makeDish(ctx.db, p.id, soups.id);
    const [menu] = await ctx.db
      .insert(menus)
      .values({ providerId: p.id, title: 'Pirmdiena', from: new Date('2026-03-02T06:00:00Z'), to: new Date('2026-03-02T09:00:00Z') })
      .returning();
    await ctx.db.insert(menuDishes).values({ menuId: menu!.id, dishId: onMenu.id, categoryId: soups.id });
    const res = await admin.delete(`/app/dishes/${onMenu.id}?${q}&lang=en`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The dish cannot be deleted. It is on menu(s): Pirmdiena. Switch its status off to hide it instead.');

    const ordered = await makeDish(ctx.db, p.id, soups.id);
    const user = await makeUser(ctx.db);
    const [order] = await ctx.db
      .insert(orders)
      .values({ menuId: menu!.id, userId: user.id, paymentType: 'cash', amountCents: 300, amountToPayCents: 300 })
      .returning();
    await ctx.db.insert(orderItems).values({ orderId: order!.id, dishId: ordered.id, qty: 1, unitPriceCents: 300 });
    const res2 = await admin.delete(`/app/dishes/${ordered.id}?${q}&lang=lv`);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().message).toBe('Ēdienu nevar dzēst. Tas ir pasūtīts. Lai to paslēptu, izslēdziet tā statusu.');

    const option = await makeDish(ctx.db, p.id, soups.id);
    await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: soups.id, dishIds: [option.id] }], {
      title: { lv: 'Komplekss', ru: 'Комплекс' },
    });
    const res3 = await admin.delete(`/app/dishes/${option.id}?${q}&lang=ru`);
    expect(res3.statusCode).toBe(409);
    expect(res3.json().message).toContain('Оно входит в комплекс(ы): Комплекс.');
  });
});

describe('dishes: provider scope', () => {
  it("answers 404 for another provider's dish (read, edit, delete) and changes nothing", async () => {
    const { p, soups, q } = await setup();
    const other = await makeProvider(ctx.db);
    const otherSoups = await makeCategory(ctx.db, other.id);
    const d = await makeDish(ctx.db, p.id, soups.id, { title: { lv: 'Mana zupa' }, priceCents: 300 });
    const asOther = `provider_id=${other.id}`;
    expect((await admin.get(`/app/dishes/${d.id}?${asOther}`)).statusCode).toBe(404);
    expect((await admin.put(`/app/dishes/${d.id}?${asOther}`, { title: { lv: 'Svešs' }, price: 9 })).statusCode).toBe(404);
    expect((await admin.put(`/app/dishes/${d.id}?${asOther}`, { category_id: otherSoups.id })).statusCode).toBe(404);
    expect((await admin.delete(`/app/dishes/${d.id}?${asOther}`)).statusCode).toBe(404);
    expect((await admin.get(`/app/dishes/${d.id}?${q}`)).json()).toMatchObject({
      title: { lv: 'Mana zupa' },
      price: 3,
      category_id: soups.id,
    });
  });
});

describe('dishes: roles', () => {
  it('kitchen manages dishes and complex dishes (spec 1: staff), customers get 403 everywhere', async () => {
    const { p, soups, q } = await setup();
    const d = await makeDish(ctx.db, p.id, soups.id);
    expect((await kitchen.get(`/app/dishes/${d.id}?${q}`)).statusCode).toBe(200);
    const created = await kitchen.post(`/app/dishes?${q}`, { title: { lv: 'Virtuves zupa' }, category_id: soups.id, price: 2.5 });
    expect(created.statusCode).toBe(201);
    const complex = await kitchen.post(`/app/dishes?${q}`, {
      title: { lv: 'Virtuves komplekss' },
      category_id: soups.id,
      type: 'complex',
      complex: [{ category_id: soups.id, dishes: [{ id: d.id }] }],
    });
    expect(complex.statusCode).toBe(201);
    expect((await kitchen.put(`/app/dishes/${created.json().id}?${q}`, { status: false })).json().status).toBe(false);
    expect((await kitchen.delete(`/app/dishes/${complex.json().id}?${q}`)).statusCode).toBe(200);
    expect((await customer.get(`/app/dishes?${q}`)).statusCode).toBe(403);
    expect((await customer.get(`/app/dishes/${d.id}?${q}`)).statusCode).toBe(403);
    expect((await customer.post(`/app/dishes?${q}`, { title: { lv: 'X' }, category_id: soups.id })).statusCode).toBe(403);
    expect((await customer.put(`/app/dishes/${d.id}?${q}`, { status: false })).statusCode).toBe(403);
    expect((await customer.delete(`/app/dishes/${d.id}?${q}`)).statusCode).toBe(403);
  });
});
