import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allergens, dishAllergens, dishes, dishTraces } from '../../db/schema/index.js';
import { handoverLink } from '../../lib/links.js';
import { wrapRuns } from '../../lib/pdf/measure.js';
import { pdfQrCodes } from '../../lib/pdf/pdf-qr.js';
import { pdfText, pdfTextObjects } from '../../lib/pdf/pdf-text.js';
import { makeProvider, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { emphasise } from './kitchen.labels.emphasis.js';
import { lawFields, type DishFacts, type LabelFacts } from './kitchen.labels.facts.js';

/* What the law asks a label to say (issue 28, decision 070), read back from the PDFs. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MM = 72 / 25.4;
const ZONE = 'Europe/Riga';

/**
 * Jānis orders a sorrel soup (ingredients in three languages naming milk but not "Olas" or the
 * gluten's long name; may contain nuts; 30 hours; 350 g) and a bread soup (no shelf life, a very
 * long ingredients text). The pork chop has no ingredients and its allergens were never confirmed.
 */
async function lawWorld() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now, {
    legalName: 'SIA “Ēdnīca Ķēķis”',
    address: 'Brīvības iela 40',
    city: 'Rīga',
    postalCode: 'LV-1050',
  });
  const all = await ctx.db.select().from(allergens);
  const code = (c: string) => all.find((a) => a.code === c)!;
  await ctx.db
    .update(dishes)
    .set({
      ingredients: {
        lv: 'Skābenes, kartupeļi, piens, kviešu milti, ola',
        en: 'Sorrel, potatoes, milk, wheat flour, egg',
        ru: 'Щавель, картофель, молоко, пшеничная мука, яйцо',
      },
      allergensConfirmed: true,
      shelfLifeHours: 30,
      portionGrams: 350,
    })
    .where(eq(dishes.id, w.soup.id));
  await ctx.db.insert(dishAllergens).values(['gluten', 'milk', 'eggs'].map((c) => ({ dishId: w.soup.id, allergenId: code(c).id })));
  await ctx.db.insert(dishTraces).values({ dishId: w.soup.id, allergenId: code('nuts').id });
  const long = Array.from({ length: 120 }, (_, i) => `sastāvdaļa ${i + 1} (žāvēta ģērbonīte)`).join(', ');
  await ctx.db
    .update(dishes)
    .set({ ingredients: { lv: long }, allergensConfirmed: true })
    .where(eq(dishes.id, w.dessert.id));
  const janis = ctx.as(await customerAt(ctx.db, now, { title: 'Ķīpsalas birojs' }, { firstName: 'Jānis Bērziņš' }));
  const res = await janis.post('/app/order/create', {
    terms: true,
    dishlist_id: w.menu.id,
    items: [
      { id: w.soup.id, qty: 1 },
      { id: w.dessert.id, qty: 1 },
    ],
    payment_type: 'cash',
  });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json().order_id as number;
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  return { w, janis, staff, orderId, q: `?provider_id=${w.provider.id}` };
}

/** The text read back; a bold run is its own text object, so no space before the comma that follows it. */
const read = (pdf: Buffer) => pdfText(pdf).replace(/ (?=[,;])/g, '');
const day = (at: Date) => DateTime.fromJSDate(at).setZone(ZONE);

