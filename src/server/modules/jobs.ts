import type { JobDefinition } from '../lib/jobs.js';
import { expireUnpaidOrders } from './payments/payments.service.js';
import { sendDueReminders } from './reminders/reminders.service.js';

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
];
