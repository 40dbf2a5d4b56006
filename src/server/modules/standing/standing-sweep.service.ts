/*
 * The standing-order sweep (issue 27, decision 061): a job every minute, like the reminders
 * (decision 033). For each open menu whose day (its `from` in the provider's zone) is one of a
 * standing order's weekdays, not after its end, not a skip date, not a day its user is away, and
 * not yet run for that user and day: the order is placed through the order path, or prepared
 * for card and bank, or refused; the user is told by e-mail and push in their language.
 */
import { sql } from 'drizzle-orm';
import { isLang, pickText, type Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { Tx } from '../../db/client.js';
import { standingOrderRuns } from '../../db/schema/index.js';
import type { JobDeps as Deps } from '../../lib/jobs.js';
import { formatDay, formatDeadlineAt } from '../../lib/dates.js';
import { menuOrderLink } from '../../lib/links.js';
import { gatewayOf } from '../../lib/payments/sandbox.js';
import { placeStandingOrder, type StandingOutcome } from '../ordering/standing-place.service.js';
import { pushSender, pushToUser } from '../reminders/notify.service.js';
import { PAYMENT_NAMES, standingText } from './standing.messages.js';

/** One standing order's candidate day on one open menu, as the sweep's query reads it. */
type Candidate = {
  id: number;
  user_id: number;
  provider_id: number;
  dish_id: number;
  complex: { group_id: number; dish_id: number }[];
  qty: number;
  payment_type: 'cash' | 'card' | 'bank';
  bank_code: string | null;
  shift_id: number | null;
  menu_id: number;
  menu_title: string;
  menu_to: Date;
  timezone: string;
  day: string;
  on_menu: boolean;
  already: boolean;
  email: string;
  first_name: string;
  lang: string;
  dish_title: Record<string, string>;
};

/** At most this many user-days per run: the next minute's run takes the rest. */
const BATCH = 500;

/**
 * Candidates, each user's day once: on the menu of the day that has the dish when there is one.
 * Active users and providers only: a deactivated user's standing orders stop.
 */
async function candidates(deps: Deps, now: Date): Promise<Candidate[]> {
  const day = sql`(m."from" at time zone p.timezone)::date`;
  const res = await deps.database.db.execute<Candidate>(sql`
    select distinct on (so.user_id, ${day})
      so.id, so.user_id, so.provider_id, so.dish_id, so.complex, so.qty, so.payment_type, so.bank_code, so.shift_id,
      m.id as menu_id, m.title as menu_title, m."to" as menu_to, p.timezone, (${day})::text as day,
      exists (select 1 from menu_dishes md where md.menu_id = m.id and md.dish_id = so.dish_id) as on_menu,
      -- Their own lunch only: a meeting or guest order they host is the company's (issue 29).
      exists (select 1 from orders o where o.user_id = so.user_id and o.menu_id = m.id and o.status in (1, 2) and o.kind = 'own') as already,
      u.email, u.first_name, u.lang, d.title as dish_title
    from standing_orders so
    join users u on u.id = so.user_id and u.active and u.role = 'customer'
    join providers p on p.id = so.provider_id and p.status
    join dishes d on d.id = so.dish_id
    join menus m on m.provider_id = so.provider_id and m.status and m."to" > ${now}
    where so.active
      and extract(isodow from ${day})::smallint = any(so.weekdays)
      and (so.ends_on is null or ${day} <= so.ends_on)
      and not (${day} = any(so.skip_dates))
      and not exists (select 1 from standing_order_runs r where r.user_id = so.user_id and r.day = ${day})
      and not exists (select 1 from away_days a where a.day = ${day} and (a.user_id = u.id or a.location_id = u.location_id))
    order by so.user_id, ${day}, on_menu desc, m."to", m.id, so.id
    limit ${BATCH}`);
  return res.rows.map((r) => ({ ...r, menu_to: new Date(r.menu_to) }));
}

export interface StandingRunSummary {
  placed: number;
  prepared: number;
  refused: number;
}

/** The sweep: every due user-day once, however many instances run it at the same time. */
export async function placeStandingOrders(deps: Deps): Promise<StandingRunSummary> {
  const now = deps.now();
  const summary: StandingRunSummary = { placed: 0, prepared: 0, refused: 0 };
  const due = await candidates(deps, now);
  if (due.length === 0) return summary;
  const sender = await pushSender(deps);
  for (const c of due) {
    const lang: Lang = isLang(c.lang) ? c.lang : 'lv';
    let deliver: (() => void) | null = null;
    const settle = async (tx: Tx, outcome: StandingOutcome) => {
      await tx
        .update(standingOrderRuns)
        .set({
          outcome: outcome.kind,
          reason: outcome.kind === 'refused' ? outcome.reason : null,
          orderId: outcome.kind === 'placed' ? outcome.orderId : null,
        })
        .where(sql`${standingOrderRuns.userId} = ${c.user_id} and ${standingOrderRuns.day} = ${c.day}`);
      deliver = await deps.mailer.enqueue(tx, { to: c.email, ...mail(deps, c, lang, outcome) });
    };
    const claim = async (tx: Tx) => {
      const rows = await tx
        .insert(standingOrderRuns)
        .values({ standingOrderId: c.id, userId: c.user_id, day: c.day, menuId: c.menu_id, outcome: 'refused' })
        .onConflictDoNothing({ target: [standingOrderRuns.userId, standingOrderRuns.day] })
        .returning({ id: standingOrderRuns.id });
      return rows.length > 0;
    };
    const outcome = await decide(deps, c, now, claim, settle);
    if (!outcome) continue;
    summary[outcome.kind]++;
    (deliver as (() => void) | null)?.();
    const text = params(deps, c, lang, outcome);
    const key = outcome.kind === 'placed' ? 'pushPlaced' : outcome.kind === 'prepared' ? 'pushPrepared' : 'pushRefused';
    await pushToUser(deps, sender, c.user_id, {
      title: standingText(lang, key, text),
      body: outcome.kind === 'refused' ? standingText(lang, `why_${outcome.reason}`) : text.menu,
      url: text.link,
      tag: `standing-${c.day}`,
    });
  }
  return summary;
}

/** Places the order, or records (in the same claiming transaction) why it was not placed. */
async function decide(
  deps: Deps,
  c: Candidate,
  now: Date,
  claim: (tx: Tx) => Promise<boolean>,
  settle: (tx: Tx, outcome: StandingOutcome) => Promise<void>,
): Promise<StandingOutcome | null> {
  const db = deps.database.db;
  const refuse = async (reason: 'notOnMenu' | 'alreadyOrdered'): Promise<StandingOutcome | null> =>
    db.transaction(async (tx) => {
      if (!(await claim(tx))) return null;
      const outcome: StandingOutcome = { kind: 'refused', reason };
      await settle(tx, outcome);
      return outcome;
    });
  // Never a substitute: a dish not on the day's menus is not ordered. An order the user placed themselves stands.
  if (!c.on_menu) return refuse('notOnMenu');
  if (c.already) return refuse('alreadyOrdered');
  const ctx = { db, now, lang: (isLang(c.lang) ? c.lang : 'lv') as Lang, gateway: gatewayOf(deps) };
  return placeStandingOrder(ctx, deps.changes, {
    userId: c.user_id,
    input: {
      dishlist_id: c.menu_id,
      items: [{ id: c.dish_id, qty: c.qty, ...(c.complex.length > 0 ? { complex: c.complex } : {}) }],
      payment_type: c.payment_type,
      bank: c.bank_code,
      shift_id: c.shift_id,
      terms: true,
    },
    idempotencyKey: `standing:${c.user_id}:${c.day}`,
    requestId: `standing-${c.id}-${c.day}`,
    claim,
    settle,
  });
}

function params(deps: Deps, c: Candidate, lang: Lang, outcome: StandingOutcome) {
  return {
    name: c.first_name || c.email,
    day: formatDay(`${c.day}T12:00:00`, 'UTC'),
    dish: pickText(c.dish_title, lang),
    qty: String(c.qty),
    menu: c.menu_title,
    deadline: formatDeadlineAt(c.menu_to, c.timezone),
    amount: outcome.kind === 'refused' ? '' : toEuros(outcome.amountToPayCents).toFixed(2),
    payment: PAYMENT_NAMES[lang][c.payment_type],
    link: menuOrderLink(deps.env, c.provider_id, c.menu_id),
  };
}

function mail(deps: Deps, c: Candidate, lang: Lang, outcome: StandingOutcome) {
  const p = params(deps, c, lang, outcome);
  if (outcome.kind === 'placed') return { subject: standingText(lang, 'placedSubject', p), text: standingText(lang, 'placedBody', p) };
  if (outcome.kind === 'prepared')
    return { subject: standingText(lang, 'preparedSubject', p), text: standingText(lang, 'preparedBody', p) };
  const why = standingText(lang, `why_${outcome.reason}`);
  return { subject: standingText(lang, 'refusedSubject', p), text: standingText(lang, 'refusedBody', { ...p, why }) };
}
