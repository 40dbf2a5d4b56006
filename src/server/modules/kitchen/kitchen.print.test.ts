import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allergens,
  auditLog,
  dishAllergens,
  dishes,
  orderItemOptions,
  orderItems,
  orders,
  portionHandovers,
} from '../../db/schema/index.js';
import { handoverLink } from '../../lib/links.js';
import { pdfPageCount, pdfQrCodes } from '../../lib/pdf/pdf-qr.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { makeLocation, makeProvider, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { makeLap } from '../laps/laps.factories.js';
import { renderLabels, type Label } from './kitchen.labels.pdf.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MM = 72 / 25.4;
/**
 * A menu with 25 placed portions: Jānis Bērziņš (on the lap, stop 2) 2 soups and a set meal,
 * Ērika Šņore (stop 1) 20 mains; a cancelled order and one on no lap (Ūdens iela, 2 desserts).
 */
async function printWorld() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const place = async (who: Client, items: object[]) => {
    const res = await who.post('/app/order/create', { terms: true, dishlist_id: w.menu.id, items, payment_type: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };
  const janis = ctx.as(await customerAt(ctx.db, now, { title: 'Ķīpsalas birojs' }, { firstName: 'Jānis Bērziņš' }));
  const erika = ctx.as(await customerAt(ctx.db, now, { title: 'Āgenskalns' }, { firstName: 'Ērika Šņore' }));
  const loose = ctx.as(await customerAt(ctx.db, now, { title: 'Ūdens iela' }, { firstName: 'Oļegs' }));
  const [g1, g2] = w.set.groups;
  const janisOrder = await place(janis, [
    { id: w.soup.id, qty: 2 },
    {
      id: w.set.complex.id,
      qty: 1,
      complex: [
        { group_id: g1!.id, dish_id: w.soup.id },
        { group_id: g2!.id, dish_id: w.main.id },
      ],
    },
  ]);
  const erikaOrder = await place(erika, [{ id: w.main.id, qty: 20 }]);
  const cancelled = await place(erika, [{ id: w.dessert.id, qty: 1 }]);
  await ctx.db.update(orders).set({ status: 3, cancelledAt: now }).where(eq(orders.id, cancelled));
  await place(loose, [{ id: w.dessert.id, qty: 2 }]);
  // The soup line contains gluten, and Jānis avoids it (he was warned when ordering).
  const [gluten] = await ctx.db.select().from(allergens).orderBy(allergens.position, allergens.id).limit(1);
  const [soupLine] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, janisOrder)).orderBy(orderItems.position);
  await ctx.db
    .update(orderItems)
    .set({ allergenIds: [gluten!.id] })
    .where(eq(orderItems.id, soupLine!.id));
  await ctx.db
    .update(orders)
    .set({ allergenWarnings: [gluten!.id] })
    .where(eq(orders.id, janisOrder));
  // In the catalogue the soup's allergens were confirmed (gluten); the main's never were.
  // The dessert's were confirmed too, as none.
  await ctx.db.insert(dishAllergens).values({ dishId: w.soup.id, allergenId: gluten!.id });
  await ctx.db
    .update(dishes)
    .set({ allergensConfirmed: true })
    .where(inArray(dishes.id, [w.soup.id, w.dessert.id]));
  const lap = await makeLap(ctx.db, w.provider.id, [erika.location.id, janis.location.id], { title: 'Rīta maršruts' });
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  return { w, janis, erika, loose, janisOrder, erikaOrder, cancelled, soupLine: soupLine!, lap, staff, q: `?provider_id=${w.provider.id}` };
}

