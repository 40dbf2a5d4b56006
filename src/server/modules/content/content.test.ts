import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.insert(contentBlocks).values([
    { key: 'privacy', lang: 'lv', body: '<p>Privātums</p>' },
    { key: 'privacy', lang: 'en', body: '<p>Privacy</p>' },
    { key: 'header-info', lang: 'lv', body: '<p>Pasūtiet līdz 10:30</p>' },
  ]);
});
afterAll(() => ctx.close());

const pages = (body: { groups: { pages: { page: string }[] }[] }) => body.groups.flatMap((g) => g.pages.map((p) => p.page));

describe('navigation', () => {
  it('gives each role its own pages, titled in the requested language', async () => {
    const customer = ctx.as(await signedIn(ctx.db));
    const manager = ctx.as(await signedIn(ctx.db, { isLocationManager: true }));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const nav = async (who: Client, lang = 'en') => (await who.get(`/app/navigation?lang=${lang}`)).json();

    const c = pages(await nav(customer));
    expect(c).toEqual(expect.arrayContaining(['order', 'history', 'profile']));
    expect(c).not.toContain('dishes');
    expect(c).not.toContain('my-team');
    expect(c).not.toContain('meetings');
    expect(c).not.toContain('spend');
    expect(pages(await nav(manager))).toEqual(expect.arrayContaining(['my-team', 'meetings', 'spend']));
    expect(pages(await nav(manager))).toContain('cost-centres');
    // Ratings (decision 080): the kitchen's page, and the manager's anonymous averages; not an ordinary eater's.
    expect(pages(await nav(manager))).toContain('ratings');
    expect(c).not.toContain('ratings');
    expect(c).not.toContain('cost-centres');
    const k = pages(await nav(kitchen));
    expect(k).toEqual(expect.arrayContaining(['orders', 'menu', 'laps', 'categories', 'dishes', 'meetings', 'ratings']));
    expect(k).not.toContain('providers');
    expect(k).not.toContain('locations');
    expect(k).not.toContain('company-sign-in');
    expect(k).not.toContain('invoices');
    expect(k).not.toContain('ledger');
    expect(k).not.toContain('spend');
    expect(k).not.toContain('users');
    expect(pages(await nav(admin))).toEqual(
      expect.arrayContaining([
        'categories',
        'dishes',
        'locations',
        'providers',
        'company-sign-in',
        'invoices',
        'spend',
        'ledger',
        'users',
        'menu',
        'orders',
      ]),
    );

    const lv = await nav(customer, 'lv');
    expect(lv.groups[0].pages[0]).toEqual({ page: 'order', title: 'Jauns pasūtījums' });
    const ru = await nav(customer, 'ru');
    expect(ru.groups[0].pages[0].title).toBe('Новый заказ');
  });

  it('needs a token', async () => {
    expect((await ctx.anon.get('/app/navigation')).statusCode).toBe(401);
  });
});

describe('content blocks and reference data', () => {
  it('serves blocks per language, falling back to Latvian', async () => {
    expect((await ctx.anon.get('/app/block/privacy?lang=en')).json()).toEqual({ text: '<p>Privacy</p>' });
    expect((await ctx.anon.get('/app/block/privacy?lang=ru')).json()).toEqual({ text: '<p>Privātums</p>' });
    expect((await ctx.anon.get('/app/block/header-info')).json()).toEqual({ text: '<p>Pasūtiet līdz 10:30</p>' });
    expect((await ctx.anon.get('/app/block/terms-and-conditions')).json()).toEqual({ text: '' });
    expect((await ctx.anon.get('/app/block/secrets')).statusCode).toBe(404);
  });

  it('lists the 14 allergens of Regulation 1169/2011 (there from the first migration on) in its order, titled in the language', async () => {
    const titles = async (lang: string) =>
      (await ctx.anon.get(`/app/allergens?lang=${lang}`)).json().map((a: { title: string }) => a.title);
    const en = await titles('en');
    expect(en).toHaveLength(14);
    expect(en.slice(0, 3)).toEqual(['Cereals containing gluten', 'Crustaceans', 'Eggs']);
    expect(en.at(-1)).toBe('Molluscs');
    expect((await titles('lv')).slice(0, 2)).toEqual(['Graudaugi, kas satur lipekli', 'Vēžveidīgie']);
    expect((await titles('ru'))[6]).toBe('Молоко');
  });

  it("lists the languages, and says when payments are the sandbox's (the web shows a test-payments banner)", async () => {
    expect((await ctx.anon.get('/app/translations?lang=ru')).json()).toEqual({
      lang: 'ru',
      languages: [{ code: 'lv' }, { code: 'en' }, { code: 'ru' }],
      test_payments: true,
      // No PUBLIC_URL in the tests: links point to localhost, and the print-outs say so.
      local_links: true,
    });
  });

  it('does not announce test payments without the sandbox gateway', async () => {
    const cashOnly = await createTestApp({ PAYMENT_GATEWAY: 'none', PUBLIC_URL: 'https://lunch.example' });
    try {
      expect((await cashOnly.anon.get('/app/translations')).json()).toMatchObject({ test_payments: false, local_links: false });
    } finally {
      await cashOnly.close();
    }
  });
});

describe('profile', () => {
  it('saves edited fields and keeps the e-mail read-only', async () => {
    const me = ctx.as(await signedIn(ctx.db, { firstName: 'Old' }));
    const { user } = me;
    const res = await me.post('/app/me', { first_name: 'New', phone: '+371 2222', notify_on_delivery: true, email: 'hacker@x.lv' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'New', phone: '+371 2222', notify_on_delivery: true, email: user.email });
    const empty = await me.post('/app/me?lang=en', { first_name: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.first_name).toEqual(['This field is required.']);
  });

  it('changes the password with the old one and reports per-field errors', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    const wrong = await me.post('/app/me/password/change?lang=en', {
      old_password: 'nope',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.old_password).toEqual(['The current password is not correct.']);
    const short = await me.post('/app/me/password/change?lang=en', {
      old_password: 'test-password',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().errors.password).toEqual(['Enter at least 8 characters.']);
    const ok = await me.post('/app/me/password/change?lang=en', {
      old_password: 'test-password',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(ok.json()).toEqual({ message: 'Password successfully changed' });
    expect((await me.get('/app/me')).statusCode).toBe(200);
  });
});
