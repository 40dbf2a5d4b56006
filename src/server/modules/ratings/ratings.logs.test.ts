import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeClient } from '../../test/client.js';
import { completedRequests, loggedApp } from '../../test/log-capture.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';
import { markDelivered, ratingLinkFor } from './ratings.factories.js';

/* A rating link's token is its only key and travels in the path: no log line may hold it (decision 079). */
let logged: Awaited<ReturnType<typeof loggedApp>>;
beforeAll(async () => (logged = await loggedApp()));
afterAll(() => logged.close());

it("never writes a rating link's token to the log", async () => {
  const now = new Date();
  const w = await menuWorld(logged.db, now);
  const eater = await customerAt(logged.db, now);
  const order = await placedOrder(logged.db, {
    menuId: w.menu.id,
    userId: eater.user.id,
    locationId: eater.location.id,
    amountCents: 550,
    lines: [{ dishId: w.main.id, title: { en: 'Pork chop' }, qty: 1, unitPriceCents: 550 }],
  });
  await markDelivered(logged.db, w.menu.id, eater.location.id, new Date(now.getTime() - 60_000));
  const token = await ratingLinkFor(logged.db, order.id, now);
  const anon = makeClient(logged.app, null);

  expect((await anon.get(`/app/rate/${token}`)).statusCode).toBe(200);
  expect((await anon.post(`/app/rate/${token}`, { ratings: [{ dish_id: w.soup.id, stars: 3 }] })).statusCode).toBe(422);
  expect((await anon.post(`/app/rate/${token}`, { ratings: [{ dish_id: w.main.id, stars: 3 }] })).statusCode).toBe(201);
  expect((await anon.post(`/app/rate/${token}`, { ratings: [{ dish_id: w.main.id, stars: 3 }] })).statusCode).toBe(410);
  expect((await anon.get(`/app/rate/${token}/nothing-here?lang=en`)).statusCode).toBe(404);
  await anon.post(`/app/rate/${token}`, 'not json', { headers: { 'content-type': 'application/json' } });

  expect(logged.lines.join('\n').includes(token), 'the token is in the log').toBe(false);
  const done = completedRequests(logged.lines);
  expect(done).toContainEqual(expect.objectContaining({ route: '/app/rate/:token', status: 201 }));
  expect(done).toContainEqual(expect.objectContaining({ route: '/app/rate/:token', status: 410 }));
});
