import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { REPORT_LINK_SECONDS, reportPeriod, type ReportLinkResult, type ReportPeriod } from '../../../shared/schemas/teams.js';
import type { Db } from '../../db/client.js';
import { settings, users } from '../../db/schema/index.js';
import type { AuthUser, RequestContext, UserContext } from '../../lib/context.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { getSetting } from '../../lib/settings.js';
import { hit } from '../../lib/rate-limit.js';
import type { Translated } from '../../db/schema/common.js';
import { managedLocation, type ManagedLocation } from './teams.service.js';
import { teamsText } from './teams.messages.js';
import { csvCell, csvDocument, csvMoney, xlsxEuros, xlsxWallTime, xlsxWorkbook, type XlsxKind } from '../../lib/spreadsheet.js';
import { zoneClock, type WallTime } from '../../lib/dates.js';

/*
 * Team report download (decision 012). The browser opens
 * /app/order/export/location/{id}?bearer=<download token>; the token is not the session token
 * (which must never sit in an address) but a signed, 7-second, single-use grant for exactly one
 * manager, location and period. Used once: its nonce is counted in the shared rate-limit table,
 * so a second use is refused on every app instance.
 */

const SECRET_KEY = 'team_report_secret';
/** Single-use markers outlive any token, so an expired token cannot be replayed either. */
const USED_MARKER_MS = 10 * 60_000;

async function reportSecret(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const value = await getSetting<string>(db, SECRET_KEY);
  if (typeof value !== 'string' || value.length < 16) throw new Error(`${SECRET_KEY} setting is missing or too short`);
  return value;
}

interface Grant {
  /** user */
  u: number;
  /** location */
  l: number;
  f: string;
  t: string;
  /** expires, epoch ms */
  e: number;
  /** nonce */
  n: string;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`team-report.${payload}`).digest('base64url');

/** POST /app/me/team/report-link: a one-time address for the caller's location and period. */
/** Report downloads (links made, or header-signed downloads) per manager per hour: each can read a year of orders. */
export const REPORT_LIMITS = { perManager: 30, windowMs: 60 * 60_000 } as const;

async function countReport(db: Db, user: AuthUser): Promise<void> {
  const used = await hit(db, `team-report:manager:${user.id}`, REPORT_LIMITS.windowMs);
  if (used.count > REPORT_LIMITS.perManager) {
    const seconds = Math.max(1, Math.ceil((used.resetAt.getTime() - Date.now()) / 1000));
    throw new AppError(429, t.coded('tooManyRequests'), {}, { 'retry-after': String(seconds) });
  }
}

export async function createReportLink(
  ctx: Pick<UserContext, 'db' | 'user' | 'now' | 'lang'>,
  period: ReportPeriod,
): Promise<ReportLinkResult> {
  const { db, user, now, lang } = ctx;
  const location = await managedLocation(db, user);
  await countReport(db, user);
  const grant: Grant = {
    u: user.id,
    l: location.id,
    f: period.from,
    t: period.to,
    e: now.getTime() + REPORT_LINK_SECONDS * 1000,
    n: randomBytes(16).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  const token = `${payload}.${sign(await reportSecret(db), payload)}`;
  return { url: `/app/order/export/location/${location.id}?bearer=${token}&lang=${lang}`, expires_in: REPORT_LINK_SECONDS };
}

/**
 * The period of a header-signed download from its query, checked like a link's body (real days
 * yyyy-mm-dd, from <= to, at most MAX_REPORT_DAYS): anything else is 422 per field, never a
 * database error.
 */
function queryPeriod(q: { from?: string; to?: string }): ReportPeriod {
  const errors: CodedFieldErrors = {};
  if (!q.from) errors.from = [t.coded('required')];
  if (!q.to) errors.to = [t.coded('required')];
  if (Object.keys(errors).length === 0) {
    const parsed = reportPeriod.safeParse({ from: q.from, to: q.to });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'to')] = [t.coded('invalidValue')];
  }
  throw fieldError(t.coded('invalid'), errors);
}

/**
 * Whom a download serves: a download token (one use, not expired, signed by us, for this
 * location), or else a signed-in manager of the location (Authorization header) with the period
 * in the query. Answers the manager and the period.
 */