describe('production sheet', () => {
  it('lists what to prepare per category with totals, then what to pack per lap and stop, in the kitchen’s language', async () => {
    const x = await printWorld();
    const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}/production-sheet${x.q}&lang=lv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Ražošanas lapa');
    expect(text).toContain('Jāsagatavo');
    // Soup: 2 plain + 1 in the set; main: 20 + 1 in the set; desserts: 2 (the cancelled one left out).
    // Each dish with its allergens in words, or a warning that they were never confirmed.
    expect(text).toMatch(/Skābeņu zupa Graudaugi, kas satur lipekli 3/);
    expect(text).toMatch(/Cūkgaļas karbonāde — \(nav apstiprināti\) 21/);
    expect(text).toMatch(/Maizes zupa — 2/);
    expect(text).toContain('Porcijas kopā: 26');
    expect(text).toContain('Jāiepako');
    expect(text).toContain('Maršruts: Rīta maršruts');
    // Stops in lap order, then the location on no lap.
    const [erika, janis, loose] = ['1. Āgenskalns', '2. Ķīpsalas birojs', 'Ūdens iela'].map((s) => text.indexOf(s));
    expect(erika).toBeGreaterThan(0);
    expect(erika).toBeLessThan(janis!);
    expect(janis).toBeLessThan(loose!);
    expect(text).toContain('Jānis Bērziņš');
    expect(text).toContain('Izvairās: Graudaugi, kas satur lipekli');
    expect(pdfPageCount(res.rawPayload)).toBeGreaterThanOrEqual(2);
    // What to pack: every line with its allergens beside it (the avoided one said first), or that
    // they were never confirmed; the header's words whole ("Pasūtījums" was broken in two).
    expect(text).toContain('Persona Pasūtījums Kas Alergēni');
    expect(text).toMatch(/2 × Skābeņu zupa Izvairās: Graudaugi, kas satur lipekli Graudaugi, kas satur lipekli/);
    expect(text).toMatch(/1 × Komplekss \(Skābeņu zupa, Cūkgaļas karbonāde\) nav apstiprināti/);
    expect(text).toMatch(/20 × Cūkgaļas karbonāde nav apstiprināti/);
    expect(text).toMatch(/2 × Maizes zupa nav(?! apstiprināti)/);

    const en = pdfText((await x.staff.get(`/app/kitchen/${x.w.menu.id}/production-sheet${x.q}&lang=en`)).rawPayload);
    expect(en).toContain('Production sheet');
    expect(en).toContain('Sorrel soup');
    expect(en).toContain('Person Order What Allergens');
    expect(en).toMatch(/20 × Pork chop not confirmed/);
    const ru = pdfText((await x.staff.get(`/app/kitchen/${x.w.menu.id}/production-sheet${x.q}&lang=ru`)).rawPayload);
    expect(ru).toContain('Человек Заказ Что Аллергены');
    expect(ru).toMatch(/2 × Skābeņu zupa Избегает: Злаки, содержащие глютен Злаки, содержащие глютен/);
    expect(ru).toMatch(/2 × Maizes zupa нет/);
    // One lap only: its stops, and the counts of its orders alone.
    const lapOnly = pdfText((await x.staff.get(`/app/kitchen/${x.w.menu.id}/production-sheet${x.q}&lang=en&lap=${x.lap.id}`)).rawPayload);
    expect(lapOnly).toContain('Portions in all: 24');
    expect(lapOnly).not.toContain('Ūdens iela');
  });

  it('answers 403 to customers, 401 signed out and 404 for another provider’s menu or lap', async () => {
    const x = await printWorld();
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const theirLap = await makeLap(ctx.db, other.provider.id, [], { title: 'Citu' });
    const sheet = (menuId: number, who: Client = ctx.anon, extra = '') => who.get(`/app/kitchen/${menuId}/production-sheet${x.q}${extra}`);
    expect((await sheet(x.w.menu.id, x.janis)).statusCode).toBe(403);
    expect((await sheet(x.w.menu.id)).statusCode).toBe(401);
    expect((await sheet(other.menu.id, x.staff)).statusCode).toBe(404);
    expect((await sheet(x.w.menu.id, x.staff, `&lap=${theirLap.id}`)).statusCode).toBe(404);
    expect((await x.janis.get(`/app/kitchen/${x.w.menu.id}/labels${x.q}`)).statusCode).toBe(403);
    expect((await x.staff.get(`/app/kitchen/${x.w.menu.id}/labels${x.q}&layout=a5`)).statusCode).toBe(422);
  });
});

