import type { Db } from '../../db/client.js';
import { makeLocation, makeProvider, makeUser } from '../../test/factories.js';
import { makeCategory, makeDish, makeMenu } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';

/** A provider with complete seller details (VAT 21 %). */
export async function sellerProvider(db: Db, values: Parameters<typeof makeProvider>[1] = {}) {
  return makeProvider(db, {
    legalName: 'SIA Garšīgās pusdienas',
    registrationNumber: '40003123456',
    vatNumber: 'LV40003123456',
    address: 'Brīvības iela 1',
    city: 'Rīga',
    postalCode: 'LV-1010',
    iban: 'LV80BANK0000435195001',
    email: 'rekini@pusdienas.lv',
    vatRateBp: 2100,
    ...values,
  });
}

/** A menu whose day is `day` (yyyy-mm-dd, 11:00 Riga time in winter = 09:00 UTC). */
export async function menuOn(db: Db, providerId: number, day: string) {
  const from = new Date(`${day}T09:00:00Z`);
  return makeMenu(db, { providerId, from, to: new Date(from.getTime() + 3 * 3600_000) });
}

/**
 * November 2026 at a company with two locations (a new registration number `companyReg`) and a third
 * location of another company: placed orders paid by cash, card and bank with subsidies, plus
 * orders that must not count (failed, pending, October, December, another provider).
 */
let companies = 0;
export async function invoiceWorld(db: Db) {
  const companyReg = `401${String(Date.now() % 1e5).padStart(5, '0')}${String(companies++ % 1000).padStart(3, '0')}`;
  const provider = await sellerProvider(db);
  const otherProvider = await sellerProvider(db, { legalName: 'SIA Cits' });
  const company = { companyName: 'SIA Birojs & Co', registrationNumber: companyReg, vatNumber: `LV${companyReg}` };
  const centrs = await makeLocation(db, {
    title: 'Birojs Centrs',
    address: 'Elizabetes iela 2-5',
    city: 'Rīga',
    postalCode: 'LV-1010',
    subsidyCents: 350,
    ...company,
  });
  const plavnieki = await makeLocation(db, { title: 'Noliktava Pļavnieki', ...company });
  const alone = await makeLocation(db, { title: 'Cita firma', companyName: 'SIA Cita', registrationNumber: '40003555555' });
  const cat = await makeCategory(db, provider.id);
  const dish = await makeDish(db, { providerId: provider.id, categoryId: cat.id, priceCents: 550, title: { lv: 'Karbonāde' } });
  const nov5 = await menuOn(db, provider.id, '2026-11-05');
  const nov30 = await menuOn(db, provider.id, '2026-11-30');
  const oct = await menuOn(db, provider.id, '2026-10-30');
  const dec = await menuOn(db, provider.id, '2026-12-01');
  const foreign = await menuOn(db, otherProvider.id, '2026-11-05');
  const anna = await makeUser(db, { role: 'customer', locationId: centrs.id, firstName: 'Anna', email: `anna-${centrs.id}@test.lv` });
  const juris = await makeUser(db, { role: 'customer', locationId: centrs.id, firstName: 'Juris', email: `juris-${centrs.id}@test.lv` });
  const liga = await makeUser(db, { role: 'customer', locationId: plavnieki.id, firstName: 'Līga', email: `liga-${plavnieki.id}@test.lv` });
  const line = [{ dishId: dish.id, title: { lv: 'Karbonāde' }, qty: 1, unitPriceCents: 550 }];
  const order = (v: Omit<Parameters<typeof placedOrder>[1], 'lines'>) => placedOrder(db, { ...v, lines: line });
  // Birojs Centrs, November: 3 placed orders.
  await order({ menuId: nov5.id, userId: anna.id, locationId: centrs.id, amountCents: 850, subsidyCents: 350, paymentType: 'cash' });
  await order({ menuId: nov5.id, userId: juris.id, locationId: centrs.id, amountCents: 550, subsidyCents: 350, paymentType: 'card' });
  await order({ menuId: nov30.id, userId: anna.id, locationId: centrs.id, amountCents: 1000, subsidyCents: 350, paymentType: 'bank' });
  // Not counted: failed, pending, October, December, another provider's menu.
  await order({ menuId: nov5.id, userId: juris.id, locationId: centrs.id, amountCents: 999, subsidyCents: 350, status: 0 });
  await order({
    menuId: nov5.id,
    userId: juris.id,
    locationId: centrs.id,
    amountCents: 999,
    subsidyCents: 350,
    status: 1,
    paymentType: 'card',
  });
  await order({ menuId: oct.id, userId: anna.id, locationId: centrs.id, amountCents: 700, subsidyCents: 350 });
  await order({ menuId: dec.id, userId: anna.id, locationId: centrs.id, amountCents: 700, subsidyCents: 350 });
  await order({ menuId: foreign.id, userId: anna.id, locationId: centrs.id, amountCents: 700, subsidyCents: 350 });
  // Noliktava Pļavnieki, November: 1 placed order.
  await order({ menuId: nov30.id, userId: liga.id, locationId: plavnieki.id, amountCents: 600, subsidyCents: 200, paymentType: 'cash' });
  return { companyReg, provider, otherProvider, centrs, plavnieki, alone, nov5, nov30, dec, anna, juris, liga, dish, order };
}
