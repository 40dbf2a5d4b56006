import { randomBytes } from 'node:crypto';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import type { Db, Tx } from '../client.js';
import { budgetRules, contentBlocks, lapLocations, laps, locations, providers, shifts, users } from '../schema/index.js';
import { seedCatalogue, seedMenus } from './demo-catalogue-seed.js';
import { DEMO_CONTENT_BLOCKS } from './demo-content.js';
import { seedDemoRatings } from './demo-ratings.js';
import type { Role } from '../../../shared/roles.js';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'demo-password';

/** Demo sign-ins, for the README and the start banner. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.lv', role: 'admin', note: 'Administrator: catalogue, locations, providers, menus, orders' },
  { email: 'kitchen@demo.lv', role: 'kitchen', note: 'Kitchen: catalogue, menus, incoming orders, kitchen display, laps' },
  { email: 'manager@demo.lv', role: 'customer', note: 'Location manager of "Birojs Centrs" (subsidy 3.50 €): team, invitations' },
  { email: 'anna@demo.lv', role: 'customer', note: 'Customer at "Birojs Centrs" (subsidy 3.50 €)' },
  { email: 'janis@demo.lv', role: 'customer', note: 'Customer at "Noliktava Pļavnieki" (two shifts, no subsidy)' },
] as const satisfies readonly { email: string; role: Role; note: string }[];

const ZONE = DEFAULT_TIMEZONE;
/** Serialises concurrent seeding (several instances starting on one empty database). */
const SEED_LOCK = 727002;

const inviteToken = () => randomBytes(24).toString('base64url');

/** True when the database holds no users and no providers, i.e. demo data may be seeded. */
export async function isDatabaseEmpty(db: Db | Tx): Promise<boolean> {
  const res = await db.execute<{ has_users: boolean; has_providers: boolean }>(
    sql`select exists (select 1 from ${users}) as has_users, exists (select 1 from ${providers}) as has_providers`,
  );
  const row = res.rows[0];
  return !row?.has_users && !row?.has_providers;
}

/**
 * Seeds the demo provider, locations, catalogue, today's and tomorrow's menus, users and content
 * in one transaction. "Today" is the calendar day of `now` in Riga. Does nothing when the database
 * already has users or providers (checked again under a lock, so concurrent starts seed once).
 */
