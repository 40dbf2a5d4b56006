import type { JobDefinition } from '../lib/jobs.js';
import { expireUnpaidOrders } from './payments/payments.service.js';

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
];