describe('allergens on the orders print-out and the lap report', () => {
  it('name each line’s allergens in words, or that they were never confirmed, in the print-out’s language', async () => {
    const x = await printWorld();
    const orders = async (lang: string) =>
      pdfText((await x.staff.get(`/app/dishlists/${x.w.menu.id}/print-orders${x.q}&lang=${lang}`)).rawPayload);
    const lv = await orders('lv');
    expect(lv).toMatch(/2 × Skābeņu zupa Alergēni: Graudaugi, kas satur lipekli/);
    // The set meal's main was never confirmed, so neither is the set meal.
    expect(lv).toMatch(/1 × Komplekss \(Skābeņu zupa, Cūkgaļas karbonāde\) Alergēni: nav apstiprināti/);
    expect(lv).toMatch(/20 × Cūkgaļas karbonāde Alergēni: nav apstiprināti/);
    expect(lv).toMatch(/2 × Maizes zupa Alergēni: nav(?! apstiprināti)/);
    const en = await orders('en');
    expect(en).toMatch(/2 × Sorrel soup Allergens: Cereals containing gluten/);
    expect(en).toMatch(/20 × Pork chop Allergens: not confirmed/);
    expect(en).toMatch(/2 × Bread soup Allergens: none/);
    const ru = await orders('ru');
    expect(ru).toMatch(/2 × Skābeņu zupa Аллергены: Злаки, содержащие глютен/);
    expect(ru).toMatch(/20 × Cūkgaļas karbonāde Аллергены: не подтверждены/);
    expect(ru).toMatch(/2 × Maizes zupa Аллергены: нет/);

    const report = async (lang: string) =>
      pdfText((await x.staff.get(`/app/laps/print-report/${x.lap.id}/${x.w.menu.id}${x.q}&lang=${lang}`)).rawPayload);
    const lap = await report('lv');
    // What to load: each dish's allergens as the catalogue has them.
    expect(lap).toMatch(/Skābeņu zupa Graudaugi, kas satur lipekli 3/);
    expect(lap).toMatch(/Cūkgaļas karbonāde — \(nav apstiprināti\) 21/);
    // What each stop gets, as ordered.
    expect(lap).toMatch(/Cūkgaļas karbonāde × 20 Alergēni: nav apstiprināti/);
    expect(lap).toMatch(/Skābeņu zupa × 2 Alergēni: Graudaugi, kas satur lipekli/);
    expect(lap).toMatch(/Komplekss × 1 Alergēni: nav apstiprināti/);
    const lapRu = await report('ru');
    expect(lapRu).toMatch(/Skābeņu zupa × 2 Аллергены: Злаки, содержащие глютен/);
    expect(lapRu).toMatch(/Cūkgaļas karbonāde × 20 Аллергены: не подтверждены/);
  });
});

