import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leftovers, ledgerEntries, menuOrderChanges, orders, standingOrderRuns } from '../../db/schema/index.js';
import { makeLocation, makeProvider, makeUser } from '../../test/factories.js';
import { menuOn } from '../invoices/invoices.factories.js';
import { addToMenu, makeCategory, makeDish, setBalance } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';

/** The dashboard's address for a provider and a query. */
export const dashboardUrl = (providerId: number, q: string) => `/app/dashboard?provider_id=${providerId}&${q}`;

/** A menu's change count after its deadline (decision 087). */
export const changesOf = async (db: Db, menuId: number) =>
  (await db.select({ n: menuOrderChanges.changes }).from(menuOrderChanges).where(eq(menuOrderChanges.menuId, menuId)))[0]?.n ?? 0;

/**
 * Three menu days of a provider at two locations: cash, card and bank orders with subsidies, a
 * cancelled and refunded card order, a pending and a failed order (stock held / given back), a
 * standing order's order, a set meal with an option, leftovers of two days (the third not
 * recorded), plus orders that must not count (October, another provider).
 */
export async function dashboardWorld(db: Db) {
  const provider = await makeProvider(db, { title: 'Dashboard kitchen' });
  const other = await makeProvider(db, { title: 'Other kitchen' });
  const centrs = await makeLocation(db, { title: 'Centrs', subsidyCents: 350 });
  const osta = await makeLocation(db, { title: 'Osta' });
  const cat = await makeCategory(db, provider.id);
  const dish = (title: string, priceCents: number) =>
    makeDish(db, { providerId: provider.id, categoryId: cat.id, priceCents, title: { lv: title } });
  const soup = await dish('Zupa', 550);
  const pasta = await dish('Pasta', 700);
  const salad = await dish('Salāti', 400);
  const set = await dish('Komplekss', 550);
  const d1 = await menuOn(db, provider.id, '2026-11-02');
  const d2 = await menuOn(db, provider.id, '2026-11-03');
  const d3 = await menuOn(db, provider.id, '2026-11-05');
  const october = await menuOn(db, provider.id, '2026-10-30');
  const foreign = await menuOn(db, other.id, '2026-11-02');
  for (const [m, ds] of [
    [d1, [soup, pasta, salad]],
    [d2, [soup, pasta]],
    [d3, [soup, set]],
    [october, [soup]],
  ] as const) {
    for (const d of ds) await addToMenu(db, m.id, d);
  }
  // Stock left after the orders (pasta on d2 and the set meal: no limit).
  await setBalance(db, d1.id, soup.id, 10);
  await setBalance(db, d1.id, pasta.id, 5);
  await setBalance(db, d1.id, salad.id, null);
  await setBalance(db, d2.id, soup.id, 3);
  await setBalance(db, d3.id, soup.id, 0);
  const user = (n: string, locationId: number) => makeUser(db, { role: 'customer', locationId, email: `${n}-${locationId}@dash.lv` });
  const anna = await user('anna', centrs.id);
  const juris = await user('juris', centrs.id);
  const liga = await user('liga', osta.id);
  const line = (d: { id: number }, qty: number, unitPriceCents: number) => ({ dishId: d.id, title: { lv: 'x' }, qty, unitPriceCents });
  const order = (v: Parameters<typeof placedOrder>[1]) => placedOrder(db, v);
  const at = (u: { id: number; locationId: number | null }) => ({ userId: u.id, locationId: u.locationId! });
  // d1
  await order({
    menuId: d1.id,
    ...at(anna),
    paymentType: 'cash',
    amountCents: 1250,
    subsidyCents: 350,
    lines: [line(soup, 1, 550), line(pasta, 1, 700)],
  });
  await order({ menuId: d1.id, ...at(juris), paymentType: 'card', amountCents: 1100, subsidyCents: 350, lines: [line(soup, 2, 550)] });
  await order({ menuId: d1.id, ...at(liga), paymentType: 'bank', amountCents: 700, lines: [line(pasta, 1, 700)] });
  const cancelled = await order({
    menuId: d1.id,
    ...at(juris),
    paymentType: 'card',
    amountCents: 550,
    subsidyCents: 350,
    lines: [line(soup, 1, 550)],
  });
  await db.update(orders).set({ status: 3, stockReleased: true }).where(eq(orders.id, cancelled.id));
  await db.insert(ledgerEntries).values({
    orderId: cancelled.id,
    menuId: d1.id,
    locationId: centrs.id,
    providerId: provider.id,
    userId: juris.id,
    kind: 'refund',
    amountCents: -200,
  });
  // Pending: holds stock, not an order yet.
  await order({ menuId: d1.id, ...at(liga), paymentType: 'card', status: 1, amountCents: 550, lines: [line(soup, 1, 550)] });
  // d2
  const standing = await order({
    menuId: d2.id,
    ...at(anna),
    paymentType: 'cash',
    amountCents: 550,
    subsidyCents: 350,
    lines: [line(soup, 1, 550)],
  });
  await db.insert(standingOrderRuns).values({ userId: anna.id, day: '2026-11-03', menuId: d2.id, outcome: 'placed', orderId: standing.id });
  await order({ menuId: d2.id, ...at(liga), paymentType: 'cash', amountCents: 1400, lines: [line(pasta, 2, 700)] });
  const failed = await order({ menuId: d2.id, ...at(liga), status: 0, amountCents: 550, lines: [line(soup, 1, 550)] });
  await db.update(orders).set({ stockReleased: true }).where(eq(orders.id, failed.id));
  // d3: a set meal with soup as its option.
  await order({
    menuId: d3.id,
    ...at(liga),
    paymentType: 'bank',
    amountCents: 550,
    lines: [{ ...line(set, 1, 550), options: [{ dishId: soup.id, title: { lv: 'Zupa' } }] }],
  });
  // Not counted: October, another provider's menu.
  await order({ menuId: october.id, ...at(anna), amountCents: 550, lines: [line(soup, 1, 550)] });
  await order({ menuId: foreign.id, ...at(anna), amountCents: 990, lines: [line(soup, 1, 550)] });
  // Leftovers: d1 recorded, d2 recorded as none, d3 not recorded.
  await db.insert(leftovers).values([
    { menuId: d1.id, dishId: soup.id, portions: 2 },
    { menuId: d1.id, dishId: pasta.id, portions: 1 },
    { menuId: d2.id, dishId: soup.id, portions: 0 },
  ]);
  return { provider, other, centrs, osta, anna, soup, pasta, salad, set, d1, d2, d3, foreign };
}
