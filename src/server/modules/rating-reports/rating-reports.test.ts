import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dishRatings } from '../../db/schema/index.js';
import { makeMenu } from '../ordering/ordering.factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeProvider } from '../../test/factories.js';
import { ratingWorld } from './rating-reports.factories.js';
import { ratingFactor } from './rating-reports.read.js';

let ctx: TestContext;
const NOW = new Date('2026-11-20T10:00:00Z');
const DAY = 86_400_000;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(NOW);
});
afterAll(() => ctx.close());

/** Six eaters rate the soup (5, 4, 4, 3, 5, 1), two the main; one soup rating of a menu a week before, one 40 days old. */
async function world() {
  const w = await ratingWorld(ctx.db, NOW);
  const [a, b, c, d, e, f] = w.people.map((p) => p.id) as [number, number, number, number, number, number];
  const soup = [
    await w.rate(a, w.soup, { stars: 5, comment: 'Lieliska', tags: ['tasty'], createdAt: new Date(NOW.getTime() - 5 * 3600_000) }),
    await w.rate(b, w.soup, { stars: 4, tags: ['tasty', 'great-portion'] }),
    await w.rate(c, w.soup, { stars: 4, comment: '<b>sāļa</b>', tags: ['too-salty'], createdAt: new Date(NOW.getTime() - 2 * 3600_000) }),
    await w.rate(d, w.soup, { stars: 3 }),
    await w.rate(e, w.soup, { stars: 5 }),
  ];
  const earlier = await makeMenu(ctx.db, {
    providerId: w.provider.id,
    from: new Date(NOW.getTime() - 7 * DAY - 3600_000),
    to: new Date(NOW.getTime() - 7 * DAY + 3600_000),
  });
  soup.push(
    await w.rate(f, w.soup, {
      stars: 1,
      comment: 'Auksta',
      tags: ['cold'],
      menuId: earlier.id,
      createdAt: new Date(NOW.getTime() - 6 * DAY),
    }),
  );
  await w.rate(a, w.soup, { stars: 2, comment: 'Sena', createdAt: new Date(NOW.getTime() - 40 * DAY) });
  await w.rate(a, w.main, { stars: 2 });
  await w.rate(b, w.main, { stars: 3 });
  return { ...w, soupRatings: soup, earlier, q: `provider_id=${w.provider.id}` };
}