describe('label fields the law asks for', () => {
  it('prints ingredients with the allergens in bold, may-contain, dates, weight and the provider, in lv/en/ru; the QR still reads', async () => {
    const x = await lawWorld();
    const prepared = day(x.w.menu.from).toFormat('dd.LL.yyyy');
    // Cooking starts at the menu's deadline: 30 hours from there; no shelf life: the end of the menu's day.
    const soupUseBy = day(x.w.menu.to).plus({ hours: 30 }).toFormat('dd.LL.yy HH:mm');
    const dayEnd = `${day(x.w.menu.from).toFormat('dd.LL.yy')} 23:59`;
    const roll = async (lang: string) => {
      const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}/labels${x.q}&lang=${lang}&layout=roll`);
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const lv = await roll('lv');
    const text = read(lv);
    // "piens" is in the text; the gluten's name and "Olas" are not ("ola" is no whole-word match): appended.
    expect(text).toContain('Sastāvdaļas: Skābenes, kartupeļi, piens, kviešu milti, ola; Graudaugi, kas satur lipekli, Olas');
    expect(text).toContain('Var saturēt: Rieksti');
    expect(text).toContain(`Pagatavots ${prepared} · izlietot līdz ${soupUseBy} · neto masa 350 g`);
    expect(text).toContain(`Pagatavots ${prepared} · izlietot līdz ${dayEnd}`);
    expect(text).toContain('SIA “Ēdnīca Ķēķis”, Brīvības iela 40, Rīga, LV-1050');
    expect(text).toContain('žāvēta ģērbonīte');
    // The allergens are drawn in the bold face (Roboto Medium), the other ingredients in the regular one.
    const objects = pdfTextObjects(lv);
    const fontsOf = (word: string) => new Set(objects.filter((o) => o.text.includes(word)).map((o) => o.font));
    expect(fontsOf('piens')).toEqual(new Set(['Roboto-Medium']));
    expect(fontsOf('lipekli')).toEqual(new Set(['Roboto-Medium']));
    expect(fontsOf('Olas')).toEqual(new Set(['Roboto-Medium']));
    expect(fontsOf('kartupeļi')).toEqual(new Set(['Roboto-Regular']));
    expect(fontsOf('Skābenes')).toEqual(new Set(['Roboto-Regular']));
    // One code per portion; the long bread soup continues on more labels that carry none.
    const codes = pdfQrCodes(lv, 62 * MM, 100 * MM)
      .flat()
      .filter((c) => c !== null);
    expect(codes).toHaveLength(2);
    expect(codes[0]).toMatch(new RegExp(`/handover/${x.orderId}/\\d+/1$`));
    expect(codes).toContain(handoverLink(ctx.deps.env, x.orderId, Number(codes[0]!.split('/').at(-2)), 1));

    // The A4 sheet (3 × 8) prints the same fields, its codes read too.
    const a4 = (await x.staff.get(`/app/kitchen/${x.w.menu.id}/labels${x.q}&lang=lv&layout=a4`)).rawPayload;
    const sheet = read(a4);
    for (const field of ['Var saturēt: Rieksti', 'neto masa 350 g', 'SIA “Ēdnīca Ķēķis”', 'Graudaugi, kas satur lipekli, Olas'])
      expect(sheet).toContain(field);
    expect(sheet).toMatch(/Pagatavots \d\d\.\d\d\.\d{4} · izlietot līdz/);
    expect(
      pdfQrCodes(a4, 70 * MM, (297 / 8) * MM)
        .flat()
        .filter((c) => c !== null),
    ).toEqual(codes);
    const en = read(await roll('en'));
    expect(en).toContain('Ingredients: Sorrel, potatoes, milk, wheat flour, egg; Cereals containing gluten, Eggs');
    expect(en).toContain('May contain: Nuts');
    expect(en).toContain(`Prepared ${prepared} · use by ${soupUseBy} · net weight 350 g`);
    const ru = read(await roll('ru'));
    expect(ru).toContain('Состав: Щавель, картофель, молоко, пшеничная мука, яйцо; Злаки, содержащие глютен, Яйца');
    expect(ru).toContain('Может содержать: Орехи');
    expect(ru).toContain(`Приготовлено ${prepared} · использовать до ${soupUseBy} · масса нетто 350 г`);
  });
});

describe('label check', () => {
  it('lists dishes lacking label facts and the labels that overflow, in the request language', async () => {
    const x = await lawWorld();
    const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}/label-check${x.q}&lang=en&layout=roll`);
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json();
    expect(check.layout).toBe('roll');
    expect(check.portions).toBe(2);
    // The soup has everything; the set meal's parts are the menu's dishes (listed once).
    expect(check.dishes).toEqual([
      { id: x.w.main.id, title: 'Pork chop', problems: ['no_ingredients', 'allergens_unconfirmed', 'no_shelf_life'] },
      { id: x.w.dessert.id, title: 'Bread soup', problems: ['no_shelf_life'] },
    ]);
    expect(check.overflowing).toEqual([
      { order_id: x.orderId, item_id: expect.any(Number), unit: 1, name: 'Jānis Bērziņš', dish: 'Bread soup', labels: expect.any(Number) },
    ]);
    expect(check.overflowing[0].labels).toBeGreaterThan(1);
    // Fixed: nothing left to list.
    await ctx.db
      .update(dishes)
      .set({ ingredients: { lv: 'Maize, ūdens' }, allergensConfirmed: true, shelfLifeHours: 24 })
      .where(inArray(dishes.id, [x.w.main.id, x.w.dessert.id]));
    const fixed = (await x.staff.get(`/app/kitchen/${x.w.menu.id}/label-check${x.q}&layout=roll`)).json();
    expect(fixed).toMatchObject({ dishes: [], overflowing: [], portions: 2 });
  });

  it('is for the menu provider’s staff only', async () => {
    const x = await lawWorld();
    const url = (q: string) => `/app/kitchen/${x.w.menu.id}/label-check${q}`;
    expect((await ctx.anon.get(url(x.q))).statusCode).toBe(401);
    expect((await x.janis.get(url(x.q))).statusCode).toBe(403);
    const other = await makeProvider(ctx.db);
    expect((await x.staff.get(url(`?provider_id=${other.id}`))).statusCode).toBe(404);
    expect((await x.staff.get(url(`${x.q}&layout=a5`))).statusCode).toBe(422);
  });
});

