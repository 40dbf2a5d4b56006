import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../lib/context.js';
import { makeClient } from '../../test/client.js';
import { completedRequests, loggedApp } from '../../test/log-capture.js';
import { visitorWorld } from './visitors.factories.js';

/*
 * A visitor link's token is its only key, and the public routes take it in the path: no log line
 * may hold it. An app of its own, logging at the most talkative level into a captured stream.
 */
let logged: Awaited<ReturnType<typeof loggedApp>>;
let app: App;
let lines: string[];
beforeAll(async () => {
  logged = await loggedApp();
  ({ app, lines } = logged);
});
afterAll(() => logged.close());

it("never writes a visitor link's token to the log, whatever path or answer it comes with", async () => {
  const w = await visitorWorld(logged.db, new Date());
  const host = makeClient(app, w.manager.token, w.manager.user);
  const anon = makeClient(app, null);
  const created = await host.post('/app/visitor-links', { menu_id: w.menu.id, guest_name: 'Ieva' });
  expect(created.statusCode).toBe(201);
  const token = /\/visit\/([A-Za-z0-9_-]+)$/.exec(created.json<{ url: string }>().url)![1]!;

  expect((await anon.get(`/app/visit/${token}`)).statusCode).toBe(200);
  // A refused pick (a dish not on the menu), a pick, a second pick, and paths no route matches.
  expect((await anon.post(`/app/visit/${token}/order`, { items: [{ id: 2147483000 }] })).statusCode).toBe(422);
  await anon.post(`/app/visit/${token}/order`, { items: [{ id: w.soup.id }] });
  await anon.post(`/app/visit/${token}/order`, { items: [{ id: w.soup.id }] });
  expect((await anon.get(`/app/visit/${token}/nothing-here`)).statusCode).toBe(404);
  expect((await anon.get(`/app/visit/${token}?lang=en`)).statusCode).toBeGreaterThanOrEqual(200);
  await anon.post(`/app/visit/${token}/order`, 'not json', { headers: { 'content-type': 'application/json' } });
  expect((await host.get('/app/visitor-links')).statusCode).toBe(200);

  const all = lines.join('\n');
  expect(all.includes(token), 'the token is in the log').toBe(false);
  // The capture works: the public routes' lines are there, by their pattern.
  const done = completedRequests(lines);
  expect(done).toContainEqual(expect.objectContaining({ route: '/app/visit/:token', status: 200 }));
  expect(done).toContainEqual(expect.objectContaining({ route: '/app/visit/:token/order', status: 422 }));
});