describe('labels', () => {
  it('prints one label per portion on A4 sheets of 3 × 8, each QR code naming its portion’s hand-over address', async () => {
    const x = await printWorld();
    const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}/labels${x.q}&lang=lv&layout=a4`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`labels-${x.w.menu.id}-a4.pdf`);
    // 2 soups + 1 set meal + 20 mains + 2 desserts = 25 labels: one full sheet of 24 and one more.
    expect(pdfPageCount(res.rawPayload)).toBe(2);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Jānis Bērziņš');
    expect(text).toContain('Ērika Šņore');
    expect(text).toContain('Ķīpsalas birojs · Rīta maršruts, 2. pietura');
    // Jānis avoids gluten: his soup's label says so in words (the alert, the allergen in capitals).
    expect(text).toContain('! ALERĢIJA · satur: GRAUDAUGI, KAS SATUR LIPEKLI');
    expect(text).toContain('Cūkgaļas karbonāde (20 no 20)');
    expect(text).toContain(`Pasūtījums ${x.janisOrder}`);

    const codes = pdfQrCodes(res.rawPayload, 70 * MM, (297 / 8) * MM);
    expect(codes.map((p) => p.length)).toEqual([24, 1]);
    const all = codes.flat();
    expect(all.every((c) => c !== null)).toBe(true);
    // In delivery order: Ērika's 20 mains first (stop 1), then Jānis (stop 2), then the loose location.
    expect(all[0]).toBe(handoverLink(ctx.deps.env, x.erikaOrder, (await lineOf(x.erikaOrder)).id, 1));
    expect(all[20]).toBe(handoverLink(ctx.deps.env, x.janisOrder, x.soupLine.id, 1));
    expect(all[21]).toBe(handoverLink(ctx.deps.env, x.janisOrder, x.soupLine.id, 2));
    expect(new Set(all).size).toBe(25);
  });

  it('prints a 62 mm roll, one label a page, for a lap or a location', async () => {
    const x = await printWorld();
    const roll = await x.staff.get(`/app/kitchen/${x.w.menu.id}/labels${x.q}&lang=en&layout=roll&location=${x.janis.location.id}`);
    expect(roll.statusCode).toBe(200);
    expect(pdfPageCount(roll.rawPayload)).toBe(3);
    expect(roll.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 175\.748\d* 283\.464\d*\]/);
    const codes = pdfQrCodes(roll.rawPayload, 62 * MM, 100 * MM);
    expect(codes.flat()).toEqual([
      handoverLink(ctx.deps.env, x.janisOrder, x.soupLine.id, 1),
      handoverLink(ctx.deps.env, x.janisOrder, x.soupLine.id, 2),
      expect.stringMatching(new RegExp(`/handover/${x.janisOrder}/\\d+/1$`)),
    ]);
    const lap = await x.staff.get(`/app/kitchen/${x.w.menu.id}/labels${x.q}&layout=roll&lap=${x.lap.id}`);
    expect(pdfPageCount(lap.rawPayload)).toBe(23);
    const empty = await x.staff.get(
      `/app/kitchen/${x.w.menu.id}/labels${x.q}&lang=en&layout=roll&location=${(await makeLocation(ctx.db)).id}`,
    );
    expect(empty.statusCode).toBe(200);
    expect(pdfText(empty.rawPayload)).toContain('nothing to display');
  });
});

/** The text without white space: a line may break after a space or a hyphen, never losing a letter. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

describe('label text', () => {
  it('never cuts the longest names, places, dishes, options and allergens: they wrap, shrink or go on to a continued label', async () => {
    const long = (word: string) => Array.from({ length: 30 }, () => word).join(' ');
    const label: Label = {
      orderId: 987654,
      itemId: 123456,
      unit: 1,
      qty: 1,
      name: long('Bērziņš-Kalniņš'),
      location: long('Ķīpsalas'),
      lap: long('Maršruts'),
      stop: 12,
      shift: long('Maiņa'),
      dish: long('Cūkgaļas'),
      options: [long('Skābeņu'), long('Zupa')],
      allergens: [long('Graudaugi')],
      avoided: [],
      allergensUnknown: false,
      url: handoverLink(ctx.deps.env, 987654, 123456, 1),
      // No ingredients text: the allergens alone, after "Contains".
      ingredients: [{ text: long('Graudaugi'), bold: true }],
      ingredientsMissing: true,
      traces: [],
      prepared: '27.11.2026',
      useBy: '27.11.26 23:59',
      provider: 'SIA Ēdnīca, Brīvības iela 1, Rīga',
      grams: null,
    };
    for (const [layout, cell] of [
      ['a4', [70 * MM, (297 / 8) * MM]],
      ['roll', [62 * MM, 100 * MM]],
    ] as const) {
      const pdf = await renderLabels(
        Array.from({ length: 25 }, () => label),
        layout,
        'x',
        'lv',
      );
      const text = pdfText(pdf);
      expect(text).not.toContain('…');
      // Too much for one label: each portion goes on to continued labels, which say whose they are.
      expect(text).toMatch(/Pasūtījums 987654 · turpinājums 2\/\d/);
      expect(text).toMatch(/1\. etiķete no \d/);
      // Without those headings (and the first label's order number), every text is there whole.
      const continued = new RegExp(`${squeeze(label.name)}·Pasūtījums987654·turpinājums\\d+/\\d+|Pasūtījums9876541\\.etiķeteno\\d+`, 'g');
      const flat = squeeze(text).replace(continued, '');
      for (const whole of [
        label.name,
        label.location,
        label.lap!,
        label.shift!,
        label.dish,
        ...label.options,
        `Satur: ${label.allergens[0]}`,
      ])
        expect(flat).toContain(squeeze(whole));
      expect(pdfPageCount(pdf)).toBeGreaterThan(layout === 'a4' ? 2 : 25);
      // Still one QR code per portion, and every one reads.
      const codes = pdfQrCodes(pdf, cell[0], cell[1]).flat();
      expect(codes).toHaveLength(25);
      expect(new Set(codes)).toEqual(new Set([label.url]));
    }
  });

  it('prints every allergen of a set meal with many options, in Latvian and Russian, on A4 and on the roll', async () => {
    const x = await printWorld();
    const [, setLine] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, x.janisOrder)).orderBy(orderItems.position);
    const all = await ctx.db.select().from(allergens).orderBy(allergens.position, allergens.id);
    await ctx.db
      .update(orderItems)
      .set({ allergenIds: all.map((a) => a.id) })
      .where(eq(orderItems.id, setLine!.id));
    const extra = ['Skābeņu zupa ar olu', 'Cūkgaļas karbonāde ar kartupeļiem', 'Svaigu dārzeņu salāti', 'Medus kūka', 'Dzērveņu dzēriens'];
    await ctx.db
      .insert(orderItemOptions)
      .values(extra.map((lv) => ({ orderItemId: setLine!.id, dishId: x.w.main.id, title: { lv, en: lv }, priceCents: 0 })));
    for (const lang of ['lv', 'ru'] as const)
      for (const [layout, cell] of [
        ['a4', [70 * MM, (297 / 8) * MM]],
        ['roll', [62 * MM, 100 * MM]],
      ] as const) {
        const res = await x.staff.get(
          `/app/kitchen/${x.w.menu.id}/labels${x.q}&lang=${lang}&layout=${layout}&location=${x.janis.location.id}`,
        );
        expect(res.statusCode).toBe(200);
        const text = pdfText(res.rawPayload);
        expect(text).not.toContain('…');
        // Every allergen, in words (the one Jānis avoids in capitals, first).
        const flat = squeeze(text).toLocaleLowerCase(lang);
        for (const a of all) expect(flat, `${lang} ${layout} ${a.code}`).toContain(squeeze(a.title[lang]!).toLocaleLowerCase(lang));
        for (const option of extra) expect(flat).toContain(squeeze(option).toLocaleLowerCase(lang));
        expect(text).toContain(lang === 'lv' ? 'Alergēni nav apstiprināti' : 'Аллергены не подтверждены');
        // Three portions (two soups and the set meal), three codes that read.
        const codes = pdfQrCodes(res.rawPayload, cell[0], cell[1]).flat();
        expect(codes).toHaveLength(3);
        expect(codes).toContain(handoverLink(ctx.deps.env, x.janisOrder, setLine!.id, 1));
      }
  });
});

async function lineOf(orderId: number) {
  return (await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;
}

describe('hand-over by QR', () => {
  it('marks a portion handed over once; a second scan says when and by whom', async () => {
    const x = await printWorld();
    const url = `/app/handover/${x.janisOrder}/${x.soupLine.id}/2${x.q}&lang=en`;
    const first = await x.staff.post(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      already: false,
      handed_over_by: 'Kārlis',
      order_id: x.janisOrder,
      unit: 2,
      qty: 2,
      person: 'Jānis Bērziņš',
      location: 'Ķīpsalas birojs',
      dish: 'Sorrel soup',
    });
    ctx.clock.advance(60_000);
    const other = ctx.as(await signedIn(ctx.db, { role: 'admin', firstName: 'Anna' }));
    const again = await other.post(url);
    expect(again.json()).toMatchObject({ already: true, handed_over_at: first.json().handed_over_at, handed_over_by: 'Kārlis' });
    const [parallelA, parallelB] = await Promise.all([
      x.staff.post(`/app/handover/${x.janisOrder}/${x.soupLine.id}/1${x.q}`),
      other.post(`/app/handover/${x.janisOrder}/${x.soupLine.id}/1${x.q}`),
    ]);
    expect([parallelA.json().already, parallelB.json().already].sort()).toEqual([false, true]);
    const rows = await ctx.db.select().from(portionHandovers).where(eq(portionHandovers.orderId, x.janisOrder));
    expect(rows.map((r) => r.unit).sort()).toEqual([1, 2]);
  });

  it('shows a portion on opening without marking it; marks on confirm; undo within a minute, refused after', async () => {
    const x = await printWorld();
    const path = `/app/handover/${x.janisOrder}/${x.soupLine.id}/1${x.q}&lang=en`;
    const audits = async () =>
      (
        await ctx.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(x.janisOrder)))
      )
        .map((e) => e.action)
        .filter((a) => a.startsWith('portion.'));
    const shown = await x.staff.get(path);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      handed_over_at: null,
      undo_until: null,
      order_id: x.janisOrder,
      menu_id: x.w.menu.id,
      lap_id: x.lap.id,
      person: 'Jānis Bērziņš',
      location: 'Ķīpsalas birojs',
      dish: 'Sorrel soup',
    });
    expect(await ctx.db.select().from(portionHandovers).where(eq(portionHandovers.orderId, x.janisOrder))).toEqual([]);
    expect(await audits()).toEqual([]);

    const marked = await x.staff.post(path);
    expect(marked.json()).toMatchObject({ already: false, handed_over_by: 'Kārlis' });
    expect(Date.parse(marked.json().undo_until) - Date.parse(marked.json().handed_over_at)).toBe(60_000);
    ctx.clock.advance(59_000);
    const undone = await x.staff.delete(path);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ handed_over_at: null, handed_over_by: null, undo_until: null });
    expect(await ctx.db.select().from(portionHandovers).where(eq(portionHandovers.orderId, x.janisOrder))).toEqual([]);
    expect((await x.staff.delete(path)).statusCode).toBe(409);

    expect((await x.staff.post(path)).json().already).toBe(false);
    ctx.clock.advance(60_001);
    expect((await x.staff.get(path)).json()).toMatchObject({ handed_over_by: 'Kārlis', undo_until: null });
    const late = await x.staff.delete(path);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The minute to undo is over: the hand-over stays recorded.');
    expect(await ctx.db.select().from(portionHandovers).where(eq(portionHandovers.orderId, x.janisOrder))).toHaveLength(1);
    expect((await audits()).sort()).toEqual(['portion.handover', 'portion.handover', 'portion.handover_undo']);
  });

  it("refuses another provider's kitchen and customers: read, mark and undo", async () => {
    const x = await printWorld();
    const other = await makeProvider(ctx.db);
    const path = `/app/handover/${x.janisOrder}/${x.soupLine.id}/1`;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await x.staff.request(method, `${path}?provider_id=${other.id}`)).statusCode, method).toBe(404);
      expect((await x.janis.request(method, `${path}${x.q}`)).statusCode, method).toBe(403);
    }
    expect(await ctx.db.select().from(portionHandovers).where(eq(portionHandovers.orderId, x.janisOrder))).toEqual([]);
    expect((await x.staff.post(`${path}${x.q}`)).statusCode).toBe(200);
    expect((await x.staff.delete(`${path}?provider_id=${other.id}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(portionHandovers).where(eq(portionHandovers.orderId, x.janisOrder))).toHaveLength(1);
  });

  it('refuses portions that do not exist, cancelled orders, customers and visitors', async () => {
    const x = await printWorld();
    const post = (path: string, who: Client = x.staff) => who.post(`/app/handover/${path}${x.q}&lang=en`);
    expect((await post(`${x.janisOrder}/${x.soupLine.id}/3`)).statusCode).toBe(404);
    expect((await post(`${x.erikaOrder}/${x.soupLine.id}/1`)).statusCode).toBe(404);
    expect((await post(`${x.janisOrder}/${x.soupLine.id}/0`)).statusCode).toBe(422);
    const cancelledLine = await lineOf(x.cancelled);
    const refused = await post(`${x.cancelled}/${cancelledLine.id}/1`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Order ${x.cancelled} was cancelled: do not hand this portion over.`);
    expect((await post(`${x.janisOrder}/${x.soupLine.id}/1`, x.janis)).statusCode).toBe(403);
    expect((await ctx.anon.post(`/app/handover/${x.janisOrder}/${x.soupLine.id}/1${x.q}`)).statusCode).toBe(401);
    expect(await ctx.db.select().from(portionHandovers).where(eq(portionHandovers.orderId, x.janisOrder))).toEqual([]);
  });
});
