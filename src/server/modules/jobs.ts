import type { JobDefinition } from '../lib/jobs.js';
import { gatewayOf } from '../lib/payments/sandbox.js';
import { expireUnpaidOrders } from './payments/payments.service.js';
import { sendDueReminders } from './reminders/reminders.service.js';
import { retryRefunds } from './payments/refunds.service.js';
import { rollUpLedger } from './ledger/ledger-days.service.js';
import { placeStandingOrders } from './standing/standing-sweep.service.js';
import { rollUpForecastCounts } from './forecast/forecast.service.js';
import { pruneDriverTaps } from './laps/laps.service.js';
import { sendTodaysDeliveryNotices } from './delivery/delivery.service.js';
import { dispatchAnnouncements } from './announcements/announcements.service.js';
import { keepClosedMenuSums } from './dashboard/dashboard.service.js';

/** Every area's scheduled jobs. Add entries here. */
export const jobs: JobDefinition[] = [
  {
    name: 'mail-retry',
    cron: '*/5 * * * *',
    handler: (deps) => deps.mailer.flush(),
  },
  {
    // Unpaid card/bank orders give their stock back after PAYMENT_TIMEOUT_MINUTES.
    name: 'payment-expiry',
    cron: '* * * * *',
    handler: async (deps) => {
      await expireUnpaidOrders(deps);
    },
  },
  {
    // "Remind to make order": due reminders, once per user, menu and channel (decision 033).
    name: 'reminders',
    cron: '* * * * *',
    handler: async (deps) => {
      await sendDueReminders(deps);
    },
  },
  {
    // Standing orders: each user's day placed (or prepared, or refused) once when its menu is open (decision 061).
    name: 'standing-orders',
    cron: '* * * * *',
    handler: async (deps) => {
      await placeStandingOrders(deps);
    },
  },
  {
    // Delivery notices (on the way, delivered, a delay) of today's menus that a change's own call missed, once each (decision 068).
    name: 'delivery-notices',
    cron: '* * * * *',
    handler: async (deps) => {
      await sendTodaysDeliveryNotices({ db: deps.database.db, mailer: deps.mailer, env: deps.env, push: deps }, deps.now());
    },
  },
  {
    // Announcements due (staff's scheduled ones, delivery problems, withdrawn dishes): each person once per channel (decision 081).
    name: 'announcements',
    cron: '* * * * *',
    handler: async (deps) => {
      await dispatchAnnouncements(deps);
    },
  },
  {
    // Refunds of cancelled paid orders that the gateway refused (or left pending) are sent again until refunded (decision 031).
    name: 'refund-retry',
    cron: '* * * * *',
    handler: async (deps) => {
      await retryRefunds({ db: deps.database.db, gateway: gatewayOf(deps), now: deps.now, changes: deps.changes });
    },
  },
  {
    // The ledger page's totals read day sums (decision 054): last night's entries are added to them at night.
    name: 'ledger-days',
    cron: '20 3 * * *',
    handler: async (deps) => {
      await rollUpLedger(deps.database.db);
    },
  },
  {
    // The balance editor's forecast reads each past menu's counts (decision 062): counted at night once its deadline has passed.
    name: 'forecast-counts',
    cron: '40 3 * * *',
    handler: async (deps) => {
      await rollUpForecastCounts(deps.database.db, deps.now());
    },
  },
  {
    // The dashboard reads closed menus' kept sums (decision 087): kept here, ahead of the first request that asks.
    name: 'dashboard-sums',
    cron: '25 * * * *',
    handler: async (deps) => {
      await keepClosedMenuSums(deps.database.db);
    },
  },
  {
    // Driver taps are kept a week to answer a phone's resent tap once (decision 069), then forgotten.
    name: 'driver-taps-cleanup',
    cron: '50 3 * * *',
    handler: async (deps) => {
      await pruneDriverTaps(deps.database.db, deps.now());
    },
  },
];
