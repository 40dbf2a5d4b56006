import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider } from '../../test/factories.js';
import { makeAllergen, makeCategory } from './catalogue.factories.js';

/* A dish's label fields (issue 28, decision 070): shelf life in hours and "may contain" traces. */

let ctx: TestContext;
let kitchen: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  kitchen = await ctx.as('kitchen');
});
afterAll(() => ctx.close());

const lastAudit = async (dishId: number) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'dish'), eq(auditLog.entityId, String(dishId))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]!;

describe('dish label fields', () => {
  it('stores shelf life and traces, answers them, audits them, and clears them', async () => {
    const p = await makeProvider(ctx.db);
    const cat = await makeCategory(ctx.db, p.id);
    const [nuts, sesame] = [await makeAllergen(ctx.db), await makeAllergen(ctx.db)];
    const q = `provider_id=${p.id}`;
    const created = await kitchen.post(`/app/dishes?${q}`, {
      title: { lv: 'Pīrāgs' },
      category_id: cat.id,
      price: 1,
      shelf_life_hours: 48,
      traces: [sesame.id, nuts.id, nuts.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const d = created.json();
    expect(d.shelf_life_hours).toBe(48);
    expect(d.traces).toEqual([nuts.id, sesame.id].sort((a, b) => a - b));
    expect((await lastAudit(d.id)).after).toMatchObject({ shelf_life_hours: 48, traces: [nuts.code, sesame.code].sort() });

    const plain = await kitchen.post(`/app/dishes?${q}`, { title: { lv: 'Maize' }, category_id: cat.id, price: 1 });
    expect(plain.json()).toMatchObject({ shelf_life_hours: null, traces: [] });

    const updated = await kitchen.put(`/app/dishes/${d.id}?${q}`, { shelf_life_hours: null, traces: [sesame.id] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ shelf_life_hours: null, traces: [sesame.id] });
    const audit = await lastAudit(d.id);
    expect(audit).toMatchObject({
      action: 'dish.update',
      before: { shelf_life_hours: 48 },
      after: { shelf_life_hours: null, traces: [sesame.code] },
    });
    // Only what was sent changes.
    const untouched = await kitchen.put(`/app/dishes/${d.id}?${q}`, { price: 2 });
    expect(untouched.json()).toMatchObject({ shelf_life_hours: null, traces: [sesame.id] });
  });

  it('refuses a shelf life out of 1..720 hours and unknown trace allergens, in the request language', async () => {
    const p = await makeProvider(ctx.db);
    const cat = await makeCategory(ctx.db, p.id);
    const q = `provider_id=${p.id}`;
    const zero = await kitchen.post(`/app/dishes?${q}&lang=en`, { title: { lv: 'X' }, category_id: cat.id, shelf_life_hours: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual({ shelf_life_hours: ['The value must be at least 1.'] });
    const long = await kitchen.post(`/app/dishes?${q}&lang=lv`, { title: { lv: 'X' }, category_id: cat.id, shelf_life_hours: 721 });
    expect(Object.keys(long.json().errors)).toEqual(['shelf_life_hours']);
    const half = await kitchen.post(`/app/dishes?${q}&lang=en`, { title: { lv: 'X' }, category_id: cat.id, shelf_life_hours: 1.5 });
    expect(Object.keys(half.json().errors)).toEqual(['shelf_life_hours']);
    const unknown = await kitchen.post(`/app/dishes?${q}&lang=en`, { title: { lv: 'X' }, category_id: cat.id, traces: [999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'traces.0': ['This allergen does not exist.'] });
  });
});