export async function seedDemo(db: Db, now: Date = new Date(), opts: { minOpenMinutes?: number } = {}): Promise<void> {
  // argon2 is slow: hash once, outside the transaction, and share the hash.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isDatabaseEmpty(tx))) return;

    // Providers
    const [main] = await tx
      .insert(providers)
      .values([
        {
          title: 'Pusdienu Virtuve',
          phone: '+371 67 123 456',
          email: 'info@pusdienuvirtuve.lv',
          status: true,
          timezone: ZONE,
          // Seller details of its invoices (issue 16); demo numbers, the IBAN passes its check digits.
          legalName: 'SIA Pusdienu Virtuve',
          registrationNumber: '40003999001',
          vatNumber: 'LV40003999001',
          address: 'Maskavas iela 10',
          city: 'Rīga',
          postalCode: 'LV-1050',
          iban: 'LV80BANK0000435195001',
          vatRateBp: 2100,
          cardEnabled: true,
          cardCommissionCents: 25,
          bankCommissionCents: 15,
        },
        {
          title: 'Zaļā Bļoda',
          phone: '+371 67 654 321',
          email: 'pasutijumi@zalabloda.lv',
          status: false,
          timezone: ZONE,
          cardEnabled: false,
        },
      ])
      .returning({ id: providers.id });

    // Locations
    const [centrs, tehnoparks, noliktava, , imanta] = await tx
      .insert(locations)
      .values([
        {
          title: 'Birojs Centrs',
          address: 'Brīvības iela 40',
          city: 'Rīga',
          postalCode: 'LV-1050',
          contactName: 'Ilze Ozola',
          contactEmail: 'ilze.ozola@demo.lv',
          contactPhone: '+371 29 123 456',
          subsidyCents: 350,
          companyName: 'SIA Centra Birojs',
          registrationNumber: '40103999002',
          vatNumber: 'LV40103999002',
          // Its manager may order lunch for a meeting or a visitor up to 60.00 each (issue 29).
          meetingLimitCents: 6000,
          token: inviteToken(),
        },
        {
          title: 'Tehnoparks',
          address: 'Lielvārdes iela 68',
          city: 'Rīga',
          postalCode: 'LV-1006',
          contactName: 'Pēteris Kalniņš',
          contactEmail: 'peteris.kalnins@demo.lv',
          contactPhone: '+371 26 234 567',
          fullSubsidy: true,
          token: inviteToken(),
        },
        {
          title: 'Noliktava Pļavnieki',
          address: 'Granīta iela 13',
          city: 'Rīga',
          postalCode: 'LV-1057',
          contactName: 'Raimonds Liepiņš',
          contactEmail: 'raimonds.liepins@demo.lv',
          contactPhone: '+371 28 345 678',
          token: inviteToken(),
        },
        {
          // A location that signed up and waits for staff to confirm it.
          title: 'Birojs Teika',
          address: 'Brīvības gatve 214',
          city: 'Rīga',
          postalCode: 'LV-1039',
          contactName: 'Santa Bērziņa',
          contactEmail: 'santa.berzina@demo.lv',
          contactPhone: '+371 27 456 789',
          unconfirmed: true,
          token: inviteToken(),
        },
        {
          // The employer covers lunch from a budget here (issue 29): 5.00 a month, blocking, no subsidy.
          title: 'Birojs Imanta',
          address: 'Kurzemes prospekts 3',
          city: 'Rīga',
          postalCode: 'LV-1067',
          contactName: 'Dace Kļaviņa',
          contactEmail: 'dace.klavina@demo.lv',
          contactPhone: '+371 29 567 890',
          companyName: 'SIA Imantas Birojs',
          registrationNumber: '40103999003',
          token: inviteToken(),
        },
      ])
      .returning({ id: locations.id });
    await tx.insert(budgetRules).values({ locationId: imanta!.id, period: 'month', amountCents: 500, blocking: true });

    await tx.insert(shifts).values([
      { locationId: noliktava!.id, title: '1. maiņa 11:30', position: 0 },
      { locationId: noliktava!.id, title: '2. maiņa 13:00', position: 1 },
    ]);

    const catalogue = await seedCatalogue(tx, main!.id);
    await seedMenus(tx, main!.id, catalogue, now, opts);

    // Delivery lap
    const [lap] = await tx
      .insert(laps)
      .values({ providerId: main!.id, title: 'Centrs — rīta maršruts', position: 1, active: true })
      .returning({ id: laps.id });
    await tx.insert(lapLocations).values([
      { lapId: lap!.id, locationId: centrs!.id, position: 1 },
      { lapId: lap!.id, locationId: tehnoparks!.id, position: 2 },
    ]);

    // Users
    const user = (v: Omit<typeof users.$inferInsert, 'passwordHash'>) => ({ passwordHash, ...v });
    await tx.insert(users).values([
      user({ email: 'admin@demo.lv', role: 'admin', firstName: 'Administrators', phone: '+371 67 123 450' }),
      user({ email: 'kitchen@demo.lv', role: 'kitchen', firstName: 'Virtuve', phone: '+371 67 123 451' }),
      user({
        email: 'manager@demo.lv',
        role: 'customer',
        firstName: 'Marta',
        phone: '+371 26 111 222',
        locationId: centrs!.id,
        isLocationManager: true,
        remindToMakeOrder: true,
        notifyOnDelivery: true,
      }),
      user({
        email: 'anna@demo.lv',
        role: 'customer',
        firstName: 'Anna',
        phone: '+371 29 555 010',
        locationId: centrs!.id,
        remindToMakeOrder: true,
        notifyOnDelivery: false,
      }),
      user({
        email: 'janis@demo.lv',
        role: 'customer',
        firstName: 'Jānis',
        phone: '+371 28 444 321',
        locationId: noliktava!.id,
        remindToMakeOrder: false,
        notifyOnDelivery: true,
      }),
      // Extra customers so team lists and reports look lived in.
      user({
        email: 'kristaps@demo.lv',
        role: 'customer',
        firstName: 'Kristaps',
        phone: '+371 26 700 101',
        locationId: centrs!.id,
        notifyOnDelivery: true,
      }),
      user({ email: 'liga@demo.lv', role: 'customer', firstName: 'Līga', phone: '+371 29 700 202', locationId: centrs!.id, active: false }),
      user({
        email: 'laura@demo.lv',
        role: 'customer',
        firstName: 'Laura',
        phone: '+371 22 700 303',
        locationId: tehnoparks!.id,
        remindToMakeOrder: true,
      }),
      user({
        email: 'edgars@demo.lv',
        role: 'customer',
        firstName: 'Edgars',
        phone: '+371 25 700 404',
        locationId: tehnoparks!.id,
        notifyOnDelivery: true,
      }),
      user({
        email: 'olga@demo.lv',
        role: 'customer',
        firstName: 'Olga',
        phone: '+371 27 700 505',
        locationId: noliktava!.id,
        remindToMakeOrder: true,
        notifyOnDelivery: true,
        bonusCents: 200,
      }),
    ]);

    await seedDemoRatings(tx, main!.id, catalogue, now);

    // Content blocks
    await tx
      .insert(contentBlocks)
      .values(
        Object.entries(DEMO_CONTENT_BLOCKS).flatMap(([key, texts]) => Object.entries(texts).map(([lang, body]) => ({ key, lang, body }))),
      );
  });
}