describe('rating reports: the kitchen', () => {
  it('answers the aggregates the ratings make: list, average, count, distribution, tags and menu days, per period', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const list = (await kitchen.get(`/app/rating-reports/dishes?${w.q}`)).json();
    expect(list.data).toEqual([
      { dish_id: w.soup.id, title: 'Skābeņu zupa', average: 3.67, count: 6 },
      { dish_id: w.main.id, title: 'Cūkgaļas karbonāde', average: 2.5, count: 2 },
    ]);
    const ninety = (await kitchen.get(`/app/rating-reports/dishes?${w.q}&period=90`)).json();
    expect(ninety.data[0]).toMatchObject({ dish_id: w.soup.id, average: 3.43, count: 7 });

    const report = await kitchen.get(`/app/rating-reports/dishes/${w.soup.id}?${w.q}`);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({
      average: 3.67,
      count: 6,
      distribution: [1, 0, 1, 2, 2],
      tags: [
        { tag: 'tasty', count: 2 },
        { tag: 'cold', count: 1 },
        { tag: 'great-portion', count: 1 },
        { tag: 'too-salty', count: 1 },
      ],
      days: [
        { day: '2026-11-20', menu_id: w.menu.id, average: 4.2, count: 5 },
        { day: '2026-11-13', menu_id: w.earlier.id, average: 1, count: 1 },
      ],
    });
  });

  it('pages the comments newest first, with the menu day and no eater to the kitchen; the text comes back as written', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const res = await kitchen.get(`/app/rating-reports/dishes/${w.soup.id}/comments?${w.q}&per_page=2`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 3, last_page: 2, current_page: 1 });
    expect(page.data.map((c: { comment: string }) => c.comment)).toEqual(['<b>sāļa</b>', 'Lieliska']);
    expect(page.data[0]).toMatchObject({ stars: 4, day: '2026-11-20', author: null, answer: '' });
    expect(JSON.stringify(page)).not.toMatch(/Eater|@test\.lv/);
    const second = (await kitchen.get(`/app/rating-reports/dishes/${w.soup.id}/comments?${w.q}&per_page=2&page=2`)).json();
    expect(second.data).toEqual([expect.objectContaining({ comment: 'Auksta', day: '2026-11-13' })]);
    const admin = (await (await ctx.as('admin')).get(`/app/rating-reports/dishes/${w.soup.id}/comments?${w.q}`)).json();
    expect(admin.data[0].author).toBe('Eater2');
  });

  it("answers 404 for another provider's dish and 403 to customers and managers", async () => {
    const w = await world();
    const other = await makeProvider(ctx.db);
    const kitchen = await ctx.as('kitchen');
    expect((await kitchen.get(`/app/rating-reports/dishes/${w.soup.id}?provider_id=${other.id}`)).statusCode).toBe(404);
    expect((await kitchen.get(`/app/rating-reports/dishes/${w.soup.id}/comments?provider_id=${other.id}`)).statusCode).toBe(404);
    expect((await kitchen.get(`/app/rating-reports/dishes?provider_id=${other.id}`)).json().data).toEqual([]);
    const manager = await ctx.as(w.people[0]!);
    for (const who of [await ctx.as('customer'), manager]) {
      expect((await who.get(`/app/rating-reports/dishes?${w.q}`)).statusCode).toBe(403);
      expect((await who.get(`/app/rating-reports/dishes/${w.soup.id}/comments?${w.q}`)).statusCode).toBe(403);
      expect((await who.put(`/app/ratings/${w.soupRatings[0]!.id}/answer?${w.q}`, { answer: 'x' })).statusCode).toBe(403);
    }
  });

  it('answers a comment (audited, editable, at most 1000 characters), never another provider’s rating', async () => {
    const w = await world();
    const rating = w.soupRatings[2]!;
    const kitchen = await ctx.as('kitchen');
    const url = `/app/ratings/${rating.id}/answer?${w.q}`;
    const first = await kitchen.put(url, { answer: '  Paldies, sāli mazināsim.  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: rating.id, answer: 'Paldies, sāli mazināsim.', answered_at: NOW.toISOString() });
    expect((await kitchen.put(url, { answer: 'Paldies! Sāli mazināsim.' })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(dishRatings).where(eq(dishRatings.id, rating.id));
    expect(row).toMatchObject({ answer: 'Paldies! Sāli mazināsim.', answeredById: kitchen.user.id });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rating.answer'), eq(auditLog.entityId, String(rating.id))));
    expect(audit.map((a) => a.after)).toEqual([{ answer: 'Paldies, sāli mazināsim.' }, { answer: 'Paldies! Sāli mazināsim.' }]);
    expect(audit[1]).toMatchObject({ actorId: kitchen.user.id, providerId: w.provider.id, before: { answer: 'Paldies, sāli mazināsim.' } });

    const tooLong = await kitchen.put(url, { answer: 'a'.repeat(1001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty('answer');
    const other = await makeProvider(ctx.db);
    expect((await kitchen.put(`/app/ratings/${rating.id}/answer?provider_id=${other.id}`, { answer: 'Svešs' })).statusCode).toBe(404);
    const comments = (await kitchen.get(`/app/rating-reports/dishes/${w.soup.id}/comments?${w.q}`)).json();
    expect(comments.data[0]).toMatchObject({ id: rating.id, answer: 'Paldies! Sāli mazināsim.' });
  });

  it('reads many dishes at once for the balance editor, and the best and worst of the month', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const res = await kitchen.get(`/app/rating-reports/summary?${w.q}&dish_ids=${w.soup.id},${w.main.id},${w.dessert.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sort((a: { dish_id: number }, b: { dish_id: number }) => a.dish_id - b.dish_id)).toEqual([
      { dish_id: w.soup.id, title: '', average: 3.43, count: 7 },
      { dish_id: w.main.id, title: '', average: 2.5, count: 2 },
    ]);
    expect((await kitchen.get(`/app/rating-reports/summary?${w.q}&dish_ids=1;drop`)).statusCode).toBe(422);
    // This month (November): the soup's six; the main has fewer than three ratings.
    const month = async () => (await kitchen.get(`/app/rating-reports/month?${w.q}`)).json();
    expect(await month()).toMatchObject({ month: '2026-11', min_count: 3, worst: [] });
    expect((await month()).best).toEqual([{ dish_id: w.soup.id, title: 'Skābeņu zupa', average: 3.67, count: 6 }]);
    // A third rating of the main: two dishes, one best and one worst; last month's rating does not count.
    await w.rate(w.people[2]!.id, w.main, { stars: 1 });
    await w.rate(w.people[3]!.id, w.dessert, { stars: 1, createdAt: new Date('2026-10-31T12:00:00Z') });
    await w.rate(w.people[4]!.id, w.dessert, { stars: 1, createdAt: new Date('2026-10-31T12:00:00Z') });
    await w.rate(w.people[5]!.id, w.dessert, { stars: 1, createdAt: new Date('2026-10-31T12:00:00Z') });
    expect(await month()).toMatchObject({
      best: [{ dish_id: w.soup.id, average: 3.67, count: 6 }],
      worst: [{ dish_id: w.main.id, title: 'Cūkgaļas karbonāde', average: 2, count: 3 }],
    });
  });
});

describe('rating reports: the employer', () => {
  it('shows the location manager averages only: no comments, no names, nothing under five eaters', async () => {
    const w = await world();
    const manager = await ctx.as(w.people[0]!);
    const res = await manager.get('/app/rating-reports/my-location');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      period: '30',
      min_raters: 5,
      data: [{ dish_id: w.soup.id, title: 'Skābeņu zupa', average: 3.67, count: 6 }],
      hidden: 1,
    });
    expect(res.body).not.toMatch(/Lieliska|Auksta|Eater/);
    // Another location's manager sees none of these eaters' ratings; a plain customer and the kitchen are refused.
    const elsewhere = await ratingWorld(ctx.db, NOW, 1);
    expect((await (await ctx.as(elsewhere.people[0]!)).get('/app/rating-reports/my-location')).json()).toMatchObject({
      data: [],
      hidden: 0,
    });
    expect((await (await ctx.as(w.people[1]!)).get('/app/rating-reports/my-location')).statusCode).toBe(403);
    expect((await (await ctx.as('kitchen')).get('/app/rating-reports/my-location')).statusCode).toBe(403);
  });
});

describe('rating reports: no eater read back by comparing periods', () => {
  it('never shows a dish in two periods whose difference is one to four eaters’ ratings', async () => {
    const w = await ratingWorld(ctx.db, NOW);
    const manager = await ctx.as(w.people[0]!);
    // Five eaters rated the main this week; a sixth, 20 days ago: the 30 days less the 7 would be that one rating.
    for (const p of w.people.slice(0, 5)) await w.rate(p.id, w.main, { stars: 4 });
    await w.rate(w.people[5]!.id, w.main, { stars: 1, createdAt: new Date(NOW.getTime() - 20 * DAY) });
    const shown = new Map<string, { average: number; count: number }>();
    for (const period of ['7', '30', '90', '365']) {
      const res = (await manager.get(`/app/rating-reports/my-location?period=${period}`)).json();
      const main = res.data.find((d: { dish_id: number }) => d.dish_id === w.main.id);
      if (main) shown.set(period, { average: main.average, count: main.count });
      else expect(res.hidden).toBeGreaterThan(0);
    }
    // The default period shows all six; the week, five of the same eaters, is not shown beside it.
    expect([...shown.keys()]).toEqual(['30', '90', '365']);
    expect(shown.get('30')).toEqual({ average: 3.5, count: 6 });
    for (const a of shown.values()) for (const b of shown.values()) expect([0, 5, 6].includes(Math.abs(a.count - b.count))).toBe(true);
  });
});

describe('the forecast’s rating factor', () => {
  it('nudges by 5 % per star from the provider’s average, within ±10 %, only from five ratings', () => {
    expect(ratingFactor({ average: 4.5, count: 5 }, 3.5)).toBe(1.05);
    expect(ratingFactor({ average: 5, count: 9 }, 2)).toBe(1.1);
    expect(ratingFactor({ average: 1, count: 9 }, 4)).toBe(0.9);
    expect(ratingFactor({ average: 1, count: 4 }, 4)).toBe(1);
    expect(ratingFactor(undefined, 4)).toBe(1);
  });
});
