/**
 * Reaching the eaters of a withdrawn dish (decision 083): one system announcement, inserted in the
 * withdrawal's transaction, kind 'dish-withdrawn', to exactly the eaters of the dish on that menu,
 * on every channel, scheduled now, made by the announcements service (createSystemAnnouncement);
 * its dispatcher delivers it (once per person and channel; the route kicks it after the commit).
 */
import type { Tx } from '../../db/client.js';
import { createSystemAnnouncement } from '../announcements/announcements.service.js';
import { LANGS, pickText } from '../../../shared/i18n.js';
import { zoneClock } from '../../lib/dates.js';
import { withdrawalsText } from './withdrawals.messages.js';

export interface WithdrawalNews {
  providerId: number;
  menuId: number;
  menuTitle: string;
  dishId: number;
  dish: Partial<Record<string, string>>;
  /** The substitute offered, or null: refunded. */
  substitute: Partial<Record<string, string>> | null;
  withdrawalId: number;
  createdById: number;
  /** The eaters and their orders, by user id. */
  orders: Map<number, number>;
  /** Until when an eater may take the refund instead of the substitute. */
  chooseUntil: Date;
  timezone: string;
  /** The site's address (PUBLIC_URL): the link opens the eater's orders of the menu. */
  linkBase: string;
  now: Date;
}

/** Inserts the announcement; answers its id (null: nobody had ordered the dish). */
export async function announceWithdrawal(tx: Tx, n: WithdrawalNews): Promise<number | null> {
  const ids = [...n.orders.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return null;
  const until = zoneClock(n.timezone).dayTime(n.chooseUntil);
  const link = `${n.linkBase}/history/${n.menuId}`;
  const title: Record<string, string> = {};
  const body: Record<string, string> = {};
  for (const lang of LANGS) {
    const params = { dish: pickText(n.dish, lang), menu: n.menuTitle, substitute: pickText(n.substitute, lang), until, link };
    title[lang] = withdrawalsText(lang, 'title', params);
    body[lang] = withdrawalsText(lang, n.substitute ? 'bodySubstitute' : 'bodyRefund', params);
  }
  return createSystemAnnouncement(tx, {
    kind: 'dish-withdrawn',
    providerId: n.providerId,
    title,
    body,
    userIds: ids,
    channels: ['banner', 'email', 'push'],
    bannerUntil: new Date(Math.max(n.chooseUntil.getTime(), n.now.getTime()) + 24 * 3600_000),
    // Each eater's order, so a delivery can link to it.
    subject: { withdrawal_id: n.withdrawalId, menu_id: n.menuId, dish_id: n.dishId, orders: Object.fromEntries(n.orders) },
    now: n.now,
  });
}