describe('allergen emphasis', () => {
  const bold = (text: string, names: string[]) =>
    emphasise(text, names)
      .runs.filter((r) => r.bold)
      .map((r) => r.text);
  it('matches a name as whole words, any case, never inside a longer word; appends the missing ones', () => {
    expect(bold('Piens, PIENS un pienene', ['Piens'])).toEqual(['Piens', 'PIENS']);
    expect(bold('sezama  sēklas, sezama eļļa', ['Sezama sēklas'])).toEqual(['sezama  sēklas']);
    expect(emphasise('ūdens, sāls', ['Selerijas']).runs).toEqual([
      { text: 'ūdens, sāls', bold: false },
      { text: '; ', bold: false },
      { text: 'Selerijas', bold: true },
    ]);
    expect(emphasise('', ['Zivis', 'Olas'])).toEqual({
      runs: [
        { text: 'Zivis', bold: true },
        { text: ', ', bold: false },
        { text: 'Olas', bold: true },
      ],
      missing: ['Zivis', 'Olas'],
    });
    expect(bold('Ēdiens (ar (zivīm)?)', ['(zivīm)?'])).toEqual(['(zivīm)?']);
  });

  it('wraps mixed runs without losing or re-facing a letter', () => {
    const runs = emphasise('Skābenes, kartupeļi, piens, kviešu milti, ola', ['Piens', 'Graudaugi, kas satur lipekli']).runs;
    const lines = wrapRuns(runs, 8, () => 60);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((l) => l.map((r) => r.text).join('')).join(' ')).toBe(runs.map((r) => r.text).join(''));
    expect(
      lines
        .flat()
        .filter((r) => r.bold)
        .map((r) => r.text)
        .join(' '),
    ).toBe('piens Graudaugi, kas satur lipekli');
  });
});

describe('a set meal’s label facts', () => {
  it('names each chosen dish’s ingredients, is used by its earliest part, sums the weights', () => {
    const facts: LabelFacts = {
      provider: 'SIA Ēdnīca',
      zone: ZONE,
      traceTitles: new Map([[9, { lv: 'Rieksti', en: 'Nuts' }]]),
      dishes: new Map<number, DishFacts>([
        [1, { title: { lv: 'Komplekss' }, ingredients: {}, shelfLifeHours: 48, portionGrams: null, traces: [] }],
        [2, { title: { lv: 'Zupa' }, ingredients: { lv: 'ūdens, selerijas' }, shelfLifeHours: 6, portionGrams: 300, traces: [9] }],
        [3, { title: { lv: 'Kūka' }, ingredients: { lv: 'milti' }, shelfLifeHours: null, portionGrams: 100, traces: [] }],
      ]),
    };
    // The menu's day starts 09:00 in Riga (UTC+2 in November), orders close at 10:00.
    const menu = { from: new Date('2026-11-27T07:00:00Z'), to: new Date('2026-11-27T08:00:00Z') };
    const f = lawFields(facts, menu, { dishId: 1, optionIds: [2, 3], allergens: ['Selerijas'] }, 'lv');
    expect(f.ingredients).toEqual([
      { text: 'Zupa: ūdens, ', bold: false },
      { text: 'selerijas', bold: true },
      { text: '; Kūka: milti', bold: false },
    ]);
    expect(f).toMatchObject({
      prepared: '27.11.2026',
      useBy: '27.11.26 16:00',
      traces: ['Rieksti'],
      grams: 400,
      ingredientsMissing: false,
    });
    // Without the soup: the cake keeps to the end of the day, the set 48 hours: the earlier wins.
    expect(lawFields(facts, menu, { dishId: 1, optionIds: [3], allergens: [] }, 'lv').useBy).toBe('27.11.26 23:59');
  });
});