export async function authorizeExport(
  ctx: Pick<RequestContext, 'db' | 'user' | 'now'>,
  { locationId, query: q }: { locationId: number; query: { bearer?: string; from?: string; to?: string } },
): Promise<{ user: AuthUser; location: ManagedLocation; period: ReportPeriod }> {
  const { db, now, user: sessionUser } = ctx;
  if (q.bearer) {
    const grant = await readGrant(db, q.bearer, now);
    if (!grant) throw new AppError(401, teamsText.coded('linkInvalid'));
    // The grant names the manager; their current state decides (deactivated or moved: refused).
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        firstName: users.firstName,
        locationId: users.locationId,
        isLocationManager: users.isLocationManager,
        active: users.active,
      })
      .from(users)
      .where(eq(users.id, grant.u));
    if (!row?.active) throw new AppError(401, teamsText.coded('linkInvalid'));
    const user: AuthUser = {
      id: row.id,
      email: row.email,
      role: row.role,
      firstName: row.firstName,
      locationId: row.locationId,
      isLocationManager: row.isLocationManager,
      sessionId: 0,
    };
    const location = await managedLocation(db, user);
    if (location.id !== locationId || grant.l !== locationId) throw new AppError(404, t.coded('notFound'));
    return { user, location, period: { from: grant.f, to: grant.t } };
  }
  if (!sessionUser) throw new AppError(401, t.coded('unauthenticated'));
  const location = await managedLocation(db, sessionUser);
  if (location.id !== locationId) throw new AppError(404, t.coded('notFound'));
  const period = queryPeriod(q);
  await countReport(db, sessionUser);
  return { user: sessionUser, location, period };
}

