import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, users } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const texts = (lv: string) => ({ lv, en: '', ru: '' });
const draft = (extra: Record<string, unknown> = {}) => ({
  title: texts('Svētku ēdienkarte'),
  body: texts('Piektdien būs svētku ēdienkarte.'),
  audience: { kind: 'all' },
  channels: ['banner'],
  ...extra,
});

describe('announcements as an attacker tries them', () => {
  it('refuses a signed-out or deactivated member of staff on every write, and writes nothing', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const q = `provider_id=${w.provider.id}`;
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, ctx.clock.now()));
    const made = await staff.post(`/app/announcements?${q}`, draft());
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const writes = (c: typeof staff) => [
      () => c.post(`/app/announcements?${q}`, draft()),
      () => c.put(`/app/announcements/${id}?${q}`, draft({ title: texts('Cits') })),
      () => c.post(`/app/announcements/${id}/send?${q}`),
      () => c.post(`/app/announcements/${id}/cancel?${q}`),
      () => c.post(`/app/announcements/preview?${q}`, { kind: 'all' }),
      () => c.get(`/app/announcements?${q}`),
    ];
    expect((await staff.request('POST', '/app/logout')).statusCode).toBe(200);
    for (const call of writes(staff)) expect((await call()).statusCode).toBe(401);
    const other = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, ctx.clock.now()));
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, other.user.id));
    for (const call of writes(other)) expect((await call()).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(announcements).where(eq(announcements.id, id));
    expect(row).toMatchObject({ status: 'draft', title: { lv: 'Svētku ēdienkarte' } });
  });

  it('takes texts and id lists up to their limits and refuses one past them with the field named', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const q = `provider_id=${w.provider.id}`;
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, ctx.clock.now()));
    const at = await staff.post(`/app/announcements?${q}`, draft({ title: texts('T'.repeat(120)), body: texts('B'.repeat(2000)) }));
    expect(at.statusCode).toBe(201);
    const past = await staff.post(`/app/announcements?${q}`, draft({ title: texts('T'.repeat(121)), body: texts('B'.repeat(2001)) }));
    expect(past.statusCode).toBe(422);
    expect(Object.keys(past.json().errors)).toEqual(expect.arrayContaining(['title.lv', 'body.lv']));
    const ids = Array.from({ length: 201 }, (_, i) => i + 1);
    const tooMany = await staff.post(`/app/announcements?${q}`, draft({ audience: { kind: 'users', ids } }));
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors).join(' ')).toContain('audience.ids');
    expect((await staff.post(`/app/announcements?${q}`, draft({ channels: [] }))).statusCode).toBe(422);
  });
});