async function readGrant(db: Db, token: string, now: Date): Promise<Grant | null> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(await reportSecret(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let grant: Grant;
  try {
    grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Grant;
  } catch {
    return null;
  }
  if (typeof grant.e !== 'number' || grant.e <= now.getTime() || typeof grant.n !== 'string') return null;
  const use = await hit(db, `team-report:used:${grant.n}`, USED_MARKER_MS);
  return use.count === 1 ? grant : null;
}

/** One order of the report. */
type ReportRow = {
  id: number;
  menu_title: string;
  menu_from: Date;
  timezone: string;
  created_at: Date;
  first_name: string;
  email: string;
  shift: string | null;
  /** The order's cost centre's code (decision 075). */
  cost_centre: string | null;
  payment_type: string;
  amount_cents: number;
  subsidy_cents: number;
  /** The employer's budget part (issue 29, decision 073). */
  budget_cents: number;
  bonus_cents: number;
  amount_to_pay_cents: number;
};

/** Spreadsheet conventions of each language: lv and ru Excel read `;` and decimal commas. */
/** The report's rows: header texts, then per order its cells with amounts in cents. */
async function teamReportRows(
  db: Db,
  locationId: number,
  period: ReportPeriod,
  lang: Lang,
): Promise<{ header: string[]; rows: { day: WallTime; orderedAt: WallTime; id: number; text: string[]; cents: number[] }[] }> {
  // The location's placed orders on menus whose day is in the period: read once for the report's
  // rows and once, as a set, for their lines (no list of ids: a year of a big office is more
  // orders than PostgreSQL takes bind parameters, and one look-up per id cost seconds).
  const placedFrom = sql`orders o join menus m on m.id = o.menu_id join providers p on p.id = m.provider_id`;
  const placedWhere = sql`o.location_id = ${locationId} and o.status = 2
    and (m."from" at time zone p.timezone)::date between ${period.from}::date and ${period.to}::date`;
  const res = await db.execute<ReportRow>(sql`
    select o.id, m.title as menu_title, m."from" as menu_from, p.timezone, o.created_at, u.first_name, u.email,
      s.title as shift, cc.code as cost_centre, o.payment_type, o.amount_cents, o.subsidy_cents, o.budget_cents, o.bonus_cents,
      o.amount_to_pay_cents
    from ${placedFrom}
    join users u on u.id = o.user_id
    left join shifts s on s.id = o.shift_id
    left join cost_centres cc on cc.id = o.cost_centre_id
    where ${placedWhere}
    order by m."from", m.id, o.created_at, o.id`);
  const orders = res.rows;
  // The lines with their options in one pass (a look-up of options per line cost a year's report seconds).
  const items = orders.length
    ? (
        await db.execute<{ order_id: number; id: number; title: Translated; qty: number; option: Translated | null }>(sql`
          select i.order_id, i.id, i.title, i.qty, x.title as option
          from order_items i left join order_item_options x on x.order_item_id = i.id
          where i.order_id in (select o.id from ${placedFrom} where ${placedWhere})
          order by i.order_id, i.position, i.id, x.id`)
      ).rows
    : [];
  const linesOf = new Map<number, string[]>();
  for (let k = 0; k < items.length;) {
    const i = items[k]!;
    const options: string[] = [];
    for (; k < items.length && items[k]!.id === i.id; k++) {
      const option = items[k]!.option;
      const text = option ? pickText(option, lang) : '';
      if (text) options.push(text);
    }
    const line = `${i.qty} × ${pickText(i.title, lang)}${options.length ? ` (${options.join(', ')})` : ''}`;
    const list = linesOf.get(Number(i.order_id)) ?? [];
    list.push(line);
    linesOf.set(Number(i.order_id), list);
  }

  const tx = (k: Parameters<typeof teamsText>[1]) => teamsText(lang, k);
  const header = (
    [
      'csv.day',
      'csv.menu',
      'csv.order',
      'csv.orderedAt',
      'csv.name',
      'csv.email',
      'csv.items',
      'csv.shift',
      'csv.costCentre',
      'csv.payment',
      'csv.amount',
      'csv.subsidy',
      'csv.budget',
      'csv.bonus',
      'csv.toPay',
    ] as const
  ).map((k) => tx(k));
  // One clock per zone (the providers'), one day per menu: a year of orders writes its times
  // without Luxon's look-up of the zone per instant (dates.ts zoneClock).
  const clocks = new Map<string, ReturnType<typeof zoneClock>>();
  const clockOf = (zone: string) => clocks.get(zone) ?? clocks.set(zone, zoneClock(zone)).get(zone)!;
  const days = new Map<number, { fields: WallTime; text: string }>();
  const rows = orders.map((o) => {
    const clock = clockOf(o.timezone);
    const menuFrom = new Date(o.menu_from);
    const key = menuFrom.getTime();
    const day =
      days.get(key) ?? days.set(key, { fields: { ...clock.fields(menuFrom), hour: 0, minute: 0 }, text: clock.day(menuFrom) }).get(key)!;
    const orderedAt = new Date(o.created_at);
    const payment = (['cash', 'card', 'bank', 'subsidy', 'bonus', 'budget', 'company'] as const).find((p) => p === o.payment_type);
    return {
      /** Typed for the XLSX: the menu's day and the order time (wall time in the provider's zone), the order number. */
      day: day.fields,
      orderedAt: clock.fields(orderedAt),
      id: Number(o.id),
      text: [
        day.text,
        o.menu_title,
        String(o.id),
        clock.dayTime(orderedAt),
        o.first_name,
        o.email,
        (linesOf.get(Number(o.id)) ?? []).join('; '),
        o.shift ?? '',
        o.cost_centre ?? '',
        payment ? tx(`pay.${payment}`) : o.payment_type,
      ],
      cents: [
        Number(o.amount_cents),
        Number(o.subsidy_cents),
        Number(o.budget_cents),
        Number(o.bonus_cents),
        Number(o.amount_to_pay_cents),
      ],
    };
  });
  return { header, rows };
}

/**
 * The team report: one line per placed order of the location on menus whose day (the menu's
 * `from` in its provider's zone) lies in the period, oldest first. A CSV for Latvian
 * spreadsheets in every language (lib/spreadsheet.ts).
 */
export async function teamReportCsv(db: Db, locationId: number, period: ReportPeriod, lang: Lang): Promise<string> {
  const { header, rows } = await teamReportRows(db, locationId, period, lang);
  return csvDocument([header.map(csvCell), ...rows.map((r) => [...r.text.map(csvCell), ...r.cents.map(csvMoney)])]);
}

/** The column kinds of the report in XLSX: day, menu, order number, ordered at, six texts, five amounts. */
const REPORT_KINDS: XlsxKind[] = [
  'date',
  'text',
  'integer',
  'datetime',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'euros',
  'euros',
  'euros',
  'euros',
  'euros',
];

/** The same report as an XLSX workbook: days and times as date cells, the order number and amounts as numbers. */
export async function teamReportXlsx(db: Db, locationId: number, period: ReportPeriod, lang: Lang): Promise<Buffer> {
  const { header, rows } = await teamReportRows(db, locationId, period, lang);
  const sheet = teamsText(lang, 'csv.sheet');
  return xlsxWorkbook(
    sheet,
    header.map((h, i) => ({ header: h, kind: REPORT_KINDS[i] ?? 'text' })),
    rows.map((r) => [xlsxWallTime(r.day), r.text[1]!, r.id, xlsxWallTime(r.orderedAt), ...r.text.slice(4), ...r.cents.map(xlsxEuros)]),
  );
}

/** File name of a report: team-report-{location}-{from}-{to}.csv or .xlsx (ASCII only). */
export function reportFileName(locationTitle: string, period: ReportPeriod, ext: 'csv' | 'xlsx' = 'csv'): string {
  const slug =
    locationTitle
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'location';
  return `team-report-${slug}-${period.from}-${period.to}.${ext}`;
}
